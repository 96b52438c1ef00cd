import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { DbOrTx } from '../../db/schema';

/** Expired windows deleted at most per new window: each delete stays short, and the table never outgrows its live rows by much. */
const EXPIRED_BATCH = 100;

export interface WindowCount {
  /** Requests of the bucket in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/**
 * Counts one request of `bucket` in the fixed window of `windowMs` that `now` falls in. Windows are aligned to the
 * epoch, so every replica agrees on them without asking; one upsert counts and reads atomically under concurrency.
 * The first request of a bucket's new window also deletes a batch of anyone's expired windows (SKIP LOCKED: two
 * replicas cleaning at once neither wait for nor deadlock on each other).
 */
export async function countRequest(db: DbOrTx, bucket: string, windowMs: number, now: Date): Promise<WindowCount> {
  const startMs = Math.floor(now.getTime() / windowMs) * windowMs;
  const row = await db
    .insertInto('request_rate_windows')
    .values({ bucket, window_start: new Date(startMs), window_end: new Date(startMs + windowMs), hits: 1 })
    .onConflict((oc) =>
      oc.columns(['bucket', 'window_start']).doUpdateSet((eb) => ({ hits: eb('request_rate_windows.hits', '+', 1) })),
    )
    .returning(['hits', 'window_end'])
    .executeTakeFirstOrThrow();
  if (row.hits === 1) await deleteExpiredWindows(db, now);
  return { current: row.hits, ttl: Math.max(0, row.window_end.getTime() - now.getTime()) };
}

/** Deletes up to a batch of windows that ended at or before `now`; answers how many. */
export async function deleteExpiredWindows(db: DbOrTx, now: Date): Promise<number> {
  const result = await sql`
    DELETE FROM request_rate_windows WHERE (bucket, window_start) IN (
      SELECT bucket, window_start FROM request_rate_windows WHERE window_end <= ${now}
      ORDER BY window_end LIMIT ${EXPIRED_BATCH} FOR UPDATE SKIP LOCKED
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * A store for @fastify/rate-limit that keeps its counts in the database (request_rate_windows), so every replica on
 * one PostgreSQL counts the same requests; on PGlite (one process) it is the same table. The library makes the store
 * itself (`new Store(options)`), so the database and clock are closed over here.
 */
export function databaseRateLimitStore(db: DbOrTx, clock: Clock): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: WindowCount) => void, timeWindow: number): void {
      countRequest(db, key, timeWindow, clock.now()).then(
        (count) => callback(null, count),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** Buckets are named by their limiter (the key generator), so every route can share one store. */
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
