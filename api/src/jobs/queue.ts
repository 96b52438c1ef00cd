import { sql, type Selectable } from 'kysely';
import type { Clock } from '../platform/clock';
import type { Db, DbOrTx, JobsTable } from '../db/schema';

/**
 * Durable jobs (instalment charges, scheduled gifts, mail retries): rows in `jobs`, so they survive a restart, and
 * claimed with FOR UPDATE SKIP LOCKED, so several api replicas share them without running one twice. A claim is a
 * lease: a job whose runner died is claimed again once its lease runs out.
 */
export type Job = Selectable<JobsTable>;

export interface NewJob {
  kind: string;
  payload?: unknown;
  runAt: Date;
  /** At most one pending or running job per key: enqueueing it again does nothing. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/** Adds a job (inside the caller's transaction when given one, so the job exists exactly when the change does). */
export async function enqueueJob(db: DbOrTx, job: NewJob, now: Date): Promise<number | undefined> {
  const row = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? {}),
      run_at: job.runAt,
      dedupe_key: job.dedupeKey ?? null,
      ...(job.maxAttempts ? { max_attempts: job.maxAttempts } : {}),
      created_at: now,
    })
    // The predicate is literal SQL: PostgreSQL matches a partial unique index only against constants, not parameters.
    .onConflict((oc) =>
      oc
        .column('dedupe_key')
        .where(sql<boolean>`dedupe_key IS NOT NULL AND status IN ('pending', 'running')`)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Takes up to `limit` due jobs (or jobs whose lease lapsed) for `leaseMs`; only jobs of `kinds` when given, so a
 * runner that handles some kinds never claims (and fails) another runner's jobs.
 */
export async function claimJobs(
  db: Db,
  now: Date,
  limit: number,
  leaseMs: number,
  kinds?: readonly string[],
): Promise<Job[]> {
  const leaseEnd = new Date(now.getTime() + leaseMs);
  return db
    .updateTable('jobs')
    .set((eb) => ({ status: 'running', locked_until: leaseEnd, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where((w) =>
          w.or([
            w.and([w('status', '=', 'pending'), w('run_at', '<=', now)]),
            w.and([w('status', '=', 'running'), w('locked_until', '<=', now)]),
          ]),
        )
        .$if(kinds !== undefined, (qb) => qb.where('kind', 'in', kinds && kinds.length > 0 ? [...kinds] : ['']))
        .orderBy('run_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

export async function completeJob(db: Db, job: Job, now: Date): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'done', finished_at: now, locked_until: null })
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .execute();
}

/** Retries with exponential backoff (30 s, 1 min, 2 min, …) until max_attempts, then marks the job failed. */
export async function failJob(db: Db, job: Job, error: unknown, now: Date): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const finalAttempt = job.attempts >= job.max_attempts;
  await db
    .updateTable('jobs')
    .set({
      status: finalAttempt ? 'failed' : 'pending',
      last_error: message.slice(0, 2000),
      locked_until: null,
      run_at: finalAttempt ? job.run_at : new Date(now.getTime() + 30_000 * 2 ** (job.attempts - 1)),
      finished_at: finalAttempt ? now : null,
    })
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .execute();
}

export type JobHandler = (payload: unknown, job: Job) => Promise<void>;

export interface JobRunnerOptions {
  db: Db;
  clock: Clock;
  /** By job kind. A job of an unknown kind fails (and is retried: a newer replica may know it). */
  handlers: Record<string, JobHandler>;
  /** Claim only jobs of these kinds (a runner per domain); all kinds when absent. */
  kinds?: readonly string[];
  intervalMs: number;
  batchSize?: number;
  leaseMs?: number;
  onError: (error: unknown, job?: Job) => void;
}

export interface JobRunner {
  /** Runs every due job now; resolves with how many ran. */
  runDue(): Promise<number>;
  stop(): Promise<void>;
}

/** How long a claimed job is its runner's (JOB_LEASE_MS, default 5 minutes): a job whose runner died runs again after it. */
export function jobLeaseMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.JOB_LEASE_MS ?? '');
  return Number.isInteger(value) && value >= 1000 ? value : 5 * 60_000;
}

export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, clock, handlers } = options;
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? jobLeaseMs();
  let running: Promise<number> | undefined;
  let stopped = false;

  const runOnce = async (): Promise<number> => {
    let ran = 0;
    for (;;) {
      const jobs = await claimJobs(db, clock.now(), batchSize, leaseMs, options.kinds);
      for (const job of jobs) {
        try {
          const handler = handlers[job.kind];
          if (!handler) throw new Error(`No handler for jobs of kind '${job.kind}'`);
          await handler(job.payload, job);
          await completeJob(db, job, clock.now());
        } catch (error) {
          options.onError(error, job);
          await failJob(db, job, error, clock.now());
        }
        ran += 1;
      }
      if (jobs.length < batchSize || stopped) return ran;
    }
  };

  const runDue = (): Promise<number> => {
    running ??= runOnce().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer = setInterval(() => {
    if (!stopped) runDue().catch((error: unknown) => options.onError(error));
  }, options.intervalMs);
  timer.unref();

  return {
    runDue,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

/** How many jobs of a kind are waiting (tests and the health page). */
export async function pendingJobs(db: Db, kind: string): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return row.n;
}
