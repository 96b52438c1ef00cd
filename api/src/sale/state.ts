import type { CheckoutState } from '@checkout/shared';
import type { Clock } from '../clock';
import type { Db } from '../db/schema';
import { HttpError } from '../http/errors';
import { serverMessages } from '../http/server-messages';
import type { SessionHandle } from '../identity/session';
import { currentSale, reservationLapsed, secondsRemaining } from './current';

/** Steps after the money is taken: only a paid sale may be in them. */
export const AFTER_PAYMENT: ReadonlySet<CheckoutState> = new Set([
  'deliver_tickets',
  'ticket_questions_after',
  'after_sale_messages',
  'waiver',
  'order_completed',
]);

/** Steps before the reservation: any sale (or none yet) may be in them. */
const BEFORE_RESERVATION: ReadonlySet<CheckoutState> = new Set(['determining', 'basket', 'captcha', 'reserve']);

/**
 * Stores the page's step (spec 4: every state change is sent) and answers the reservation's seconds left from the
 * server clock. A step the sale has not earned is refused (409): post-payment steps need a paid sale, the steps in
 * between need a live reservation.
 */
export async function updateBasketState(db: Db, clock: Clock, session: SessionHandle, state: CheckoutState): Promise<{ seconds_remaining: number | null }> {
  const now = clock.now();
  const sale = await currentSale(db, session);
  if (AFTER_PAYMENT.has(state) && sale?.status !== 'paid') throw new HttpError(409, serverMessages.stateNeedsPayment);
  if (!BEFORE_RESERVATION.has(state) && !AFTER_PAYMENT.has(state)) {
    const reserved = sale?.status === 'reserved' && !reservationLapsed(sale, now);
    if (!reserved && sale?.status !== 'paid') throw new HttpError(409, serverMessages.stateNeedsReservation);
  }
  if (sale && state !== 'determining' && sale.state !== state) {
    await db.updateTable('sales').set({ state, updated_at: now }).where('id', '=', sale.id).execute();
  }
  return { seconds_remaining: secondsRemaining(sale, now) };
}
