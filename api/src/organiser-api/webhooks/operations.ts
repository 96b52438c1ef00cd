import { randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import * as z from 'zod/mini';
import {
  type DbOrTx,
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveriesTable,
  type WebhookEndpointsTable,
  type WebhookEventType,
} from '../../db/schema';
import { HttpError } from '../../http/errors';
import { enqueueJob } from '../../jobs/queue';
import { defineOperation, idParam, notFound, refused } from '../operation';
import { pageLimit, pageQuery, pageSchema, toPage } from '../pagination';
import { named } from '../schemas';
import { WEBHOOK_DELIVER_JOB, WEBHOOK_MAX_ATTEMPTS } from './record';
import { checkWebhookUrl, MAX_URL_LENGTH } from './url-rules';

/** Live endpoints per organiser: every event is sent to each, so their number is bounded. */
export const MAX_LIVE_ENDPOINTS = 16;
/** Attempts shown with each delivery in the log, latest last. */
const ATTEMPTS_SHOWN = 20;

export const webhookMessages = {
  tooMany: `An organiser can have at most ${MAX_LIVE_ENDPOINTS} live webhook endpoints: disable one first.`,
  notFailed: (status: string) => `Only a failed delivery can be retried; this one is ${status}.`,
  endpointDisabled: 'This endpoint is disabled: enable it (PATCH disabled: false) before retrying its deliveries.',
} as const;

const timestamp = z.string().check(z.iso.datetime());
const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .check(z.minLength(1), z.maxLength(WEBHOOK_EVENT_TYPES.length * 2));

export const WebhookEndpointSchema = named(
  z.object({
    id: z.number(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    disabled: z.boolean(),
    created_at: timestamp,
    disabled_at: z.nullable(timestamp),
  }),
  'WebhookEndpoint',
  'A URL that receives the organiser’s events of the listed types, each POSTed as JSON and signed with the endpoint’s secret (Checkout-Signature header)',
);

export const CreatedWebhookEndpointSchema = named(
  z.object({ ...WebhookEndpointSchema.shape, secret: z.string() }),
  'CreatedWebhookEndpoint',
  'A new endpoint with its signing secret (`whsec_…`), shown this once: keep it to verify deliveries',
);

export const WebhookAttemptSchema = named(
  z.object({
    attempted_at: timestamp,
    status_code: z.nullable(z.number()),
    error: z.nullable(z.string()),
    duration_ms: z.number(),
  }),
  'WebhookAttempt',
  'One attempt at a delivery: the receiver’s HTTP status, or why there was none (timeout, refused connection)',
);

export const WebhookDeliverySchema = named(
  z.object({
    id: z.number(),
    event_id: z.string(),
    event_type: z.enum(WEBHOOK_EVENT_TYPES),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number(),
    last_status_code: z.nullable(z.number()),
    last_error: z.nullable(z.string()),
    last_attempt_at: z.nullable(timestamp),
    next_attempt_at: z.nullable(timestamp),
    delivered_at: z.nullable(timestamp),
    created_at: timestamp,
    attempt_log: z.array(WebhookAttemptSchema),
  }),
  'WebhookDelivery',
  'An event sent to an endpoint: pending while attempts remain, delivered at the first 2xx, failed after the last attempt (retried with backoff over about 4 h)',
);

const endpointParams = z.object({ id: idParam });
const deliveryParams = z.object({ id: idParam, delivery_id: idParam });

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

function endpointView(row: Selectable<WebhookEndpointsTable>): z.input<typeof WebhookEndpointSchema> {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    disabled: row.disabled_at !== null,
    created_at: row.created_at.toISOString(),
    disabled_at: iso(row.disabled_at),
  };
}

const unique = (events: readonly WebhookEventType[]): WebhookEventType[] => [...new Set(events)];

async function validUrl(url: string, allowPrivateUrls: boolean): Promise<string> {
  const problem = await checkWebhookUrl(url, allowPrivateUrls);
  if (problem) throw new HttpError(400, problem, { url: problem });
  return url;
}

export const webhookOperations = [
  defineOperation({
    method: 'POST',
    path: '/webhooks',
    operationId: 'createWebhookEndpoint',
    summary: 'Add an endpoint that receives events',
    description:
      'The answer carries the endpoint’s signing secret, shown only here. In production the URL must be https and reach a public address.',
    tag: 'webhooks',
    scope: 'write',
    status: 201,
    body: z.strictObject({ url: z.string().check(z.maxLength(MAX_URL_LENGTH)), events: eventTypes }),
    response: CreatedWebhookEndpointSchema,
    async handler({ deps, organiserId, body }) {
      const url = await validUrl(body.url, deps.config.webhooks.allowPrivateUrls);
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      const row = await deps.db.transaction().execute(async (tx) => {
        // The organiser row locked: two creations at once cannot both pass the count.
        await tx.selectFrom('organisers').select('id').where('id', '=', organiserId).forUpdate().execute();
        const live = await tx
          .selectFrom('webhook_endpoints')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('organiser_id', '=', organiserId)
          .where('disabled_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (live.n >= MAX_LIVE_ENDPOINTS) throw refused(webhookMessages.tooMany);
        return tx
          .insertInto('webhook_endpoints')
          .values({
            organiser_id: organiserId,
            url,
            events: unique(body.events),
            secret,
            created_at: deps.clock.now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return { ...endpointView(row), secret };
    },
  }),
  defineOperation({
    method: 'GET',
    path: '/webhooks',
    operationId: 'listWebhookEndpoints',
    summary: 'The organiser’s endpoints, disabled ones included',
    tag: 'webhooks',
    scope: 'read',
    response: z.object({ data: z.array(WebhookEndpointSchema) }),
    async handler({ deps, organiserId }) {
      const rows = await deps.db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('organiser_id', '=', organiserId)
        .orderBy('id')
        .execute();
      return { data: rows.map(endpointView) };
    },
  }),
  defineOperation({
    method: 'GET',
    path: '/webhooks/:id',
    operationId: 'getWebhookEndpoint',
    summary: 'One endpoint (without its secret)',
    tag: 'webhooks',
    scope: 'read',
    params: endpointParams,
    response: WebhookEndpointSchema,
    async handler({ deps, organiserId, params }) {
      const row = await deps.db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('id', '=', params.id)
        .where('organiser_id', '=', organiserId)
        .executeTakeFirst();
      if (!row) throw notFound('webhook endpoint');
      return endpointView(row);
    },
  }),
  defineOperation({
    method: 'PATCH',
    path: '/webhooks/:id',
    operationId: 'updateWebhookEndpoint',
    summary: 'Change an endpoint’s URL or events, or disable or enable it',
    description: 'Disabling stops its pending deliveries; enabling sends it events from then on.',
    tag: 'webhooks',
    scope: 'write',
    params: endpointParams,
    body: z.strictObject({
      url: z.optional(z.string().check(z.maxLength(MAX_URL_LENGTH))),
      events: z.optional(eventTypes),
      disabled: z.optional(z.boolean()),
    }),
    response: WebhookEndpointSchema,
    async handler({ deps, organiserId, params, body }) {
      const url = body.url === undefined ? undefined : await validUrl(body.url, deps.config.webhooks.allowPrivateUrls);
      const now = deps.clock.now();
      const row = await deps.db.transaction().execute(async (tx) => {
        await tx.selectFrom('organisers').select('id').where('id', '=', organiserId).forUpdate().execute();
        const current = await tx
          .selectFrom('webhook_endpoints')
          .selectAll()
          .where('id', '=', params.id)
          .where('organiser_id', '=', organiserId)
          .executeTakeFirst();
        if (!current) throw notFound('webhook endpoint');
        if (body.disabled === false && current.disabled_at !== null) {
          const live = await tx
            .selectFrom('webhook_endpoints')
            .select(sql<number>`count(*)::int`.as('n'))
            .where('organiser_id', '=', organiserId)
            .where('disabled_at', 'is', null)
            .executeTakeFirstOrThrow();
          if (live.n >= MAX_LIVE_ENDPOINTS) throw refused(webhookMessages.tooMany);
        }
        const disabledAt =
          body.disabled === undefined ? current.disabled_at : body.disabled ? (current.disabled_at ?? now) : null;
        return tx
          .updateTable('webhook_endpoints')
          .set({
            url: url ?? current.url,
            events: body.events ? unique(body.events) : current.events,
            disabled_at: disabledAt,
          })
          .where('id', '=', current.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return endpointView(row);
    },
  }),
  defineOperation({
    method: 'DELETE',
    path: '/webhooks/:id',
    operationId: 'deleteWebhookEndpoint',
    summary: 'Disable an endpoint for good (it and its delivery log stay readable)',
    description:
      'Its pending deliveries stop. The same as PATCH disabled: true; a disabled endpoint can be enabled again.',
    tag: 'webhooks',
    scope: 'write',
    params: endpointParams,
    response: WebhookEndpointSchema,
    async handler({ deps, organiserId, params }) {
      const now = deps.clock.now();
      await deps.db
        .updateTable('webhook_endpoints')
        .set({ disabled_at: now })
        .where('id', '=', params.id)
        .where('organiser_id', '=', organiserId)
        .where('disabled_at', 'is', null)
        .execute();
      const row = await deps.db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('id', '=', params.id)
        .where('organiser_id', '=', organiserId)
        .executeTakeFirst();
      if (!row) throw notFound('webhook endpoint');
      return endpointView(row);
    },
  }),
  defineOperation({
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: 'The endpoint’s delivery log, oldest first, page by page',
    tag: 'webhooks',
    scope: 'read',
    params: endpointParams,
    query: z.object(pageQuery),
    response: pageSchema(WebhookDeliverySchema),
    async handler({ deps, organiserId, params, query }) {
      const endpoint = await deps.db
        .selectFrom('webhook_endpoints')
        .select('id')
        .where('id', '=', params.id)
        .where('organiser_id', '=', organiserId)
        .executeTakeFirst();
      if (!endpoint) throw notFound('webhook endpoint');
      const rows = await deliveryRows(deps.db, endpoint.id, { after: query.after ?? 0, limit: pageLimit(query) });
      return toPage(await withAttempts(deps.db, rows), query);
    },
  }),
  defineOperation({
    method: 'POST',
    path: '/webhooks/:id/deliveries/:delivery_id/retry',
    operationId: 'retryWebhookDelivery',
    summary: 'Send a failed delivery again, with a fresh round of attempts',
    tag: 'webhooks',
    scope: 'write',
    status: 202,
    params: deliveryParams,
    response: WebhookDeliverySchema,
    async handler({ deps, organiserId, params }) {
      const now = deps.clock.now();
      await deps.db.transaction().execute(async (tx) => {
        const delivery = await tx
          .selectFrom('webhook_deliveries as d')
          .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
          .select(['d.id', 'd.status', 'e.disabled_at'])
          .where('d.id', '=', params.delivery_id)
          .where('d.endpoint_id', '=', params.id)
          .where('e.organiser_id', '=', organiserId)
          .forUpdate()
          .executeTakeFirst();
        if (!delivery) throw notFound('webhook delivery');
        if (delivery.disabled_at !== null) throw refused(webhookMessages.endpointDisabled);
        if (delivery.status !== 'failed') throw refused(webhookMessages.notFailed(delivery.status));
        await tx.updateTable('webhook_deliveries').set({ status: 'pending' }).where('id', '=', delivery.id).execute();
        await enqueueJob(
          tx,
          {
            kind: WEBHOOK_DELIVER_JOB,
            payload: { deliveryId: delivery.id },
            runAt: now,
            dedupeKey: `webhook:${delivery.id}`,
            maxAttempts: WEBHOOK_MAX_ATTEMPTS,
          },
          now,
        );
      });
      const rows = await deliveryRows(deps.db, params.id, { only: params.delivery_id, limit: 1 });
      const [view] = await withAttempts(deps.db, rows);
      if (!view) throw notFound('webhook delivery');
      return view;
    },
  }),
];

type DeliveryRow = Pick<
  Selectable<WebhookDeliveriesTable>,
  'id' | 'status' | 'attempts' | 'last_status_code' | 'last_error' | 'last_attempt_at' | 'delivered_at' | 'created_at'
> & { event_id: string; event_type: WebhookEventType; next_attempt_at: Date | null };

function deliveryRows(
  db: DbOrTx,
  endpointId: number,
  window: { after?: number; only?: number; limit: number },
): Promise<DeliveryRow[]> {
  return (
    db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
      // The delivery's waiting job, if any: when the next attempt is due.
      .leftJoin('jobs as j', (join) =>
        join
          .on('j.dedupe_key', '=', sql<string>`'webhook:' || d.id`)
          .on('j.kind', '=', WEBHOOK_DELIVER_JOB)
          .on('j.status', '=', 'pending'),
      )
      .select([
        'd.id',
        'd.status',
        'd.attempts',
        'd.last_status_code',
        'd.last_error',
        'd.last_attempt_at',
        'd.delivered_at',
        'd.created_at',
        'ev.public_id as event_id',
        'ev.type as event_type',
        'j.run_at as next_attempt_at',
      ])
      .where('d.endpoint_id', '=', endpointId)
      .$if(window.after !== undefined, (qb) => qb.where('d.id', '>', window.after ?? 0))
      .$if(window.only !== undefined, (qb) => qb.where('d.id', '=', window.only ?? 0))
      .orderBy('d.id')
      .limit(window.limit)
      .execute()
  );
}

async function withAttempts(
  db: DbOrTx,
  rows: readonly DeliveryRow[],
): Promise<z.input<typeof WebhookDeliverySchema>[]> {
  const ids = rows.map((row) => row.id);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .selectFrom('webhook_delivery_attempts')
          .select(['delivery_id', 'attempted_at', 'status_code', 'error', 'duration_ms'])
          .where('delivery_id', 'in', ids)
          .orderBy('id')
          .execute();
  const byDelivery = new Map<number, z.input<typeof WebhookAttemptSchema>[]>();
  for (const attempt of attempts) {
    const list = byDelivery.get(attempt.delivery_id) ?? [];
    list.push({
      attempted_at: attempt.attempted_at.toISOString(),
      status_code: attempt.status_code,
      error: attempt.error,
      duration_ms: attempt.duration_ms,
    });
    byDelivery.set(attempt.delivery_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    last_attempt_at: iso(row.last_attempt_at),
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    delivered_at: iso(row.delivered_at),
    created_at: row.created_at.toISOString(),
    attempt_log: (byDelivery.get(row.id) ?? []).slice(-ATTEMPTS_SHOWN),
  }));
}
