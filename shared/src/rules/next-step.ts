import type { Checkout, TicketQuestions } from '../contract/entities';
import remoteStates from '../contract/remotes.json';
import { CHECKOUT_STATES, type CheckoutState } from '../contract/states';

/**
 * The next-step rules, as pure functions of the checkout. The shell calls `nextStep` when a step
 * completes; it must pass the checkout as reloaded after that step's save (e.g. after save_donation), because the rules
 * read what the server now holds.
 */

function hasQuestions(questions: TicketQuestions): boolean {
  return Object.values(questions).some((list) => list.length > 0);
}

/**
 * 'A donation amount is set': the saved donation's amount before booking fee, or else the flat donation_amount, is
 * above zero. Skipping the donation leaves both empty (null) or zero.
 */
export function hasDonation(c: Pick<Checkout, 'donation' | 'donation_amount'>): boolean {
  return (c.donation?.amount_before_booking_fee ?? c.donation_amount ?? 0) > 0;
}

/** reserve or captcha -> donation if the organiser is a charity (the checkout carries its charity); else express -> payment; else login. */
export function stepAfterReserve(c: Pick<Checkout, 'charity' | 'express'>): CheckoutState {
  if (c.charity) return 'donation';
  return c.express ? 'payment' : 'login';
}

/**
 * Steps between identifying and paying, in the spec's order. Each is taken only if it applies; a step's successor is
 * the first applicable one after it. marketing_preferences has no condition in the spec (and the account step's
 * confirm_account goes to 'the marketing step'), so it always applies: login always leads to it.
 */
const BEFORE_PAYMENT = ['marketing_preferences', 'delivery_address', 'ticket_questions_before', 'payment'] as const;
type BeforePaymentStep = (typeof BEFORE_PAYMENT)[number];

function appliesBeforePayment(
  step: BeforePaymentStep,
  c: Pick<Checkout, 'require_delivery_address' | 'before_payment_questions'>,
): boolean {
  switch (step) {
    case 'delivery_address':
      return c.require_delivery_address;
    case 'ticket_questions_before':
      return hasQuestions(c.before_payment_questions);
    case 'marketing_preferences':
    case 'payment':
      return true;
  }
}

/** Steps after delivery, in the spec's order; order_completed always applies. */
const AFTER_DELIVERY = ['ticket_questions_after', 'waiver', 'after_sale_messages', 'order_completed'] as const;
type AfterDeliveryStep = (typeof AFTER_DELIVERY)[number];

function appliesAfterDelivery(
  step: AfterDeliveryStep,
  c: Pick<Checkout, 'after_payment_questions' | 'has_waivers' | 'after_sale_messages'>,
): boolean {
  switch (step) {
    case 'ticket_questions_after':
      return hasQuestions(c.after_payment_questions);
    case 'waiver':
      return c.has_waivers;
    case 'after_sale_messages':
      return c.after_sale_messages.length > 0;
    case 'order_completed':
      return true;
  }
}

/** The first step of `order` after `after` (null = from the start) that applies; `last` always does. */
function firstApplicable<S extends CheckoutState>(
  order: readonly S[],
  after: S | null,
  applies: (step: S) => boolean,
  last: S,
): S {
  const rest = after === null ? order : order.slice(order.indexOf(after) + 1);
  return rest.find(applies) ?? last;
}

const nextBeforePayment = (after: BeforePaymentStep | null, c: Checkout): CheckoutState =>
  firstApplicable(BEFORE_PAYMENT, after, (s) => appliesBeforePayment(s, c), 'payment');

const nextAfterDelivery = (after: AfterDeliveryStep | null, c: Checkout): CheckoutState =>
  firstApplicable(AFTER_DELIVERY, after, (s) => appliesAfterDelivery(s, c), 'order_completed');

export function nextStep(current: CheckoutState, checkout: Checkout): CheckoutState {
  switch (current) {
    case 'determining':
      // Not a step: the first load resumes where the server says the sale is.
      return checkout.state === 'determining' ? 'basket' : checkout.state;
    case 'basket':
      return 'reserve';
    case 'reserve':
    case 'captcha':
      return stepAfterReserve(checkout);
    case 'donation':
      return hasDonation(checkout) ? 'gift_aid' : 'login';
    case 'gift_aid':
      return 'login';
    case 'login':
      return nextBeforePayment(null, checkout);
    case 'marketing_preferences':
    case 'delivery_address':
    case 'ticket_questions_before':
      return nextBeforePayment(current, checkout);
    case 'payment':
    case 'awaiting_truelayer':
      return 'deliver_tickets';
    case 'deliver_tickets':
      return nextAfterDelivery(null, checkout);
    case 'ticket_questions_after':
    case 'waiver':
      return nextAfterDelivery(current, checkout);
    case 'after_sale_messages':
    case 'order_completed':
      return 'order_completed';
  }
}

