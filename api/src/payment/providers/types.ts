/**
 * The payment providers behind interfaces, one per kind: a Stripe-like card provider, a
 * Square-like card provider and a TrueLayer-like open-banking provider. Each has an offline sandbox (the default,
 * its state in the database) and a real adapter switched on by its configuration (providers/stripe.ts, square.ts,
 * truelayer.ts).
 */

export type CardIntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export interface CardIntent {
  id: string;
  clientSecret: string;
  status: CardIntentStatus;
  amountMinor: number;
  currency: string;
  /** The buyer-facing reason of the last failed attempt, if any. */
  lastError: string | null;
}

export interface CreateIntentInput {
  saleId: number;
  amountMinor: number;
  /** ISO code, upper case. */
  currency: string;
  /** The provider-side idempotency key: a retry of the same request creates nothing new. */
  idempotencyKey: string;
}

export interface OffSessionChargeInput extends CreateIntentInput {
  customerId: string;
  paymentMethodId: string;
}

export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  month: number;
  year: number;
  funding: string;
}

/** Stripe-type card payments (PaymentIntents) and what instalments need (customers, SetupIntents, off-session). */
export interface CardProvider {
  readonly name: 'stripe';
  readonly sandbox: boolean;
  /** Handed to the page with the client secret. */
  readonly publicKey: string;
  createIntent(input: CreateIntentInput): Promise<CardIntent>;
  retrieveIntent(id: string): Promise<CardIntent>;
  /** Refunds the whole intent, or `part` of it; idempotent per intent, or per part's key. */
  refund(intentId: string, part?: RefundPart): Promise<void>;
  /**
   * Cancels an intent that has not been paid, so its client secret can no longer be confirmed; answers the intent as
   * it is afterwards (a succeeded one stays succeeded: settling then refunds it if it no longer pays for the basket).
   */
  cancelIntent(intentId: string): Promise<CardIntent>;
  // ---- instalments (the DELIVERY helper's api/src/instalments codes against these) ----
  /** A customer to save cards on (one per buyer). */
  createCustomer(input: { email: string; name: string; idempotencyKey: string }): Promise<{ id: string }>;
  /** A SetupIntent for saving a card for later off-session charges. */
  createSetupIntent(input: {
    customerId: string;
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }>;
  /** Charges a saved card without the buyer present; 'requires_action' means the bank wants the buyer. */
  chargeOffSession(input: OffSessionChargeInput): Promise<CardIntent>;
}

/** The card a payment was taken from, as the provider reports it (brand lower case, null when it did not say). */
export interface ProviderCard {
  brand: string | null;
  last4: string;
}

export type SquarePaymentResult =
  /** What the provider says it collected: settling compares it with the priced snapshot, never the amount asked. */
  | { status: 'COMPLETED'; paymentId: string; amountMinor: number; currency: string; card?: ProviderCard | null }
  | { status: 'FAILED'; error: string }
  | { status: 'VERIFY_BUYER' };

/** Square-type card payments: the page's widget tokenises the card; the server charges the token. */
export interface SquareProvider {
  readonly name: 'square';
  readonly sandbox: boolean;
  credentials(): { app_id: string; location_id: string; checkout_js: string };
  createPayment(
    input: CreateIntentInput & { sourceId: string; verificationToken?: string },
  ): Promise<SquarePaymentResult>;
  refund(paymentId: string, part?: RefundPart): Promise<void>;
}

export type BankPaymentStatus = 'pending' | 'authorizing' | 'executed' | 'failed' | 'cancelled';

/** Open banking, TrueLayer-like: a payment the buyer authorises at their bank; it executes some time later. */
export interface BankProvider {
  readonly name: 'truelayer';
  readonly sandbox: boolean;
  createPayment(input: CreateIntentInput & { reference: string }): Promise<{ id: string }>;
  /** Where the buyer authorises the payment (the sandbox's portal, the provider's hosted page). */
  authUrl(paymentId: string): string | Promise<string>;
  status(paymentId: string): Promise<BankPaymentStatus>;
  /** The payment's status with what it collects (settling compares the amount with the priced snapshot). */
  retrieve(paymentId: string): Promise<{ status: BankPaymentStatus; amountMinor: number; currency: string }>;
  /** Cancels a payment the buyer has not authorised yet; answers its status afterwards. */
  cancel(paymentId: string): Promise<BankPaymentStatus>;
  refund(paymentId: string, part?: RefundPart): Promise<void>;
}

/** Some of a payment given back (an organiser's refund of some tickets); `key` makes each part's refund happen once. */
export interface RefundPart {
  amountMinor: number;
  key: string;
}

export interface Providers {
  card: CardProvider;
  square: SquareProvider;
  bank: BankProvider;
}

/** A provider refused (declined card, unknown intent): the message is the buyer's to read. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly statusCode = 402,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
