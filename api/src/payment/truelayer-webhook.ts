import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { enqueueJob } from '../jobs/queue';
import { settleBankPayment } from './jobs';
import type { PaymentProviders } from './providers';
import { WebhookRefused } from './providers/truelayer';
import { BANK_SETTLE_JOB } from './routes';
import { saleOfProviderPayment } from './sale-context';

export const TRUELAYER_WEBHOOK_PATH = '/webhooks/truelayer';

/** The request's headers as the signature library reads them: one string each, names lower case. */
function headersOf(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers[name] = value;
    else if (Array.isArray(value)) headers[name] = value.join(', ');
  }
  return headers;
}

const SETTLED_EVENTS = new Set(['payment_executed', 'payment_settled']);

/**
 * TrueLayer's webhook (POST /webhooks/truelayer, the URL set in TrueLayer's Console), served only with the real
 * adapter. It is outside the session context: TrueLayer's servers have no session or XSRF token; the signature is what
 * proves the sender. Nothing in the body is trusted beyond the payment id: what the payment collected is read from
 * TrueLayer's API by the same function the bank-settle job runs (settleBankPayment), which settles through settleSalePaid.
 *
 * - payment_executed / payment_settled: settled now; when that cannot be done yet (TrueLayer's API not caught up, the
 *   database busy) the durable bank-settle job does it.
 * - payment_authorized: the bank-settle job is queued, as the sandbox portal's approval does, so a buyer who closes
 *   the tab is still sold their tickets once the bank executes.
 * - anything else (failed payments, refunds) is acknowledged: the checkout reads a failure from TrueLayer itself.
 *
 * A 401 for a request that is not TrueLayer's; 200 once handled, so TrueLayer does not send it again; a 500 (TrueLayer
 * retries) only when not even the job could be queued.
 */
export function registerTruelayerWebhook(app: FastifyInstance, deps: AppDeps, providers: PaymentProviders): void {
  const truelayer = providers.truelayer;
  if (!truelayer) return;
  const { db, clock } = deps;
  const queueSettle = (paymentId: string) =>
    enqueueJob(
      db,
      {
        kind: BANK_SETTLE_JOB,
        payload: { paymentId },
        runAt: clock.now(),
        dedupeKey: `bank-settle:${paymentId}`,
        maxAttempts: 20,
      },
      clock.now(),
    );

  void app.register(async (scope) => {
    // The signature covers the body exactly as sent: it is kept as text and parsed only once verified.
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    scope.post(TRUELAYER_WEBHOOK_PATH, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const body = typeof request.body === 'string' ? request.body : '';
      try {
        await truelayer.verifyWebhook({
          path: request.url.split('?')[0] ?? TRUELAYER_WEBHOOK_PATH,
          headers: headersOf(request),
          body,
        });
      } catch (error) {
        if (!(error instanceof WebhookRefused)) throw error;
        request.log.warn({ reason: error.message }, 'TrueLayer webhook refused');
        return reply.code(401).send({ error: 'The webhook signature could not be verified.' });
      }
      let event: { type?: unknown; payment_id?: unknown };
      try {
        event = JSON.parse(body) as { type?: unknown; payment_id?: unknown };
      } catch {
        return reply.code(400).send({ error: 'The webhook body is not JSON.' });
      }
      const paymentId = typeof event.payment_id === 'string' ? event.payment_id : null;
      const type = typeof event.type === 'string' ? event.type : '';
      // Another product's payment (or not a payment event): nothing of ours to do.
      if (!paymentId || !(await saleOfProviderPayment(db, paymentId))) return reply.send({});
      if (SETTLED_EVENTS.has(type)) {
        try {
          await settleBankPayment(deps, providers, paymentId);
        } catch (error) {
          request.log.warn(
            { err: error, paymentId },
            'TrueLayer payment not settled from its webhook; the bank-settle job will',
          );
          await queueSettle(paymentId);
        }
      } else if (type === 'payment_authorized') {
        await queueSettle(paymentId);
      }
      return reply.send({});
    });
  });
}
