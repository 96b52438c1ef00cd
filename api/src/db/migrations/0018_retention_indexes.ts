/**
 * The retention sweep (jobs/retention.ts) finds old finished rows by when they finished: without these it reads
 * every job and every message each time, and those are the two tables that grow without end. Each index holds only
 * the rows the sweep may delete, so it costs nothing for pending jobs or unsent mail. Plain SQL for PostgreSQL 15 and
 * PGlite.
 */
export const statements: readonly string[] = [
  `CREATE INDEX jobs_done_finished ON jobs (finished_at) WHERE status = 'done'`,
  `CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL`,
];
