import { PAYMENT_METHODS, PHONE_PATTERN, TEXT_LIMITS } from '../contract/constants';

/**
 * The payment step's rules (which methods are offered, the wait for the bank's result, the contact and express
 * account checks, timings and limits): pure functions of plain data, so the page and its tests read the same table.
 */

export { PAYMENT_METHODS };

/** The methods the buyer can choose between ('square' is the card method of a square-type organiser). */
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The card method is hidden for GBP baskets of this total or more. */
export const CARD_GBP_LIMIT = 2000;

/** Bank transfer only in these currencies. */
export const BANK_TRANSFER_CURRENCIES: readonly string[] = ['GBP', 'EUR'];

/** The 1-month key is paying in full, never an instalment choice. */
export const PAY_IN_FULL_KEY = '1';

export interface PaymentChoiceInput {
  basketTotal: number;
  currencyCode: string;
  express: boolean;
  /** The provider kind the basket pays with (basketProvider); null when an organiser has no payment integration. */
  provider: 'stripe' | 'square' | null;
  /** Keys of payment_plan_schedule_options. */
  planKeys: readonly string[];
  /** create_truelayer_payment failed: the bank option is dropped. */
  bankUnavailable: boolean;
  /** Names of the basket's organisers without a payment integration (organisersWithoutPayments). */
  organisersWithoutPayments: readonly string[];
  /** The ways of paying the server takes now (checkout.available_payment_methods): no other is offered. */
  availableMethods: readonly PaymentMethod[];
}

export type PaymentChoice =
  /** A zero total: no method, the free tickets are claimed automatically. */
  | { kind: 'free_claim' }
  /** An organiser of the basket has no payment integration: nothing can be paid. */
  | { kind: 'no_integration'; organiserNames: string }
  /** The basket needs paying, and no way of paying it is available now (said in one sentence, no empty list). */
  | { kind: 'no_methods' }
  | {
      kind: 'methods';
      /** In the order the buttons show. */
      methods: PaymentMethod[];
      /** The method chosen for the buyer (one method and no plan, or express/stripe-type without a plan). */
      autoSelected: PaymentMethod | null;
      /** Which card panel the card method opens. */
      cardProvider: 'stripe' | 'square';
    };

/** 'A', 'A and B', 'A, B and C': names in a sentence. */
export const namesList = (names: readonly string[]): string =>
  new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' }).format(names);

interface PayingOrganiser {
  name: string;
  takes_payments: boolean;
}

/** The basket's organisers whose payment integration is not configured, named once each (spec 'No payment integration'). */
export function organisersWithoutPayments(organisers: readonly PayingOrganiser[]): string[] {
  return [...new Set(organisers.filter((organiser) => !organiser.takes_payments).map((organiser) => organiser.name))];
}

/**
 * Which card provider kind a basket pays with: one organiser's own account (checkout.opoa); for a basket of several
 * organisers who all take payments, the marketplace collects one payment with its own card provider ('stripe') and
 * shares it out; null when an organiser cannot take payments.
 */
export function basketProvider(
  opoa: { provider: 'stripe' | 'square' } | null,
  organisers: readonly PayingOrganiser[],
): 'stripe' | 'square' | null {
  if (organisers.length === 0 || organisersWithoutPayments(organisers).length > 0) return null;
  if (organisers.length > 1) return 'stripe';
  return opoa?.provider ?? null;
}

/** The instalment choices: every plan key but '1', by number of months. */
export function instalmentKeys(planKeys: readonly string[]): string[] {
  return planKeys.filter((key) => key !== PAY_IN_FULL_KEY).sort((a, b) => Number(a) - Number(b));
}

