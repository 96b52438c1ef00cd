import { createHash } from 'node:crypto';
import type * as SquareSdk from 'square';
import type { Square, SquareClient, SquareError } from 'square';
import { paymentMessages } from '../messages';
import { PROVIDER_REQUEST_TIMEOUT_MS } from './timeouts';
import type { CreateIntentInput, ProviderCard, RefundPart, SquarePaymentResult, SquareProvider } from './types';
import type { SquareKeys } from '../../config/payment';

export type { SquareKeys };

/** The Web Payments SDK the page loads for each environment (developer.squareup.com/docs/web-payments/overview). */
export const SQUARE_WEB_SDK = {
  sandbox: 'https://sandbox.web.squarecdn.com/v1/square.js',
  production: 'https://web.squarecdn.com/v1/square.js',
} as const;

/** Square allows idempotency keys of at most 45 characters: a longer key is replaced by a digest of it (stable). */
export function squareIdempotencyKey(key: string): string {
  return key.length <= 45 ? key : createHash('sha256').update(key).digest('base64url').slice(0, 43);
}

/** The buyer's sentence for a payment-method error code of Square's (developer.squareup.com/docs/payments-api/error-codes). */
export function squareDecline(code: string): string {
  switch (code) {
    case 'INSUFFICIENT_FUNDS':
    case 'TRANSACTION_LIMIT':
      return paymentMessages.insufficientFunds;
    case 'CVV_FAILURE':
      return paymentMessages.incorrectCvc;
    case 'CARD_EXPIRED':
    case 'INVALID_EXPIRATION':
    case 'INVALID_EXPIRATION_DATE':
    case 'INVALID_EXPIRATION_YEAR':
    case 'BAD_EXPIRATION':
      return paymentMessages.expiredCard;
    case 'INVALID_CARD':
    case 'INVALID_CARD_DATA':
    case 'INVALID_ACCOUNT':
      return paymentMessages.incorrectNumber;
    case 'ADDRESS_VERIFICATION_FAILURE':
    case 'INVALID_POSTAL_CODE':
      return paymentMessages.postcodeMismatch;
    case 'CARD_TOKEN_USED':
    case 'CARD_TOKEN_EXPIRED':
      return paymentMessages.squareTokenUsed;
    default:
      return paymentMessages.cardDeclined;
  }
}

/**
 * The SDK, loaded when the first real Square provider is made: loading it takes over a second, which an api without
 * Square keys (and every test of one) then never pays.
 */
let loadingSdk: Promise<typeof SquareSdk> | undefined;
const squareSdk = (): Promise<typeof SquareSdk> => (loadingSdk ??= import('square'));

/** Square could not be heard from, or failed on its side: whether it acted is unknown. */
const outcomeUnknown = (sdk: typeof SquareSdk, error: unknown) =>
  error instanceof sdk.SquareTimeoutError ||
  (error instanceof sdk.SquareError && (error.statusCode === undefined || error.statusCode >= 500));

/** A refusal about the card (declined, wrong details, verification wanted), as opposed to one about our request. */
function cardRefusal(sdk: typeof SquareSdk, error: unknown): SquareError.BodyError[] | null {
  if (!(error instanceof sdk.SquareError) || error.statusCode === undefined || error.statusCode >= 500) return null;
  const card = error.errors.filter((item) => item.category === 'PAYMENT_METHOD_ERROR');
  return card.length > 0 ? card : null;
}

const minor = (money: Square.Money | undefined): number => Number(money?.amount ?? 0n);

function cardOf(payment: Square.Payment): ProviderCard | null {
  const card = payment.cardDetails?.card;
  return card?.last4 ? { brand: card.cardBrand ? card.cardBrand.toLowerCase() : null, last4: card.last4 } : null;
}

/**
 * The real square-type provider: Square's Payments API through the official SDK. Switched on by
 * SQUARE_APPLICATION_ID + SQUARE_ACCESS_TOKEN + SQUARE_LOCATION_ID (payment/config.ts).
 *
 * A payment is authorised first (CreatePayment with autocomplete false) and then completed (CompletePayment).
 * An answer lost on the way then leaves at worst an authorisation, which is cancelled here (or, failing that, voided
 * by Square itself when its delay runs out: delay_action CANCEL) — never money taken for a sale this server does not
 * know was paid. Both calls carry idempotency keys derived from the sale's payment slot, so a retry reaches the same
 * Square payment.
 */
export class SquareCardProvider implements SquareProvider {
  readonly name = 'square' as const;
  readonly sandbox = false;
  private readonly client: Promise<SquareClient>;

