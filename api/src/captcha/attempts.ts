import { sql } from 'kysely';
import type { DbOrTx } from '../db/schema';
import { rateKey } from '../http/rate-limit';

/** The window is counted in this many buckets: an attempt leaves the count at most one bucket early, never late. */
const BUCKETS_PER_WINDOW = 10;

/**
 * Reserve attempts per client address, counted in the database (rate_limit_counters, like the one-time-code limits in
 * http/rate-limit.ts), so every api replica counts the same attempts: a client spread over several replicas meets
 * the captcha after the same number of attempts as one talking to a single replica.
 *
 * The window slides in buckets of a tenth of it: the count is the attempts of every bucket that started within the
 * last `windowSeconds`, so attempts stop counting once the window has passed them. One statement records the attempt
 * and reads the count. Answers the count, this attempt included.
 */
export async function recordReserveAttempt(
  db: DbOrTx,
  address: string,
  windowSeconds: number,
  now: Date,
): Promise<number> {
  const key = rateKey('captcha-reserve', address);
  const windowMs = windowSeconds * 1000;
  const bucketMs = Math.max(1, Math.floor(windowMs / BUCKETS_PER_WINDOW));
  const bucket = new Date(Math.floor(now.getTime() / bucketMs) * bucketMs);
  const since = new Date(now.getTime() - windowMs);
  const { rows } = await sql<{ hits: number; earlier: number }>`
    WITH current AS (
      INSERT INTO rate_limit_counters AS c (key, window_start, hits) VALUES (${key}, ${bucket}, 1)
      ON CONFLICT (key, window_start) DO UPDATE SET hits = c.hits + 1
      RETURNING hits
    )
    SELECT current.hits,
      coalesce((SELECT sum(p.hits) FROM rate_limit_counters p WHERE p.key = ${key} AND p.window_start > ${since} AND p.window_start <> ${bucket}), 0)::int AS earlier
    FROM current`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('recordReserveAttempt: the counter answered no row');
  // The first attempt of a bucket clears this address's buckets that no longer count.
  if (row.hits === 1)
    await db.deleteFrom('rate_limit_counters').where('key', '=', key).where('window_start', '<=', since).execute();
  return row.hits + row.earlier;
}
