import { sql } from 'kysely';
import type { Clock } from '../platform/clock';
import type { Db } from '../db/schema';
import { type Periodic, startPeriodic } from './periodic';

export interface RetentionPolicy {
  /** Jobs finished ('done') longer ago than this are deleted (JOB_RETENTION_DAYS). */
  jobDays: number;
  /** Mail sent longer ago than this is deleted (OUTBOX_RETENTION_DAYS). */
  outboxDays: number;
}

export interface RetentionResult {
  jobs: number;
  messages: number;
}

const DAY_MS = 24 * 60 * 60_000;
/** Rows per delete: each statement stays short, so it never holds the tables' locks for long. */
const BATCH = 1000;

async function deleteInBatches(run: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await run();
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/** The next batch of 'done' jobs finished before `before` (the jobs_done_finished index holds just those). */
export const finishedJobIds = (before: Date) =>
  sql`SELECT id FROM jobs WHERE status = 'done' AND finished_at < ${before} LIMIT ${BATCH}`;

/** The next batch of messages sent before `before` (the outbox_sent index holds just the sent ones). */
export const sentMessageIds = (before: Date) =>
  sql`SELECT id FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ${before} LIMIT ${BATCH}`;

/**
 * Deletes what is finished and old: jobs that are 'done' (never pending, running or failed ones: a failed job is the
 * record someone has to look at) and outbox messages that were sent (never unsent ones: without SMTP the outbox is all
 * there is, and an SMS row is never 'sent'). Ages count from when they finished or were sent.
 */
export async function sweepRetention(db: Db, now: Date, policy: RetentionPolicy): Promise<RetentionResult> {
  const jobsBefore = new Date(now.getTime() - policy.jobDays * DAY_MS);
  const mailBefore = new Date(now.getTime() - policy.outboxDays * DAY_MS);
  const jobs = await deleteInBatches(async () => {
    const result = await sql`DELETE FROM jobs WHERE id IN (${finishedJobIds(jobsBefore)})`.execute(db);
    return Number(result.numAffectedRows ?? 0n);
  });
  const messages = await deleteInBatches(async () => {
    const result = await sql`DELETE FROM outbox WHERE id IN (${sentMessageIds(mailBefore)})`.execute(db);
    return Number(result.numAffectedRows ?? 0n);
  });
  return { jobs, messages };
}

export type RetentionSweeper = Periodic<RetentionResult>;

export interface RetentionSweeperOptions {
  db: Db;
  clock: Clock;
  policy: RetentionPolicy;
  intervalMs: number;
  onError: (error: unknown) => void;
  onSwept?: (result: RetentionResult) => void;
}

/** Runs sweepRetention every `intervalMs`, never two at once in one process (replicas sweeping together is harmless). */
export function startRetentionSweeper(options: RetentionSweeperOptions): RetentionSweeper {
  return startPeriodic({
    run: () => sweepRetention(options.db, options.clock.now(), options.policy),
    intervalMs: options.intervalMs,
    onError: options.onError,
    onResult: options.onSwept,
    worthTelling: (result) => result.jobs > 0 || result.messages > 0,
  });
}
