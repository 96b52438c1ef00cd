import { sql } from 'kysely';
import type { Db } from '../db/schema';

/**
 * How long a domain event row is kept. Its subscribers ran in its transaction, so nothing waits on the row: it is
 * the record of what happened, for looking into a change or replaying one into a new subscriber, and a month covers
 * both while the table stays small.
 */
export const DOMAIN_EVENT_RETENTION_DAYS = 30;

const DAY_MS = 24 * 60 * 60_000;

/** Deletes up to `batch` events older than the retention; resolves with how many went (the created_at index finds them). */
export async function deleteOldDomainEvents(db: Db, now: Date, batch: number): Promise<number> {
  const before = new Date(now.getTime() - DOMAIN_EVENT_RETENTION_DAYS * DAY_MS);
  const result = await sql`DELETE FROM domain_events WHERE id IN (
    SELECT id FROM domain_events WHERE created_at < ${before} ORDER BY created_at LIMIT ${batch})`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
