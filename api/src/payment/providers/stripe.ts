import Stripe from 'stripe';
import { paymentMessages } from '../messages';
import { PROVIDER_REQUEST_TIMEOUT_MS } from './timeouts';
import {
  type CardIntent,
  type CardIntentStatus,
  type CardProvider,
  type CreateIntentInput,
  type OffSessionChargeInput,
  ProviderError,
  type RefundPart,
} from './types';
import type { StripeKeys } from '../../config/payment';

export type { StripeKeys };

type Intent = Stripe.PaymentIntent;

const toIntent = (intent: Intent): CardIntent => ({
  id: intent.id,
  clientSecret: intent.client_secret ?? '',
  status: intent.status as CardIntentStatus,
  amountMinor: intent.amount,
  currency: intent.currency,
  lastError: intent.last_payment_error?.message ?? null,
});

/**
 * The real card provider: Stripe PaymentIntents for card payments; customers, SetupIntents and off-session
 * PaymentIntents for instalments. Switched on by STRIPE_SECRET_KEY + STRIPE_PUBLISHABLE_KEY. Every create carries an
 * idempotency key, so a retried request never makes a second charge at Stripe either.
 */
export class StripeCardProvider implements CardProvider {
  readonly name = 'stripe' as const;
  readonly sandbox = false;
  readonly publicKey: string;
  private readonly stripe: Stripe;

  constructor(keys: StripeKeys) {
    this.publicKey = keys.publishableKey;
    this.stripe = new Stripe(keys.secretKey, {
      maxNetworkRetries: 2,
      // Stripe's own default is 80 s a request.
      timeout: PROVIDER_REQUEST_TIMEOUT_MS,
      telemetry: false,
      ...(keys.host ? { host: keys.host } : {}),
      ...(keys.port ? { port: keys.port } : {}),
      ...(keys.protocol ? { protocol: keys.protocol } : {}),
    });
  }

  async createIntent(input: CreateIntentInput): Promise<CardIntent> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountMinor,
        currency: input.currency.toLowerCase(),
        automatic_payment_methods: { enabled: true },
        metadata: { sale_id: String(input.saleId) },
        // The marketplace collects; payouts to each organiser are transfers in this group, by the ledger's shares.
        transfer_group: `sale-${input.saleId}`,
      },
      { idempotencyKey: `intent-${input.saleId}-${input.idempotencyKey}` },
    );
    return toIntent(intent);
  }

  async retrieveIntent(id: string): Promise<CardIntent> {
    try {
      return toIntent(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        throw new ProviderError(paymentMessages.unknownIntent, 'resource_missing', 404);
      throw error;
    }
  }

  async cancelIntent(intentId: string): Promise<CardIntent> {
    const current = await this.retrieveIntent(intentId);
    if (current.status === 'succeeded' || current.status === 'canceled' || current.status === 'processing')
      return current;
    return toIntent(
      await this.stripe.paymentIntents.cancel(
        intentId,
        { cancellation_reason: 'abandoned' },
        { idempotencyKey: `cancel-${intentId}` },
      ),
    );
  }

  async refund(intentId: string, part?: RefundPart): Promise<void> {
    if (part)
      await this.stripe.refunds.create(
        { payment_intent: intentId, amount: part.amountMinor },
        { idempotencyKey: `refund-${part.key}` },
      );
    else await this.stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey: `refund-${intentId}` });
  }

  async createCustomer(input: { email: string; name: string; idempotencyKey: string }): Promise<{ id: string }> {
    const customer = await this.stripe.customers.create(
      { email: input.email, name: input.name },
      { idempotencyKey: `customer-${input.idempotencyKey}` },
    );
    return { id: customer.id };
  }

  async createSetupIntent(input: {
    customerId: string;
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }> {
    const setup = await this.stripe.setupIntents.create(
      { customer: input.customerId, usage: 'off_session', automatic_payment_methods: { enabled: true } },
      { idempotencyKey: `setup-${input.idempotencyKey}` },
    );
    return { id: setup.id, clientSecret: setup.client_secret ?? '' };
  }

  async chargeOffSession(input: OffSessionChargeInput): Promise<CardIntent> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          off_session: true,
          confirm: true,
          metadata: { sale_id: String(input.saleId) },
        },
        { idempotencyKey: `offsession-${input.saleId}-${input.idempotencyKey}` },
      );
      return toIntent(intent);
    } catch (error) {
      // A declined or authentication-needing off-session charge is an answer: Stripe sends the intent with the error.
      if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) return toIntent(error.payment_intent);
      throw error;
    }
  }
}
