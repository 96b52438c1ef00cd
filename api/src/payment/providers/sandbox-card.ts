import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx, SandboxIntentStatus } from '../../db/schema';
import { brandOf, type CardFields, type CardOutcome, checkCard, declineOf } from '../card-numbers';
import { paymentMessages } from '../messages';
import { randomId } from '../random-id';
import {
  type CardIntent,
  type CardProvider,
  type CreateIntentInput,
  type OffSessionChargeInput,
  ProviderError,
  type RefundPart,
  type SavedCard,
} from './types';

export const SANDBOX_PUBLIC_KEY = 'pk_sandbox';

type IntentRow = {
  id: string;
  client_secret: string;
  status: SandboxIntentStatus;
  amount_minor: number;
  currency: string;
  last_error: string | null;
};

const toIntent = (row: IntentRow): CardIntent => ({
  id: row.id,
  clientSecret: row.client_secret,
  status: row.status,
  amountMinor: row.amount_minor,
  currency: row.currency,
  lastError: row.last_error,
});

export type ConfirmResult =
  { status: 'succeeded'; intent: CardIntent } | { status: 'requires_action'; intent: CardIntent; redirectUrl: string };

/** The intent id an idempotency key stands for (letters and digits, like a random one). */
const intentIdFor = (scopedKey: string) => `pi_${createHash('sha256').update(scopedKey).digest('hex').slice(0, 32)}`;

export const threeDsUrl = (intentId: string) => `/sandbox/stripe/3ds?pi=${encodeURIComponent(intentId)}`;

const UNPAID: readonly SandboxIntentStatus[] = ['requires_payment_method', 'requires_action'];

/**
 * Cancels a sandbox intent that has not been paid, inside the caller's transaction: the sandbox keeps its state in our
 * database, so a change of price ends the intent atomically with the change (a real provider's is cancelled by a
 * durable job). An id the sandbox never made changes nothing.
 */