  constructor(private readonly keys: SquareKeys) {
    this.client = squareSdk().then(
      ({ SquareClient, SquareEnvironment }) =>
        new SquareClient({
          token: keys.accessToken,
          environment: keys.environment === 'production' ? SquareEnvironment.Production : SquareEnvironment.Sandbox,
          ...(keys.apiBase ? { baseUrl: keys.apiBase } : {}),
          ...(keys.maxRetries !== undefined ? { maxRetries: keys.maxRetries } : {}),
          timeoutInSeconds: PROVIDER_REQUEST_TIMEOUT_MS / 1000,
        }),
    );
  }

  credentials() {
    return {
      app_id: this.keys.applicationId,
      location_id: this.keys.locationId,
      checkout_js: SQUARE_WEB_SDK[this.keys.environment],
    };
  }

  async createPayment(
    input: CreateIntentInput & { sourceId: string; verificationToken?: string },
  ): Promise<SquarePaymentResult> {
    const idempotencyKey = squareIdempotencyKey(input.idempotencyKey);
    const client = await this.client;
    let payment: Square.Payment | undefined;
    try {
      const created = await client.payments.create({
        sourceId: input.sourceId,
        idempotencyKey,
        amountMoney: { amount: BigInt(input.amountMinor), currency: input.currency.toUpperCase() as Square.Currency },
        locationId: this.keys.locationId,
        autocomplete: false,
        referenceId: `sale-${input.saleId}`,
        ...(input.verificationToken ? { verificationToken: input.verificationToken } : {}),
      });
      payment = created.payment;
    } catch (error) {
      const sdk = await squareSdk();
      const refused = cardRefusal(sdk, error);
      if (refused) {
        if (refused.some((item) => item.code === 'CARD_DECLINED_VERIFICATION_REQUIRED'))
          return { status: 'VERIFY_BUYER' };
        return { status: 'FAILED', error: squareDecline(refused[0]?.code ?? '') };
      }
      // No answer: an authorisation may exist at Square under this key. It is voided, so a retry starts clean.
      if (outcomeUnknown(sdk, error))
        await client.payments.cancelByIdempotencyKey({ idempotencyKey }).catch(() => undefined);
      throw error;
    }
    if (!payment?.id) throw new Error('Square answered CreatePayment without a payment');
    return this.complete(payment);
  }

  /** Captures an approved payment; answers what Square says it collected. */
  private async complete(approved: Square.Payment): Promise<SquarePaymentResult> {
    const paymentId = approved.id ?? '';
    const client = await this.client;
    let payment = approved;
    if (payment.status === 'APPROVED') {
      try {
        payment = (await client.payments.complete({ paymentId })).payment ?? payment;
      } catch (error) {
        // The capture's answer was lost or refused: Square says what became of it; anything but completed is voided.
        payment = (await client.payments.get({ paymentId })).payment ?? payment;
        if (payment.status !== 'COMPLETED') {
          await client.payments.cancel({ paymentId }).catch(() => undefined);
          throw error;
        }
      }
    }
    if (payment.status === 'COMPLETED') {
      const collected = payment.totalMoney ?? payment.amountMoney;
      return {
        status: 'COMPLETED',
        paymentId,
        amountMinor: minor(collected),
        currency: collected?.currency ?? '',
        card: cardOf(payment),
      };
    }
    if (payment.status === 'FAILED' || payment.status === 'CANCELED') {
      const code = payment.cardDetails?.errors?.[0]?.code ?? '';
      return { status: 'FAILED', error: squareDecline(code) };
    }
    // PENDING or anything new: not money this request can count on; voided so it never becomes money.
    await client.payments.cancel({ paymentId }).catch(() => undefined);
    throw new Error(`Square payment ${paymentId} is ${payment.status ?? 'in no status'} after completing`);
  }

  /** Refunds what is left of the payment, or `part` of it; the same key for every try, so Square refunds once. */
  async refund(paymentId: string, part?: RefundPart): Promise<void> {
    const client = await this.client;
    const { payment } = await client.payments.get({ paymentId });
    if (!payment) throw new Error(`Square has no payment ${paymentId}`);
    const total = payment.totalMoney ?? payment.amountMoney;
    if (!total?.currency) throw new Error(`Square payment ${paymentId} has no amount`);
    const left = minor(total) - minor(payment.refundedMoney);
    const amount = part ? Math.min(part.amountMinor, left) : left;
    if (amount <= 0) return;
    await client.refunds.refundPayment({
      idempotencyKey: squareIdempotencyKey(`refund-${part ? part.key : paymentId}`),
      paymentId,
      amountMoney: { amount: BigInt(amount), currency: total.currency },
      reason: part ? 'Tickets refunded' : 'Tickets not sold',
    });
  }
}
