import type { AppDeps } from '../deps';
import { type JobHandler, type JobRunner, startJobRunner } from '../jobs/queue';
import type { PaymentProviders } from './providers';
import { BANK_SETTLE_JOB } from './routes';
import { saleOfProviderPayment } from './sale-context';
import { REFUND_JOB, type RefundJobPayload, runRefund, settleSalePaid } from './settle';

export const PAYMENT_JOB_KINDS = [REFUND_JOB, BANK_SETTLE_JOB] as const;

/**
 * The payment domain's durable jobs: refunds (a payment that arrived too late, or a second payment for a paid
 * sale) and the settling of bank payments whose buyer never came back to the checkout.
 */
export function paymentJobHandlers(deps: AppDeps, providers: PaymentProviders): Record<string, JobHandler> {
  const { db, clock, config } = deps;
  return {
    [REFUND_JOB]: async (payload) => runRefund(db, providers, payload as RefundJobPayload, clock.now()),
    [BANK_SETTLE_JOB]: async (payload) => {
      const { paymentId } = payload as { paymentId: string };
      const status = await providers.bank.status(paymentId);
      // Not executed yet (a slow bank): the job is retried later; cancelled or failed: nothing to settle.
      if (status === 'authorizing' || status === 'pending') throw new Error(`bank payment ${paymentId} is still ${status}`);
      if (status !== 'executed') return;
      const link = await saleOfProviderPayment(db, paymentId);
      if (!link) return;
      await settleSalePaid(db, {
        saleId: link.sale_id,
        provider: 'truelayer',
        providerPaymentId: paymentId,
        amountMinor: link.amount_minor,
        currency: link.currency,
        now: clock.now(),
        refundProtectionBp: config.sale.refundProtectionBp,
      });
    },
  };
}

/** The runner of the payment jobs only (`kinds`), so other domains' runners never claim them and vice versa. */
export function startPaymentJobs(deps: AppDeps, providers: PaymentProviders, onError: (error: unknown) => void): JobRunner {
  return startJobRunner({
    db: deps.db,
    clock: deps.clock,
    handlers: paymentJobHandlers(deps, providers),
    kinds: PAYMENT_JOB_KINDS,
    intervalMs: deps.config.payment.jobsIntervalMs,
    onError,
  });
}
