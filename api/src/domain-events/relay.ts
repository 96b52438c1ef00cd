import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { type Periodic, startPeriodic } from '../jobs/periodic';
import type { Clock } from '../platform/clock';
import { DomainEventSchema, type DomainEvent, type DomainEventOf, type DomainEventType } from './events';

/**
 * Reacts to one type of event once the transaction that published it has committed, in whichever api process claims
 * the event first: for what lives outside the database (process memory: the metrics counters), where reacting inside
 * the transaction would count work that then rolled back. It runs after the fact and may not fail the change, so it
 * is synchronous and cheap; anything that writes rows belongs in an in-transaction subscriber (subscribers.ts).
 */
export type AfterCommitSubscriber = {
  [T in DomainEventType]: {
    /** Names it in errors. */
    name: string;
    type: T;
    handle: (event: DomainEventOf<T>) => void;
  };
}[DomainEventType];

interface ClaimedRow {
  id: number;
  type: string;
  data: unknown;
}

/** At most this many events per claim; a relay run claims again until fewer come back. */
const BATCH = 500;

export interface RelayResult {
  relayed: number;
  /** Rows whose type and data no schema describes (never expected: publish checks every event). */
  unreadable: number;
}

/**
 * Claims the events no process has relayed yet and hands each to its after-commit subscribers. The claim is one
 * statement (it commits on its own), and SKIP LOCKED lets every replica relay at once without two taking the same
 * event: each event is relayed exactly once across the fleet, so per-process counters sum to the true totals. An
 * event whose subscriber throws is still relayed (the error is reported, the others go on).
 */
export async function relayDomainEvents(
  db: Db,
  subscribers: readonly AfterCommitSubscriber[],
  now: Date,
  onError: (error: unknown, subscriber: string) => void,
): Promise<RelayResult> {
  const result: RelayResult = { relayed: 0, unreadable: 0 };
  for (;;) {
    const { rows } = await sql<ClaimedRow>`
      UPDATE domain_events SET relayed_at = ${now}
      WHERE id IN (
        SELECT id FROM domain_events WHERE relayed_at IS NULL ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
      )
      RETURNING id, type, data`.execute(db);
    for (const row of [...rows].sort((a, b) => a.id - b.id)) {
      const parsed = DomainEventSchema.safeParse({ ...(row.data as object), type: row.type });
      if (!parsed.success) {
        result.unreadable += 1;
        onError(new Error(`domain event ${row.id} (${row.type}) does not match its schema`), 'relay');
        continue;
      }
      result.relayed += 1;
      handOn(parsed.data, subscribers, onError);
    }
    if (rows.length < BATCH) return result;
  }
}

function handOn(
  event: DomainEvent,
  subscribers: readonly AfterCommitSubscriber[],
  onError: (error: unknown, subscriber: string) => void,
): void {
  for (const subscriber of subscribers) {
    if (subscriber.type !== event.type) continue;
    try {
      // The type check above matched the subscriber to the event, which TypeScript cannot follow through the union.
      (subscriber.handle as (event: DomainEvent) => void)(event);
    } catch (error) {
      onError(error, subscriber.name);
    }
  }
}

export interface RelayOptions {
  db: Db;
  clock: Clock;
  subscribers: readonly AfterCommitSubscriber[];
  intervalMs: number;
  onError: (error: unknown, subscriber: string) => void;
}

/** Relays every `intervalMs` and on demand (a metrics scrape relays first, so it reports everything committed). */
export function startDomainEventRelay(options: RelayOptions): Periodic<RelayResult> {
  return startPeriodic({
    run: () => relayDomainEvents(options.db, options.subscribers, options.clock.now(), options.onError),
    intervalMs: options.intervalMs,
    onError: (error) => options.onError(error, 'relay'),
  });
}
