import { CHECKOUT_FLOW, type CheckoutState } from '@checkout/shared';

/** Why the browser's Back or Forward did not move the checkout: each has its own sentence. */
export type HistoryRefusal = 'still_reserved' | 'not_reserved' | 'paid' | 'bank_answering' | 'bank_closed';

export type HistoryMove = { kind: 'go'; to: CheckoutState } | { kind: 'stay'; reason: HistoryRefusal };

const BEFORE_RESERVATION: ReadonlySet<CheckoutState> = new Set(['determining', 'basket', 'captcha', 'reserve']);

/** Steps a paid sale may be shown again: what follows delivery (delivering again would send the tickets twice). */
const AFTER_DELIVERY: ReadonlySet<CheckoutState> = new Set([
  'ticket_questions_after',
  'waiver',
  'after_sale_messages',
  'order_completed',
]);

/** Steps only a paid sale reaches: being on one means the money is taken, whatever the checkout last said. */
const PAID_STEPS: ReadonlySet<CheckoutState> = new Set([...AFTER_DELIVERY, 'deliver_tickets']);

/** Steps before anything is reserved that the buyer may move between: the basket and the captcha it asked for. */
const UNRESERVED_STEPS: ReadonlySet<CheckoutState> = new Set(['basket', 'captcha']);

/** Reserved, unpaid steps the buyer may move between freely: from the donation to the payment step. */
const RESERVED_STEPS: ReadonlySet<CheckoutState> = new Set(
  CHECKOUT_FLOW.slice(CHECKOUT_FLOW.indexOf('donation'), CHECKOUT_FLOW.indexOf('payment') + 1),
);

/**
 * Where the browser's Back or Forward takes the checkout, from the step on screen to the step a history entry holds,
 * within what the sale's state allows. A paid sale never goes back before its payment. A reserved sale does not go
 * back to the basket by Back (that gives the tickets back, which only Edit basket does, after asking). While the bank
 * is answering, the step waits for it. Before the reservation, the basket and its captcha are open to each other (the
 * challenge holds nothing); a sale not reserved goes to no later step.
 */
export function historyMove(current: CheckoutState, target: CheckoutState, paymentComplete: boolean): HistoryMove {
  if (target === current) return { kind: 'go', to: target };
  if (paymentComplete || PAID_STEPS.has(current))
    return AFTER_DELIVERY.has(target) ? { kind: 'go', to: target } : { kind: 'stay', reason: 'paid' };
  if (current === 'awaiting_truelayer') return { kind: 'stay', reason: 'bank_answering' };
  if (UNRESERVED_STEPS.has(current) && UNRESERVED_STEPS.has(target)) return { kind: 'go', to: target };
  if (BEFORE_RESERVATION.has(current)) return { kind: 'stay', reason: 'not_reserved' };
  if (RESERVED_STEPS.has(target)) return { kind: 'go', to: target };
  if (BEFORE_RESERVATION.has(target)) return { kind: 'stay', reason: 'still_reserved' };
  return { kind: 'stay', reason: 'bank_answering' };
}

/**
 * Steps that move on by themselves (loading, reserving, the captcha, the bank's answer, delivery) and the payment step
 * once paid: the step after them takes their history entry instead of adding one, so Back never lands on them.
 */
export function replacesEntry(entry: CheckoutState | null, next: CheckoutState, paymentComplete: boolean): boolean {
  if (entry === null || entry === next) return true;
  if (entry === 'determining' || entry === 'reserve' || entry === 'captcha') return true;
  if (entry === 'awaiting_truelayer' || entry === 'deliver_tickets') return true;
  return entry === 'payment' && (paymentComplete || PAID_STEPS.has(next));
}
