import type { ExtendReservationResponse } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/shell';
import type { Clock } from '../clock';
import type { Db, DbOrTx, Sale } from '../db/schema';
import { HttpError } from '../http/errors';
import { lockReservedSale, reservationProblem } from '../identity/checkout-sale';
import type { SessionHandle } from '../identity/session';
import { LIVE } from '../payment/cancel-open';
import { secondsRemaining } from './current';

/**
 * 'Need more time?': one extension of a live reservation, where every event in the basket allows one. The time
 * added is the smallest allowance of the basket's events (hold_extension_minutes, 0: none), so no organiser's
 * tickets are held longer than it agreed to.
 */

/** Whether this reservation was extended already: an extension at or after the reservation was taken is its one. */
export function extensionUsed(sale: Pick<Sale, 'reserved_at' | 'hold_extended_at'>): boolean {
  return (
    sale.hold_extended_at !== null &&
    sale.reserved_at !== null &&
    sale.hold_extended_at.getTime() >= sale.reserved_at.getTime()
  );
}

/** The minutes the basket's events allow: the smallest, 0 when one allows none or the basket holds no ticket. */
async function basketAllowance(db: DbOrTx, saleId: number): Promise<number> {
  const row = await db
    .selectFrom('sale_lines as l')
    .innerJoin('ticket_types as t', 't.id', 'l.ticket_type_id')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .select((eb) => eb.fn.min<number>('e.hold_extension_minutes').as('minutes'))
    .where('l.sale_id', '=', saleId)
    .executeTakeFirst();
  return Number(row?.minutes ?? 0) || 0;
}

/**
 * A payment was started for the reservation (a provider payment being created, open at the provider or settled):
 * its time is no longer the buyer's to stretch, since the payment settles against the hold it was started in.
 */
async function paymentStarted(db: DbOrTx, saleId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sale_provider_payments')
    .select('id')
    .where('sale_id', '=', saleId)
    .where('status', 'in', [...LIVE, 'settled'])
    .executeTakeFirst();
  return row !== undefined;
}

/** Why `sale` cannot be extended now, checked in the order the buyer can act on; null when it can. */
async function refusalOf(db: DbOrTx, sale: Sale): Promise<string | null> {
  if (extensionUsed(sale)) return messages.extensionAlreadyUsed;
  if (await paymentStarted(db, sale.id)) return messages.extensionPaymentStarted;
  if ((await basketAllowance(db, sale.id)) <= 0) return messages.extensionNotOffered;
  return null;
}

/** For the checkout the page loads: the minutes an extension would add now, or null when none is offered. */
export async function extensionOffered(db: Db, sale: Sale, now: Date): Promise<number | null> {
  if (reservationProblem(sale, now) || extensionUsed(sale)) return null;
  if (await paymentStarted(db, sale.id)) return null;
  const minutes = await basketAllowance(db, sale.id);
  return minutes > 0 ? minutes : null;
}

/**
 * extend_reservation: under the session's and the sale's locks (the lock order of inventory/holds.ts), the sale's
 * expiry and every active hold's move on together, so the sweeper (which reads both) and a reservation looking for
 * stock see the new time; refusals change nothing. A lapsed or missing reservation is the 'reserving' refusal the
 * page returns to the basket on; the sale is the session's own, and `saleReference` must name it.
 */
export async function extendReservation(
  db: Db,
  clock: Clock,
  session: SessionHandle,
  saleReference: string,
): Promise<ExtendReservationResponse> {
  const now = clock.now();
  return db.transaction().execute(async (tx) => {
    const { sale } = await lockReservedSale(tx, session, now);
    if (sale.reference !== saleReference) throw new HttpError(409, messages.extensionOtherReservation);
    const refusal = await refusalOf(tx, sale);
    if (refusal !== null) throw new HttpError(409, refusal);
    const minutes = await basketAllowance(tx, sale.id);
    // lockReservedSale refused a sale without a live hold, so its expiry is set and in the future.
    const expiresAt = new Date((sale.hold_expires_at ?? now).getTime() + minutes * 60_000);
    await tx
      .updateTable('sales')
      .set({ hold_expires_at: expiresAt, hold_extended_at: now, updated_at: now })
      .where('id', '=', sale.id)
      .execute();
    await tx
      .updateTable('holds')
      .set({ expires_at: expiresAt })
      .where('sale_id', '=', sale.id)
      .where('status', '=', 'active')
      .execute();
    return {
      seconds_remaining: secondsRemaining({ status: 'reserved', hold_expires_at: expiresAt }, now) ?? 0,
      hold_expires_at: expiresAt.toISOString(),
      minutes_added: minutes,
    };
  });
}
