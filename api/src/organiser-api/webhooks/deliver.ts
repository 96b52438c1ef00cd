import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { startJobRunner, type Job, type JobRunner } from '../../jobs/queue';
import { deliverableData } from './emit';
import { postWebhook } from './post';
import { WEBHOOK_DELIVER_JOB } from './record';
import { SIGNATURE_HEADER, signatureHeader } from './sign';

export const WEBHOOK_USER_AGENT = 'Checkout-Webhooks/1.0';

/** A receiver's refusal or silence: expected, retried by the queue, logged as a warning rather than reported as a bug. */
export class DeliveryAttemptFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryAttemptFailed';
  }
}

/** The body a receiver gets: the same for every attempt, so a receiver can keep the event id to ignore a repeat. */
export function eventBody(event: { public_id: string; type: string; created_at: Date; data: unknown }): string {
  return JSON.stringify({
    id: event.public_id,
    type: event.type,
    created: Math.floor(event.created_at.getTime() / 1000),
    data: deliverableData(event.type, event.data),
  });
}

function deliveryIdOf(payload: unknown): number {
  const id = (payload as { deliveryId?: unknown } | null)?.deliveryId;
  if (typeof id !== 'number' || !Number.isInteger(id))
    throw new Error(`A ${WEBHOOK_DELIVER_JOB} job needs a deliveryId, got ${JSON.stringify(payload)}`);
  return id;
}

/**
 * One attempt at a delivery (a `webhook.deliver` job): the event signed with the endpoint's secret and POSTed to its
 * current URL. A 2xx delivers it; anything else is written to the log and thrown, so the queue tries again with
 * backoff (jobs/queue.ts failJob) until the job's last attempt, which fails the delivery. A disabled endpoint's
 * delivery stops here without a request.
 */
export async function attemptDelivery(deps: AppDeps, deliveryId: number, job: Pick<Job, 'attempts' | 'max_attempts'>) {
  const { db, clock, config } = deps;
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
    .select(['d.status', 'e.url', 'e.secret', 'e.disabled_at', 'ev.public_id', 'ev.type', 'ev.created_at', 'ev.data'])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
  if (!row) throw new Error(`Webhook delivery ${deliveryId} does not exist`);
  if (row.status !== 'pending') return;
  if (row.disabled_at) {
    await db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', last_error: 'The endpoint was disabled before this delivery succeeded.' })
      .where('id', '=', deliveryId)
      .where('status', '=', 'pending')
      .execute();
    return;
  }
  const body = eventBody(row);
  const started = clock.now();
  const outcome = await postWebhook(
    row.url,
    body,
    {
      'Content-Type': 'application/json',
      'User-Agent': WEBHOOK_USER_AGENT,
      [SIGNATURE_HEADER]: signatureHeader(row.secret, Math.floor(started.getTime() / 1000), body),
    },
    { timeoutMs: config.webhooks.timeoutMs, allowPrivateUrls: config.webhooks.allowPrivateUrls },
  );
  const finished = clock.now();
  const ok = outcome.statusCode !== undefined && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const error = ok
    ? null
    : (outcome.error ?? `The endpoint answered ${outcome.statusCode ?? 0}; only a 2xx counts as received.`);
  const lastAttempt = job.attempts >= job.max_attempts;
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('webhook_delivery_attempts')
      .values({
        delivery_id: deliveryId,
        attempted_at: started,
        status_code: outcome.statusCode ?? null,
        error,
        duration_ms: Math.max(0, finished.getTime() - started.getTime()),
      })
      .execute();
    await tx
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        status: ok ? 'delivered' : lastAttempt ? 'failed' : 'pending',
        attempts: eb('attempts', '+', 1),
        last_status_code: outcome.statusCode ?? null,
        last_error: error,
        last_attempt_at: started,
        ...(ok ? { delivered_at: finished } : {}),
      }))
      .where('id', '=', deliveryId)
      .where('status', '=', 'pending')
      .execute();
  });
  if (!ok) throw new DeliveryAttemptFailed(error ?? 'not delivered');
}

/** The runner of webhook deliveries (its kind only): receivers' failures are warnings, anything else `onError`. */
export function startWebhookRunner(
  deps: AppDeps,
  onError: (error: unknown, job?: Job) => void,
  log: FastifyBaseLogger,
  intervalMs = deps.config.webhooks.deliverEveryMs,
): JobRunner {
  return startJobRunner({
    db: deps.db,
    clock: deps.clock,
    handlers: { [WEBHOOK_DELIVER_JOB]: (payload, job) => attemptDelivery(deps, deliveryIdOf(payload), job) },
    kinds: [WEBHOOK_DELIVER_JOB],
    intervalMs,
    onError: (error, job) => {
      if (error instanceof DeliveryAttemptFailed)
        log.warn({ job_id: job?.id, attempt: job?.attempts, reason: error.message }, 'webhook delivery attempt failed');
      else onError(error, job);
    },
  });
}