/**
 * From login onward and on the payment-related steps the buyer may go back and edit the basket
 * (which destroys the sale). We read that as every reserved, unpaid step from login to payment in the spec's state
 * order (so donation and gift_aid too). Not awaiting_truelayer or later: money may already be moving, and destroying
 * the sale then could lose a paid order; the bank step's failure panel leads back to payment, where editing is allowed.
 */
const EDITABLE: ReadonlySet<CheckoutState> = new Set<CheckoutState>([
  'login',
  'marketing_preferences',
  'donation',
  'gift_aid',
  'delivery_address',
  'ticket_questions_before',
  'payment',
]);

export function canEditBasket(state: CheckoutState): boolean {
  return EDITABLE.has(state);
}

/** The order a checkout passes through its states (the next-step rules above), which is not the spec's list order. */
export const CHECKOUT_FLOW: readonly CheckoutState[] = [
  'determining',
  'basket',
  'captcha',
  'reserve',
  'donation',
  'gift_aid',
  'login',
  'marketing_preferences',
  'delivery_address',
  'ticket_questions_before',
  'payment',
  'awaiting_truelayer',
  'deliver_tickets',
  'ticket_questions_after',
  'waiver',
  'after_sale_messages',
  'order_completed',
];

/** A step before the money is taken (from the basket to the questions before payment). */
export function isBeforePayment(state: CheckoutState): boolean {
  const index = CHECKOUT_FLOW.indexOf(state);
  return index > 0 && index < CHECKOUT_FLOW.indexOf('payment');
}

export type RemoteName = 'mf_basket' | 'mf_account' | 'mf_payment' | 'mf_post_sale';

/** Where a state's step lives: the Module Federation container and its exposed module ('./<state>'). */
export interface StepLocation {
  remote: RemoteName;
  module: `./${Exclude<CheckoutState, 'determining'>}`;
}

type StepState = Exclude<CheckoutState, 'determining'>;

const isStepState = (state: string): state is StepState =>
  state !== 'determining' && (CHECKOUT_STATES as readonly string[]).includes(state);

/**
 * Which remote renders each state, from the one map the builds read too (contract/remotes.json: each remote exposes
 * one module per state listed under it). A state listed twice or not at all stops the page at start-up and fails the
 * unit tests, rather than showing a step from the wrong remote.
 */
const REMOTE_OF: Record<StepState, RemoteName> = (() => {
  const map: Partial<Record<StepState, RemoteName>> = {};
  for (const [remote, states] of Object.entries(remoteStates) as [RemoteName, string[]][]) {
    for (const state of states) {
      if (!isStepState(state) || map[state])
        throw new Error(`contract/remotes.json: '${state}' is not a step state, or is listed twice`);
      map[state] = remote;
    }
  }
  const missing = CHECKOUT_STATES.filter((state): state is StepState => isStepState(state) && !map[state]);
  if (missing.length > 0) throw new Error(`contract/remotes.json: no remote renders ${missing.join(', ')}`);
  return map as Record<StepState, RemoteName>;
})();

/** The remote and module that render a state; null for 'determining', which the shell renders itself. */
export function remoteForState(state: CheckoutState): StepLocation | null {
  if (state === 'determining') return null;
  return { remote: REMOTE_OF[state], module: `./${state}` };
}

/** The countdown runs on every step except basket, reserve and captcha (and the loading state). */
export function countdownRunsIn(state: CheckoutState): boolean {
  return state !== 'determining' && state !== 'basket' && state !== 'reserve' && state !== 'captcha';
}

/**
 * Whether the countdown should tick now: a state it runs in, a known remaining time, and the payment not yet complete
 * (spec: 'It also stops when payment_complete').
 */
export function countdownRuns(
  state: CheckoutState,
  secondsRemaining: number | null,
  paymentComplete: boolean,
): boolean {
  return countdownRunsIn(state) && secondsRemaining !== null && !paymentComplete;
}

/**
 * When the countdown reaches zero the checkout goes back to the basket, flagged expired, unless the state is
 * order_completed, after_sale_messages, basket or awaiting_truelayer (the bank may still settle a payment there).
 */
const EXPIRY_STAYS: ReadonlySet<CheckoutState> = new Set<CheckoutState>([
  'order_completed',
  'after_sale_messages',
  'basket',
  'awaiting_truelayer',
]);

export function expiryReturnsToBasket(state: CheckoutState): boolean {
  return !EXPIRY_STAYS.has(state);
}
