import type { Clock } from '../../platform/clock';
import type { Db } from '../../db/schema';
import { type CardFields, type CardOutcome, checkCard, declineOf } from '../card-numbers';
import { paymentMessages } from '../messages';
import { randomId } from '../random-id';
import type { CreateIntentInput, SquarePaymentResult, SquareProvider } from './types';

export const SQUARE_SANDBOX_CREDENTIALS = {
  app_id: 'sandbox-sq-app',
  location_id: 'sandbox-location',
  checkout_js: '/ajax/checkout/checkout/javascript-square/',
} as const;

export type TokenizeResult =
  { status: 'OK'; token: string } | { status: 'Invalid'; errors: { field: string; message: string }[] };

/**
 * The Square-like sandbox: the page's sandbox widget (javascript-square) tokenises the card with
 * POST /sandbox/square/tokenize; pay-with-square charges the single-use token. The same test numbers as the card
 * sandbox; the 3-D Secure number asks for buyer verification first.
 */
export class SandboxSquareProvider implements SquareProvider {
  readonly name = 'square' as const;
  readonly sandbox = true;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  credentials() {
    return { ...SQUARE_SANDBOX_CREDENTIALS };
  }

  async tokenize(card: CardFields): Promise<TokenizeResult> {
    const check = checkCard(card, this.clock.now());
    if (!check.ok) return { status: 'Invalid', errors: [{ field: check.field, message: check.message }] };
    const token = randomId('cnon');
    await this.db
      .insertInto('sandbox_square_tokens')
      .values({
        token,
        outcome: check.outcome,
        last4: check.digits.slice(-4),
        created_at: this.clock.now(),
        used_at: null,
      })
      .execute();
    return { status: 'OK', token };
  }

  async createPayment(
    input: CreateIntentInput & { sourceId: string; verificationToken?: string },
  ): Promise<SquarePaymentResult> {
    const token = await this.db
      .selectFrom('sandbox_square_tokens')
      .selectAll()
      .where('token', '=', input.sourceId)
      .executeTakeFirst();
    if (!token || token.used_at) return { status: 'FAILED', error: paymentMessages.squareTokenUsed };
    const outcome = token.outcome as CardOutcome;
    if (outcome === 'three_d_secure' && !input.verificationToken) return { status: 'VERIFY_BUYER' };
    // Used up by this charge attempt whatever its result, like Square's nonces.
    const used = await this.db
      .updateTable('sandbox_square_tokens')
      .set({ used_at: this.clock.now() })
      .where('token', '=', input.sourceId)
      .where('used_at', 'is', null)
      .returning('token')
      .executeTakeFirst();
    if (!used) return { status: 'FAILED', error: paymentMessages.squareTokenUsed };
    const decline = declineOf(outcome);
    if (decline) return { status: 'FAILED', error: decline.message };
    // The sandbox charges what it was asked to, as the provider would, and records it: the ledger marks what the
    // sandbox took as test money from this table.
    const paymentId = randomId('sqpay');
    await this.db
      .insertInto('sandbox_square_payments')
      .values({
        id: paymentId,
        amount_minor: input.amountMinor,
        currency: input.currency,
        created_at: this.clock.now(),
      })
      .execute();
    return {
      status: 'COMPLETED',
      paymentId,
      amountMinor: input.amountMinor,
      currency: input.currency,
      card: { brand: null, last4: token.last4 },
    };
  }

  async refund(): Promise<void> {
    // The sandbox keeps no balance to give back; the payment row records the refund.
  }
}
