import type { Tx } from '../db/schema';
import { DomainEventSchema, type DomainEvent, type DomainEventType } from './events';
import { type Published, subscribersOf } from './subscribers';

/**
 * Records that something happened, in the caller's transaction, and runs the event's subscribers in it: the event row
 * and whatever the subscribers write exist exactly when the change does. The event is checked against its schema
 * first, so a row in domain_events is always one the union describes. Returns the row's id.
 */
export async function publish(tx: Tx, event: DomainEvent, now: Date): Promise<number> {
  const parsed = DomainEventSchema.parse(event);
  const { type, ...data } = parsed;
  const row = await tx
    .insertInto('domain_events')
    .values({ type, data: JSON.stringify(data), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const subscriber of subscribersOf(type)) {
    // subscribersOf gave only the subscribers of this event's type, which TypeScript cannot follow through the union.
    const handle = subscriber.handle as (tx: Tx, published: Published<DomainEventType>) => Promise<void>;
    await handle(tx, { id: row.id, event: parsed, now });
  }
  return row.id;
}
