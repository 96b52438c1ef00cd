import type { ExtendReservationResponse } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/shell';
import type { Clock } from '../platform/clock';
import type { Db, DbOrTx, Sale } from '../db/schema';
import { HttpError } from '../http/errors';
import { lockReservedSale, reservationProblem } from '../identity/checkout-sale';
import type { SessionHandle } from '../session/session';
import { LIVE } from '../payment/cancel-open';
import { secondsRemaining } from '../session/current-sale';

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

/**
 * What the offer rests on, in one query: the minutes the basket's events allow (the smallest; 0 when one allows none
 * or the basket holds no ticket), and whether a payment was started for the reservation (a provider payment being
 * created, open at the provider or settled): then its time is no longer the buyer's to stretch, since the payment
 * settles against the hold it was started in.
 */
async function extensionTerms(db: DbOrTx, saleId: number): Promise<{ minutes: number; paying: boolean }> {
  const row = await db
    .selectFrom('sale_lines as l')
    .innerJoin('ticket_types as t', 't.id', 'l.ticket_type_id')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .select((eb) => [
      eb.fn.min<number>('e.hold_extension_minutes').as('minutes'),
      eb
        .exists(
          eb
            .selectFrom('sale_provider_payments as p')
            .select('p.id')
            .where('p.sale_id', '=', saleId)
            .where('p.status', 'in', [...LIVE, 'settled']),
        )
        .as('paying'),
    ])
    .where('l.sale_id', '=', saleId)
    .executeTakeFirst();
  return { minutes: Number(row?.minutes ?? 0) || 0, paying: row?.paying === true };
}

/** Why `sale` cannot be extended now, in the order the buyer can act on, or the minutes it would get. */
async function decision(db: DbOrTx, sale: Sale): Promise<{ refusal: string } | { minutes: number }> {
  if (extensionUsed(sale)) return { refusal: messages.extensionAlreadyUsed };
  return decisionOn(await extensionTerms(db, sale.id));
}

function decisionOn({
  minutes,
  paying,
}: {
  minutes: number;
  paying: boolean;
}): { refusal: string } | { minutes: number } {
  if (paying) return { refusal: messages.extensionPaymentStarted };
  if (minutes <= 0) return { refusal: messages.extensionNotOffered };
  return { minutes };
}

/** extensionOffered from terms already read (the checkout reads them with its sale, sale/checkout-read.ts). */
export function extensionOfferedOn(sale: Sale, now: Date, terms: { minutes: number; paying: boolean }): number | null {
  if (reservationProblem(sale, now) || extensionUsed(sale)) return null;
  const decided = decisionOn(terms);
  return 'minutes' in decided ? decided.minutes : null;
}

/** For the checkout the page loads and each state change: the minutes an extension would add now, or null. */
export async function extensionOffered(db: Db, sale: Sale, now: Date): Promise<number | null> {
  if (reservationProblem(sale, now)) return null;
  const decided = await decision(db, sale);
  return 'minutes' in decided ? decided.minutes : null;
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
    const decided = await decision(tx, sale);
    if ('refusal' in decided) throw new HttpError(409, decided.refusal);
    const { minutes } = decided;
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