/** Which payment methods are offered, and which are available. */
export function paymentChoice(input: PaymentChoiceInput): PaymentChoice {
  if (input.basketTotal <= 0) return { kind: 'free_claim' };
  if (input.organisersWithoutPayments.length > 0)
    return { kind: 'no_integration', organiserNames: namesList(input.organisersWithoutPayments) };
  const stripeType = input.express || input.provider === 'stripe';
  if (!stripeType && input.provider === null) return { kind: 'no_integration', organiserNames: '' };

  const hasPlanKeys = instalmentKeys(input.planKeys).length > 0;
  const gbp = input.currencyCode === 'GBP';
  const available = (methods: PaymentMethod[]) => methods.filter((m) => input.availableMethods.includes(m));
  // Instalments: GBP, card only, and only when the server offers more than paying in full. A card method
  // whose provider is off takes its instalments with it, as the card limit does.
  const withInstalments = (methods: PaymentMethod[]): PaymentMethod[] =>
    gbp && hasPlanKeys && methods.some((m) => m === 'card' || m === 'square')
      ? available([...methods, 'instalment'])
      : methods;
  // One method and no plan is chosen for the buyer.
  const offered = (methods: PaymentMethod[], cardProvider: 'stripe' | 'square'): PaymentChoice => {
    const all = withInstalments(available(methods));
    if (all.length === 0) return { kind: 'no_methods' };
    const only = all.length === 1 ? (all[0] ?? null) : null;
    return { kind: 'methods', methods: all, autoSelected: only, cardProvider };
  };

  if (stripeType) return offered(['card'], 'stripe');

  const methods: PaymentMethod[] = [];
  if (BANK_TRANSFER_CURRENCIES.includes(input.currencyCode) && !input.bankUnavailable) methods.push('bank_transfer');
  if (input.basketTotal < CARD_GBP_LIMIT || !gbp) methods.push('square');
  return offered(methods, 'square');
}

/** The payment step's title. */
export function paymentTitle({
  freeClaim,
  paying,
  express,
}: {
  freeClaim: boolean;
  paying: boolean;
  express: boolean;
}): string {
  if (freeClaim) return 'Claiming free tickets';
  if (paying) return 'Confirming Payment';
  if (express) return 'Complete purchase';
  return 'Payment';
}

// ---- Awaiting bank result ------------------------------------------------------------------------------------------

/** The bank wait's first poll after 2000 ms, then every 1500 ms. */
export const BANK_FIRST_POLL_MS = 2000;
export const BANK_POLL_EVERY_MS = 1500;
/** The bank wait's text thresholds and the give-up count. */
export const BANK_WAIT_THRESHOLDS = { waiting: 3, awaiting: 6, longer: 9, giveUp: 60 } as const;

export type BankWaitText = 'none' | 'waiting' | 'awaiting' | 'longer' | 'give_up';

export interface BankWait {
  /** Which wait sentence shows (messages.bankWaitingForResponse, …); 'none' before the third poll. */
  text: BankWaitText;
  /** From 9 polls the buyer is offered a different method. */
  offerOtherMethod: boolean;
  /** Milliseconds until the next poll; null once polling has stopped. */
  nextPollInMs: number | null;
}

/** Where the wait stands after `polls` status requests that found the payment still pending. */
export function bankWait(polls: number): BankWait {
  const t = BANK_WAIT_THRESHOLDS;
  if (polls > t.giveUp) return { text: 'give_up', offerOtherMethod: true, nextPollInMs: null };
  const text: BankWaitText =
    polls >= t.longer ? 'longer' : polls >= t.awaiting ? 'awaiting' : polls >= t.waiting ? 'waiting' : 'none';
  return {
    text,
    offerOtherMethod: polls >= t.longer,
    nextPollInMs: polls === 0 ? BANK_FIRST_POLL_MS : BANK_POLL_EVERY_MS,
  };
}

// ---- Delivery ------------------------------------------------------------------------------------------------------

/** Delivery starts 1000 ms after the step loads and advances 3000 ms after it completes. */
export const DELIVERY_START_MS = 1000;
export const DELIVERY_ADVANCE_MS = 3000;

// ---- Contact -------------------------------------------------------------------------------------------------------

/** A phone number: an optional country prefix and at least 9 digits, spaces, dots or dashes (the server's pattern). */
export function isValidPhone(input: string): boolean {
  const trimmed = input.trim();
  return trimmed.length > 0 && trimmed.length <= TEXT_LIMITS.phone && PHONE_PATTERN.test(trimmed);
}
