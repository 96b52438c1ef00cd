import * as messages from '@checkout/shared/messages/payment';
import type { Tx } from '../db/schema';
import { enqueueJob } from '../jobs/queue';
import { cancelSandboxBankPayment } from './providers/sandbox-bank';
import { cancelSandboxIntent } from './providers/sandbox-card';

/**
 * Ending a sale's open payment when what the sale costs changes. Kept apart from open-payment.ts so that the sale
 * domain, which calls it on every change of price, depends on nothing but the database and the job queue.
 */

export const CANCEL_JOB = 'payment.cancel';

export interface CancelJobPayload {
  saleId: number;
  provider: string;
  providerPaymentId: string;
}

/** The statuses of a sale's one payment slot (a partial unique index allows one such row per sale). */
export const LIVE = ['creating', 'open'] as const;

/**
 * Ends the sale's open payment because what the sale costs changed (or it is being paid another way): in the caller's
 * transaction, which holds the sale's lock. The row stops being payable at once (settling refunds anything it still
 * collects); the provider is told by a durable job, and the offline sandboxes, whose state is in this database, in
 * this same transaction. A payment still being created has no provider id yet: its request sees the cancellation
 * when it finishes and ends it there.
 */
export async function cancelOpenPayments(tx: Tx, saleId: number, now: Date): Promise<void> {
  const ended = await tx
    .updateTable('sale_provider_payments')
    .set({ status: 'cancelled', updated_at: now })
    .where('sale_id', '=', saleId)
    .where('status', 'in', [...LIVE])
    .returning(['provider', 'provider_payment_id'])
    .execute();
  for (const row of ended) {
    if (row.provider_payment_id)
      await cancelAtProvider(tx, { saleId, provider: row.provider, providerPaymentId: row.provider_payment_id }, now);
  }
}

export async function cancelAtProvider(tx: Tx, payload: CancelJobPayload, now: Date): Promise<void> {
  if (payload.provider === 'stripe')
    await cancelSandboxIntent(tx, payload.providerPaymentId, messages.paymentCancelledBasketChanged, now);
  else if (payload.provider === 'truelayer') await cancelSandboxBankPayment(tx, payload.providerPaymentId, now);
  else return; // square and free payments are taken in the request that creates them: nothing stays open to cancel
  await enqueueJob(
    tx,
    {
      kind: CANCEL_JOB,
      payload,
      runAt: now,
      dedupeKey: `cancel:${payload.provider}:${payload.providerPaymentId}`,
      maxAttempts: 20,
    },
    now,
  );
}
