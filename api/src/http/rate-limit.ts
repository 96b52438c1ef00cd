import { createHash } from 'node:crypto';
import type { DbOrTx } from '../db/schema';

/** At most `limit` hits in any `windowSeconds` (approximately: see hitRateLimit). */
export interface RateRule {
  limit: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  /** When refused: seconds until the current window ends (an upper bound on the wait). */
  retryAfterSeconds: number;
}

/** Keys name what is limited without storing an email address in the clear. */
export function rateKey(scope: string, subject: string): string {
  return `${scope}:${createHash('sha256').update(subject).digest('base64url').slice(0, 22)}`;
}

/**
 * A sliding-window counter kept in the database, so every api replica counts the same hits: the current window's hits
 * plus the previous window's, weighted by how much of it still overlaps the last `windowSeconds`. One upsert is atomic
 * under concurrency; a refused hit is taken back, so retrying while refused does not extend the wait.
 */
export async function hitRateLimit(db: DbOrTx, key: string, rule: RateRule, now: Date): Promise<RateDecision> {
  const windowMs = rule.windowSeconds * 1000;
  const startMs = Math.floor(now.getTime() / windowMs) * windowMs;
  const previousStart = new Date(startMs - windowMs);
  const current = await db
    .insertInto('rate_limit_counters')
    .values({ key, window_start: new Date(startMs), hits: 1 })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ hits: eb('rate_limit_counters.hits', '+', 1) })),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  // The first hit of a window clears this key's windows that no longer count.
  if (current.hits === 1)
    await db
      .deleteFrom('rate_limit_counters')
      .where('key', '=', key)
      .where('window_start', '<', previousStart)
      .execute();
  const previous = await db
    .selectFrom('rate_limit_counters')
    .select('hits')
    .where('key', '=', key)
    .where('window_start', '=', previousStart)
    .executeTakeFirst();
  const overlap = 1 - (now.getTime() - startMs) / windowMs;
  const weighted = (previous?.hits ?? 0) * overlap + current.hits;
  if (weighted <= rule.limit) return { allowed: true, retryAfterSeconds: 0 };
  await takeBackHit(db, key, rule, now);
  return { allowed: false, retryAfterSeconds: Math.ceil((startMs + windowMs - now.getTime()) / 1000) };
}

/** Un-counts one hit of the current window (a request that was counted but then did nothing). */
export async function takeBackHit(db: DbOrTx, key: string, rule: RateRule, now: Date): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const startMs = Math.floor(now.getTime() / windowMs) * windowMs;
  await db
    .updateTable('rate_limit_counters')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('key', '=', key)
    .where('window_start', '=', new Date(startMs))
    .where('hits', '>', 0)
    .execute();
}
