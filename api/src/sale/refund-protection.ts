import type { Clock } from '../platform/clock';
import type { Db } from '../db/schema';
import { HttpError } from '../http/errors';
import type { SessionHandle } from '../session/session';
import { loadSaleTotals } from '../pricing/amounts';
import { changeBasket } from './change';
import { priceChanged } from './current';
import { saleMessages } from './messages';

/**
 * The buyer's refund protection choice. Yes is refused (409) when nothing in the basket can be covered;
 * no is always accepted. It changes the price only, so a reservation is kept.
 */
export async function updateRefundProtection(
  db: Db,
  clock: Clock,
  session: SessionHandle,
  chosen: boolean,
  refundProtectionBp: number,
): Promise<{ success: boolean }> {
  return changeBasket(db, clock, session, async ({ tx, sale, now }) => {
    if (chosen) {
      const totals = await loadSaleTotals(tx, sale, refundProtectionBp, now);
      if (totals.refundProtectionCostMinor === null) throw new HttpError(409, saleMessages.refundProtectionUnavailable);
    }
    if (sale.refund_protection !== chosen) {
      await tx
        .updateTable('sales')
        .set({ refund_protection: chosen, updated_at: now })
        .where('id', '=', sale.id)
        .execute();
      await priceChanged(tx, sale.id, now);
    }
    return { success: true };
  });
}
