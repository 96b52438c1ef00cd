import { CHECKOUT_FLOW, CHECKOUT_STATES, type CheckoutState } from '@checkout/shared';
import type { Clock } from '../platform/clock';
import type { Db, Sale } from '../db/schema';
import { HttpError } from '../http/errors';
import { serverMessages } from '../http/server-messages';
import type { SessionHandle } from '../session/session';
import { currentSale, reservationLapsed, secondsRemaining } from '../session/current-sale';
import { extensionOffered } from './extend';

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
const STATES: ReadonlySet<string> = new Set(CHECKOUT_STATES);
const ORDER = new Map(CHECKOUT_FLOW.map((state, index) => [state, index]));

/** The step a fresh load of the checkout shows: the stored one, or the basket when the reservation is gone. */
export function visibleState(sale: Pick<Sale, 'state' | 'status'>): CheckoutState {
  const stored = STATES.has(sale.state) ? (sale.state as CheckoutState) : 'basket';
  if (sale.status === 'reserved' || sale.status === 'paid') return stored;
  return BEFORE_RESERVATION.has(stored) && stored !== 'determining' ? stored : 'basket';
}

/**
 * A change sent by a tab that no longer shows where the sale is (another tab moved it on): it comes from a state the
 * sale has left and would move the sale backwards. Moves forward, and the page's own backward moves from where the
 * sale really is (a different payment method, Edit basket, an expiry), are fine.
 */
export function isStale(sale: Pick<Sale, 'state' | 'status'>, from: CheckoutState, to: CheckoutState): boolean {
  const visible = visibleState(sale);
  if (from === 'determining' || from === visible || to === visible) return false;
  if (sale.status === 'paid' && !AFTER_PAYMENT.has(to) && to !== 'awaiting_truelayer') return true;
  return (ORDER.get(to) ?? 0) < (ORDER.get(visible) ?? 0);
}

/** A step a paid sale can no longer be shown: any before delivery, except the bank's wait (where it may be paid). */
export function movesBeforePayment(state: CheckoutState): boolean {
  return state !== 'determining' && state !== 'awaiting_truelayer' && !AFTER_PAYMENT.has(state);
}

/** The error type of a change from a stale tab: the page reloads the checkout and shows where the sale is. */
export const STALE = 'stale';

/**
 * Stores the page's step (the page sends every state change) and answers the reservation's seconds left from the
 * server clock. A step the sale has not earned is refused (409): post-payment steps need a paid sale, the steps in
 * between need a live reservation. A change from a state the sale has left that would move it backwards (a stale
 * tab) is refused too (409, type 'stale').
 */
export async function updateBasketState(
  db: Db,
  clock: Clock,
  session: SessionHandle,
  state: CheckoutState,
  from?: CheckoutState,
): Promise<{ seconds_remaining: number | null; hold_extension_minutes: number | null }> {
  const now = clock.now();
  const sale = await currentSale(db, session);
  if (sale && from && isStale(sale, from, state)) throw new HttpError(409, serverMessages.staleTab, undefined, STALE);
  // The money is taken: whichever tab asks (the page's Back included), the sale stays after its payment.
  if (sale?.status === 'paid' && movesBeforePayment(state))
    throw new HttpError(409, serverMessages.paidStaysPaid, undefined, STALE);
  if (AFTER_PAYMENT.has(state) && sale?.status !== 'paid') throw new HttpError(409, serverMessages.stateNeedsPayment);
  if (!BEFORE_RESERVATION.has(state) && !AFTER_PAYMENT.has(state)) {
    const reserved = sale?.status === 'reserved' && !reservationLapsed(sale, now);
    if (!reserved && sale?.status !== 'paid') throw new HttpError(409, serverMessages.stateNeedsReservation);
  }
  if (sale && state !== 'determining' && sale.state !== state) {
    await db.updateTable('sales').set({ state, updated_at: now }).where('id', '=', sale.id).execute();
  }
  // The step after reserving learns here whether 'Need more time?' is offered (the checkout it has predates the hold).
  return {
    seconds_remaining: secondsRemaining(sale, now),
    hold_extension_minutes: sale ? await extensionOffered(db, sale, now) : null,
  };
}
