import type { Clock } from '../platform/clock';
import type { Db } from '../db/schema';
import { HttpError } from '../http/errors';
import { serverMessages } from '../http/server-messages';
import type { SessionHandle } from '../session/session';
import { cancelOpenPayments } from '../payment/cancel-open';
import { reopenBasket } from './current';
import { lockCurrentSale } from '../session/current-sale';

/**
 * Edit basket (destroy_sale): the reservation is given back at once and the sale returns to the basket with its
 * lines, codes and choices as they were — the buyer came to edit, not to start again. Its open payment is cancelled
 * (it was made for the reservation). Editing an unreserved basket, or nothing, succeeds and changes nothing (a double
 * click); a paid sale cannot be edited.
 */
export async function destroySale(db: Db, clock: Clock, session: SessionHandle): Promise<{ success: boolean }> {
  const now = clock.now();
  try {
    return await db.transaction().execute(async (tx) => {
      const sessionRow = await session.lock(tx);
      const sale = await lockCurrentSale(tx, sessionRow);
      if (!sale) return { success: true };
      if (sale.status === 'paid') throw new HttpError(409, serverMessages.cannotDestroyPaid);
      await cancelOpenPayments(tx, sale.id, now);
      await reopenBasket(tx, sale, now);
      await tx
        .updateTable('sales')
        .set({ state: 'basket', edit_basket_clicked: true, updated_at: now })
        .where('id', '=', sale.id)
        .execute();
      return { success: true };
    });
  } finally {
    session.forget();
  }
}
