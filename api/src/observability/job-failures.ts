import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../jobs/queue';
import type { ErrorReporter } from './error-reporting';
import { jobFailuresTotal } from './metrics';

/**
 * What a job runner does with a failure: logs it, counts it by kind, and reports it (every failed run, not only the
 * last: a bug fails every attempt, and a refund's twenty attempts span days). `final_attempt` says the job gave up.
 */
export function jobFailureHandler(
  log: FastifyBaseLogger,
  reporter: ErrorReporter,
  message: string,
): (error: unknown, job?: Job) => void {
  return (error, job) => {
    log.error({ err: error, ...(job ? { job_id: job.id, job_kind: job.kind, attempt: job.attempts } : {}) }, message);
    if (job) jobFailuresTotal.inc({ kind: job.kind });
    reporter.capture(
      error,
      job ? { jobKind: job.kind, jobId: job.id, finalAttempt: job.attempts >= job.max_attempts } : {},
    );
  };
}
