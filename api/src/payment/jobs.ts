import type { AppDeps } from '../deps';
import { type Job, type JobHandler, type JobRunner, startJobRunner } from '../jobs/queue';
import type { PaymentProviders } from './providers';
import { BANK_SETTLE_JOB } from './routes';
import { saleOfProviderPayment } from './sale-context';
import { CANCEL_JOB, type CancelJobPayload } from './cancel-open';
import { collectedBy, REFUND_JOB, type RefundJobPayload, runRefund, settleSalePaid } from './settle';

export const PAYMENT_JOB_KINDS = [REFUND_JOB, BANK_SETTLE_JOB, CANCEL_JOB] as const;

/**
 * Settles the sale a bank payment pays for once the bank executed it, with what the provider says it collected. Throws
 * while the payment is still on its way (the bank-settle job is then tried again later); a cancelled or failed payment,
 * or one of no sale of ours, settles nothing. The bank-settle job and TrueLayer's webhook both end here.
 */
export async function settleBankPayment(deps: AppDeps, providers: PaymentProviders, paymentId: string): Promise<void> {
  const { db, clock, config } = deps;
  const bank = await providers.bank.retrieve(paymentId);
  if (bank.status === 'authorizing' || bank.status === 'pending')
    throw new Error(`bank payment ${paymentId} is still ${bank.status}`);
  if (bank.status !== 'executed') return;
  const link = await saleOfProviderPayment(db, paymentId);
  if (!link) return;
  await settleSalePaid(db, {
    saleId: link.sale_id,
    provider: 'truelayer',
    providerPaymentId: paymentId,
    amountMinor: bank.amountMinor,
    currency: bank.currency,
    now: clock.now(),
    refundProtectionBp: config.sale.refundProtectionBp,
  });
}

/**
 * The payment domain's durable jobs: refunds (a payment that arrived too late, or a second payment for a paid
 * sale) and the settling of bank payments whose buyer never came back to the checkout.
 */
export function paymentJobHandlers(deps: AppDeps, providers: PaymentProviders): Record<string, JobHandler> {
  const { db, clock, config } = deps;
  return {
    [REFUND_JOB]: async (payload) => runRefund(db, providers, payload as RefundJobPayload, clock.now()),
    // Not executed yet (a slow bank): the job is retried later; cancelled or failed: nothing to settle.
    [BANK_SETTLE_JOB]: async (payload) =>
      settleBankPayment(deps, providers, (payload as { paymentId: string }).paymentId),
    // A payment cancelled by a change of price: the provider is told, so its client secret or bank link is dead. One
    // that collected before the cancel reached the provider is settled, which refunds it (it no longer pays for the
    // basket); one still in flight is looked at again later.
    [CANCEL_JOB]: async (payload) => {
      const { saleId, provider, providerPaymentId } = payload as CancelJobPayload;
      if (provider === 'stripe') {
        const intent = await providers.card.cancelIntent(providerPaymentId);
        if (intent.status === 'processing') throw new Error(`card payment ${providerPaymentId} is still processing`);
      } else if (provider === 'truelayer') {
        const status = await providers.bank.cancel(providerPaymentId);
        if (status === 'authorizing') throw new Error(`bank payment ${providerPaymentId} is still authorizing`);
      }
      const collected = await collectedBy(providers, provider, providerPaymentId);
      if (collected)
        await settleSalePaid(db, {
          saleId,
          provider,
          providerPaymentId,
          ...collected,
          now: clock.now(),
          refundProtectionBp: config.sale.refundProtectionBp,
        });
    },
  };
}

/** The runner of the payment jobs only (`kinds`), so other domains' runners never claim them and vice versa. */
export function startPaymentJobs(
  deps: AppDeps,
  providers: PaymentProviders,
  onError: (error: unknown, job?: Job) => void,
): JobRunner {
  return startJobRunner({
    db: deps.db,
    clock: deps.clock,
    handlers: paymentJobHandlers(deps, providers),
    kinds: PAYMENT_JOB_KINDS,
    intervalMs: deps.config.payment.jobsIntervalMs,
    onError,
  });
}
