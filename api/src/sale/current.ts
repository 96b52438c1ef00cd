import type { Db, Sale, Session, Tx } from '../db/schema';
import type { SessionHandle } from '../session/session';
import { endHolds } from '../inventory/holds';
import { cancelOpenPayments } from '../payment/cancel-open';
import { newSaleReference } from './reference';

/** Statuses in which the sale is still the visitor's checkout (a destroyed sale is gone). */
const LIVE = ['basket', 'reserved', 'paid', 'expired'] as const;

/** The visitor's current sale, read without locks (GET requests): one query from the session token. */
export function currentSale(db: Db, session: SessionHandle): Promise<Sale | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('sales', 'sales.id', 'sessions.sale_id')
    .selectAll('sales')
    .where('sessions.token_hash', '=', session.tokenHash)
    .where('sales.status', 'in', LIVE)
    .executeTakeFirst();
}

/** The current sale locked for this transaction (after the session row: see the lock order in inventory/holds.ts). */
export async function lockCurrentSale(tx: Tx, session: Session): Promise<Sale | undefined> {
  if (!session.sale_id) return undefined;
  return tx
    .selectFrom('sales')
    .selectAll()
    .where('id', '=', session.sale_id)
    .where('status', 'in', LIVE)
    .forUpdate()
    .executeTakeFirst();
}

/** Whole seconds left on the sale's reservation at `now`, from the server clock; null when nothing is reserved. */
export function secondsRemaining(sale: Pick<Sale, 'status' | 'hold_expires_at'> | undefined, now: Date): number | null {
  if (!sale || sale.status !== 'reserved' || !sale.hold_expires_at) return null;
  return Math.max(0, Math.floor((sale.hold_expires_at.getTime() - now.getTime()) / 1000));
}

/** A reserved sale whose time is up but which the sweeper has not reached yet. */
export function reservationLapsed(sale: Pick<Sale, 'status' | 'hold_expires_at'>, now: Date): boolean {
  return sale.status === 'reserved' && !!sale.hold_expires_at && sale.hold_expires_at.getTime() <= now.getTime();
}

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
