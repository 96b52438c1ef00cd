import type { Clock } from '../clock';
import type { Db } from '../db/schema';
import { HttpError } from '../http/errors';
import { serverMessages } from '../http/server-messages';
import type { SessionHandle } from '../identity/session';
import { endHolds } from '../inventory/holds';
import { lockCurrentSale } from './current';

/**
 * Edit basket (spec 4): the sale is destroyed and its holds given back at once; the visitor starts again from an
 * empty basket. Destroying nothing succeeds (a double click); a paid sale cannot be destroyed.
 */
export async function destroySale(db: Db, clock: Clock, session: SessionHandle): Promise<{ success: boolean }> {
  const now = clock.now();
  try {
    return await db.transaction().execute(async (tx) => {
      const sessionRow = await session.lock(tx);
      const sale = await lockCurrentSale(tx, sessionRow);
      if (!sale) return { success: true };
      if (sale.status === 'paid') throw new HttpError(409, serverMessages.cannotDestroyPaid);
      await endHolds(tx, sale.id, 'released', now);
      await tx
        .updateTable('sales')
        .set({ status: 'destroyed', state: 'basket', edit_basket_clicked: true, hold_expires_at: null, ended_at: now, updated_at: now })
        .where('id', '=', sale.id)
        .execute();
      await tx.updateTable('sessions').set({ sale_id: null }).where('id', '=', sessionRow.id).execute();
      return { success: true };
    });
  } finally {
    session.forget();
  }
}
