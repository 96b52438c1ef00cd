import { sql } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx, SandboxBankStatus } from '../../db/schema';
import { paymentMessages } from '../messages';
import { randomId } from '../random-id';
import { type BankPaymentStatus, type BankProvider, type CreateIntentInput, ProviderError } from './types';

export const BANK_AUTHORIZE_PATH = '/sandbox/truelayer/authorize';

export type BankAction = 'approve' | 'cancel' | 'fail';

/**
 * Cancels a sandbox bank payment the buyer has not authorised, inside the caller's transaction (see
 * cancelSandboxIntent); an id the sandbox never made changes nothing.
 */
export async function cancelSandboxBankPayment(tx: DbOrTx, id: string, now: Date): Promise<void> {
  await tx
    .updateTable('sandbox_bank_payments')
    .set({ status: 'cancelled', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * The TrueLayer-like open-banking sandbox: a payment row the bank portal page (/sandbox/truelayer/authorize)
 * approves, cancels or fails. An approved payment is 'authorizing' for `settleMs` and then 'executed', like a bank
 * that confirms a little later, so the page's polling is exercised.
 */
export class SandboxBankProvider implements BankProvider {
  readonly name = 'truelayer' as const;
  readonly sandbox = true;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly settleMs: number,
  ) {}

  async createPayment(input: CreateIntentInput & { reference: string }): Promise<{ id: string }> {
    const now = this.clock.now();
    const id = randomId('bp');
    await this.db
      .insertInto('sandbox_bank_payments')
      .values({
        id,
        amount_minor: input.amountMinor,
        currency: input.currency,
        reference: input.reference,
        status: 'pending',
        executes_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { id };
  }

  authUrl(paymentId: string): string {
    return `${BANK_AUTHORIZE_PATH}?payment_id=${encodeURIComponent(paymentId)}`;
  }

  async payment(paymentId: string) {
    return this.db.selectFrom('sandbox_bank_payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
  }

  /** The payment's status now: an approval whose delay has passed becomes 'executed' (once, in the row). */
  async status(paymentId: string): Promise<BankPaymentStatus> {
    const now = this.clock.now();
    await this.db
      .updateTable('sandbox_bank_payments')
      .set({ status: 'executed', updated_at: now })
      .where('id', '=', paymentId)
      .where('status', '=', 'authorizing')
      .where('executes_at', '<=', now)
      .execute();
    const row = await this.payment(paymentId);
    if (!row) throw new ProviderError(paymentMessages.noBankPayment, 'resource_missing', 404);
    return row.status;
  }

  async retrieve(paymentId: string): Promise<{ status: BankPaymentStatus; amountMinor: number; currency: string }> {
    const status = await this.status(paymentId);
    const row = await this.payment(paymentId);
    if (!row) throw new ProviderError(paymentMessages.noBankPayment, 'resource_missing', 404);
    return { status, amountMinor: row.amount_minor, currency: row.currency };
  }

  async cancel(paymentId: string): Promise<BankPaymentStatus> {
    await cancelSandboxBankPayment(this.db, paymentId, this.clock.now());
    return this.status(paymentId);
  }

  /** The portal's buttons. Only a pending payment can be decided; the answer is the status it has now. */
  async decide(paymentId: string, action: BankAction): Promise<SandboxBankStatus | undefined> {
    const now = this.clock.now();
    const status: SandboxBankStatus =
      action === 'approve' ? 'authorizing' : action === 'cancel' ? 'cancelled' : 'failed';
    await this.db
      .updateTable('sandbox_bank_payments')
      .set({
        status,
        executes_at: action === 'approve' ? new Date(now.getTime() + this.settleMs) : null,
        updated_at: now,
      })
      .where('id', '=', paymentId)
      .where('status', '=', 'pending')
      .execute();
    return (await this.payment(paymentId))?.status;
  }

  async refund(paymentId: string): Promise<void> {
    await this.db
      .updateTable('sandbox_bank_payments')
      .set({ refunded: true, updated_at: this.clock.now() })
      .where('id', '=', paymentId)
      .where(sql<boolean>`status = 'executed'`)
      .execute();
  }
}
