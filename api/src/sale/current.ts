import type { Sale, Session, Tx } from '../db/schema';
import { endHolds } from '../inventory/holds';
import { cancelOpenPayments } from '../payment/cancel-open';
import { newSaleReference } from './reference';

/**
 * A reserved (or lapsed) sale back to the basket before its lines change: the reservation covered the old basket,
 * not the new one, so its holds are given back at once and the buyer reserves again. A basket is returned as it is.
 */
export async function reopenBasket(tx: Tx, sale: Sale, now: Date): Promise<Sale> {
  if (sale.status === 'basket') return sale;
  if (sale.status === 'reserved') await endHolds(tx, sale.id, 'released', now);
  return (
    tx
      .updateTable('sales')
      // The next reservation has its own 'Need more time?' (sale/extend.ts).
      .set({
        status: 'basket',
        state: 'basket',
        hold_expires_at: null,
        hold_extended_at: null,
        reserving_error: null,
        updated_at: now,
      })
      .where('id', '=', sale.id)
      .returningAll()
      .executeTakeFirstOrThrow()
  );
}

/**
 * After any change of what the sale costs (lines, codes, refund protection, donation, Gift Aid), in the transaction
 * that made it: a new basket version (a reservation checked, or a payment priced, on the old one is refused) and the
 * sale's open payment cancelled, so a payment created for the old price can never pay for the new basket.
 */
export async function priceChanged(tx: Tx, saleId: number, now: Date): Promise<void> {
  await tx
    .updateTable('sales')
    .set((eb) => ({ basket_version: eb('basket_version', '+', 1), updated_at: now }))
    .where('id', '=', saleId)
    .execute();
  await cancelOpenPayments(tx, saleId, now);
}

/** After any change of a basket's lines or codes: priceChanged, and the code's refusal kept for the page. */
export async function basketChanged(tx: Tx, saleId: number, now: Date, codeError: string | null = null): Promise<void> {
  await tx.updateTable('sales').set({ code_error: codeError }).where('id', '=', saleId).execute();
  await priceChanged(tx, saleId, now);
}

/**
 * The sale whose basket may change now, creating one when there is none (or the last one was paid). Changing a
 * reserved basket gives its holds back (reopenBasket).
 */
export async function openBasket(tx: Tx, session: Session, sale: Sale | undefined, now: Date): Promise<Sale> {
  if (sale && sale.status !== 'paid') return reopenBasket(tx, sale, now);
  const created = await tx
    .insertInto('sales')
    .values({
      reference: newSaleReference(),
      session_id: session.id,
      user_id: session.user_id,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await tx.updateTable('sessions').set({ sale_id: created.id }).where('id', '=', session.id).execute();
  return created;
}