export async function cancelSandboxIntent(tx: DbOrTx, id: string, reason: string, now: Date): Promise<void> {
  await tx
    .updateTable('sandbox_payment_intents')
    .set({ status: 'canceled', last_error_code: 'payment_intent_canceled', last_error: reason, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', [...UNPAID])
    .execute();
}

/**
 * The Stripe-like card sandbox: PaymentIntents and payment methods are rows, so every api process sees the same
 * state. The page's sandbox card form confirms an intent with POST /sandbox/stripe/confirm; the test numbers decide.
 */
export class SandboxCardProvider implements CardProvider {
  readonly name = 'stripe' as const;
  readonly sandbox = true;
  readonly publicKey = SANDBOX_PUBLIC_KEY;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async createIntent(input: CreateIntentInput, scope = 'intent'): Promise<CardIntent> {
    const now = this.clock.now();
    // Like Stripe, the idempotency key (scoped by sale, as the Stripe adapter scopes it) makes a retry return the
    // intent the first request created: the id comes from the key and the primary key lets one insert win.
    const id = input.idempotencyKey ? intentIdFor(`${scope}-${input.saleId}-${input.idempotencyKey}`) : randomId('pi');
    const row = await this.db
      .insertInto('sandbox_payment_intents')
      .values({
        id,
        client_secret: `${id}_secret_${randomId('s').slice(2)}`,
        amount_minor: input.amountMinor,
        currency: input.currency.toLowerCase(),
        status: 'requires_payment_method',
        last_error_code: null,
        last_error: null,
        payment_method_id: null,
        customer: null,
        metadata: JSON.stringify({ sale_id: input.saleId }),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return toIntent(row);
    const first = await this.retrieveIntent(id);
    if (first.amountMinor !== input.amountMinor || first.currency !== input.currency.toLowerCase()) {
      throw new ProviderError(
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        'idempotency_error',
        400,
      );
    }
    return first;
  }

  async retrieveIntent(id: string): Promise<CardIntent> {
    const row = await this.db.selectFrom('sandbox_payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new ProviderError(paymentMessages.unknownIntent, 'resource_missing', 404);
    return toIntent(row);
  }

  async intentBySecret(clientSecret: string): Promise<CardIntent | undefined> {
    const row = await this.db
      .selectFrom('sandbox_payment_intents')
      .selectAll()
      .where('client_secret', '=', clientSecret)
      .executeTakeFirst();
    return row ? toIntent(row) : undefined;
  }

  private async setStatus(
    id: string,
    from: readonly SandboxIntentStatus[],
    status: SandboxIntentStatus,
    error: { code: string; message: string } | null,
    paymentMethodId?: string,
  ) {
    return this.db
      .updateTable('sandbox_payment_intents')
      .set({
        status,
        last_error_code: error?.code ?? null,
        last_error: error?.message ?? null,
        ...(paymentMethodId ? { payment_method_id: paymentMethodId } : {}),
        updated_at: this.clock.now(),
      })
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Confirms an intent with the card form's details, as Stripe.js would: succeeded, requires_action (3-D Secure) or
   * a ProviderError (402) carrying the decline. Confirming an intent that already succeeded answers 'succeeded'
   * again and charges nothing more.
   */
  async confirmWithCard(clientSecret: string, card: CardFields): Promise<ConfirmResult> {
    const intent = await this.intentBySecret(clientSecret);
    if (!intent) throw new ProviderError(paymentMessages.unknownIntent, 'resource_missing', 404);
    if (intent.status === 'succeeded') return { status: 'succeeded', intent };
    // As Stripe: a cancelled intent cannot be confirmed (its reason is what the buyer reads).
    if (intent.status === 'canceled')
      throw new ProviderError(intent.lastError ?? paymentMessages.unknownIntent, 'payment_intent_unexpected_state');
    const check = checkCard(card, this.clock.now());
    if (!check.ok) {
      await this.setStatus(intent.id, ['requires_payment_method', 'requires_action'], 'requires_payment_method', check);
      throw new ProviderError(check.message, check.code);
    }
    return this.charge(intent, check.outcome, null);
  }

  private async charge(
    intent: CardIntent,
    outcome: CardOutcome,
    paymentMethodId: string | null,
  ): Promise<ConfirmResult> {
    const decline = declineOf(outcome);
    if (decline) {
      await this.setStatus(
        intent.id,
        ['requires_payment_method', 'requires_action'],
        'requires_payment_method',
        decline,
        paymentMethodId ?? undefined,
      );
      throw new ProviderError(decline.message, decline.code);
    }
    if (outcome === 'three_d_secure') {
      await this.setStatus(
        intent.id,
        ['requires_payment_method', 'requires_action'],
        'requires_action',
        null,
        paymentMethodId ?? undefined,
      );
      const current = await this.retrieveIntent(intent.id);
      return current.status === 'succeeded'
        ? { status: 'succeeded', intent: current }
        : { status: 'requires_action', intent: current, redirectUrl: threeDsUrl(intent.id) };
    }
    const row = await this.setStatus(
      intent.id,
      ['requires_payment_method', 'requires_action'],
      'succeeded',
      null,
      paymentMethodId ?? undefined,
    );
    return { status: 'succeeded', intent: row ? toIntent(row) : await this.retrieveIntent(intent.id) };
  }

  /** The 3-D Secure page's answer: 'complete' succeeds the intent, 'fail' sends it back for another card. */
  async completeAuthentication(id: string, outcome: 'complete' | 'fail'): Promise<CardIntent> {
    if (outcome === 'complete') await this.setStatus(id, ['requires_action'], 'succeeded', null);
    else
      await this.setStatus(id, ['requires_action'], 'requires_payment_method', {
        code: 'payment_intent_authentication_failure',
        message: paymentMessages.authenticationFailed,
      });
    return this.retrieveIntent(id);
  }

  async cancelIntent(intentId: string): Promise<CardIntent> {
    await cancelSandboxIntent(this.db, intentId, paymentMessages.intentCancelled, this.clock.now());
    return this.retrieveIntent(intentId);
  }

  async refund(intentId: string, part?: RefundPart): Promise<void> {
    // Only a succeeded intent has money to give back; refunding the whole twice refunds nothing more, a part never
    // more than is left (the refund job asks for a part once its ledger entry is still pending).
    await this.db
      .updateTable('sandbox_payment_intents')
      .set((eb) => ({
        refunded_minor: part
          ? sql<number>`least(amount_minor, refunded_minor + ${part.amountMinor})`
          : eb.ref('amount_minor'),
        updated_at: this.clock.now(),
      }))
      .where('id', '=', intentId)
      .where('status', '=', 'succeeded')
      .execute();
  }

  /** A card saved for later (POST /sandbox/stripe/payment_methods): the outcome its number will have when charged. */
  async createPaymentMethod(card: CardFields & { name?: string }): Promise<SavedCard> {
    const check = checkCard(card, this.clock.now());
    if (!check.ok) throw new ProviderError(check.message, check.code);
    const id = randomId('pm');
    const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
    const saved = {
      id,
      brand: brandOf(check.digits),
      last4: check.digits.slice(-4),
      month: card.exp_month,
      year,
      funding: 'credit',
    };
    await this.db
      .insertInto('sandbox_payment_methods')
      .values({
        id,
        brand: saved.brand,
        last4: saved.last4,
        exp_month: saved.month,
        exp_year: year,
        funding: saved.funding,
        outcome: check.outcome,
        name: card.name ?? null,
        created_at: this.clock.now(),
      })
      .execute();
    return saved;
  }

  async createCustomer(): Promise<{ id: string }> {
    return { id: randomId('cus') };
  }

  async createSetupIntent(): Promise<{ id: string; clientSecret: string }> {
    const id = randomId('seti');
    return { id, clientSecret: `${id}_secret_${randomId('s').slice(2)}` };
  }

  async chargeOffSession(input: OffSessionChargeInput): Promise<CardIntent> {
    const method = await this.db
      .selectFrom('sandbox_payment_methods')
      .selectAll()
      .where('id', '=', input.paymentMethodId)
      .executeTakeFirst();
    // The demo user's seeded cards have no sandbox row: they behave like the succeeding test card.
    const outcome = (method?.outcome as CardOutcome | undefined) ?? 'succeed';
    const intent = await this.createIntent(input, 'offsession');
    await this.db
      .updateTable('sandbox_payment_intents')
      .set({ customer: input.customerId, off_session: true })
      .where('id', '=', intent.id)
      .execute();
    try {
      return (await this.charge(intent, outcome, input.paymentMethodId)).intent;
    } catch (error) {
      // Off-session, a decline is an answer (the intent records it), not a failure of the call.
      if (error instanceof ProviderError) return this.retrieveIntent(intent.id);
      throw error;
    }
  }
}
