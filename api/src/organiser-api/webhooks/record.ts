import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DbOrTx, WebhookEventType } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';

export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';
/**
 * Attempts per delivery: the queue waits 30 s, 1, 2, 4 … 128 min between them (jobs/queue.ts failJob), so a receiver
 * that is down gets about 4 h 15 min to come back before the delivery is failed (and can then be retried by hand).
 */
export const WEBHOOK_MAX_ATTEMPTS = 10;

export interface WebhookEventInput {
  organiserId: number;
  type: WebhookEventType;
  /** The event's object, as the API shows it (an order, a ticket, a sale). */
  data: Record<string, unknown>;
}

/**
 * Records that something happened, inside the caller's transaction: the event exists exactly when the change does,
 * and each of the organiser's live endpoints subscribed to its type gets a delivery and a durable job to attempt it
 * (webhooks/deliver.ts). Returns the event's public id (`evt_…`), which deliveries carry so receivers can ignore a
 * repeat.
 */
export async function recordWebhookEvent(db: DbOrTx, event: WebhookEventInput, now: Date): Promise<string> {
  const publicId = `evt_${randomBytes(12).toString('base64url')}`;
  const row = await db
    .insertInto('webhook_events')
    .values({
      public_id: publicId,
      organiser_id: event.organiserId,
      type: event.type,
      data: JSON.stringify(event.data),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const endpoints = await db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('organiser_id', '=', event.organiserId)
    .where('disabled_at', 'is', null)
    .where(sql<boolean>`${event.type} = ANY(events)`)
    .execute();
  for (const endpoint of endpoints) {
    const delivery = await db
      .insertInto('webhook_deliveries')
      .values({ event_id: row.id, endpoint_id: endpoint.id, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueJob(
      db,
      {
        kind: WEBHOOK_DELIVER_JOB,
        payload: { deliveryId: delivery.id },
        runAt: now,
        dedupeKey: `webhook:${delivery.id}`,
        maxAttempts: WEBHOOK_MAX_ATTEMPTS,
      },
      now,
    );
  }
  return publicId;
}
