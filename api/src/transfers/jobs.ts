import { processEnv } from '../config/process-env';
import type { AppDeps } from '../deps';
import { startJobRunner, type Job, type JobRunner } from '../jobs/queue';
import { notifyRecipient } from './notify';

/** A scheduled gift's notification: a durable job, so it goes out even if the server restarted meanwhile. */
export const TRANSFER_NOTIFY_JOB = 'transfer.notify';
export const TRANSFER_JOB_KINDS = [TRANSFER_NOTIFY_JOB] as const;

export function transferIdOf(payload: unknown): number {
  const id = (payload as { transferId?: unknown } | null)?.transferId;
  if (typeof id !== 'number' || !Number.isInteger(id))
    throw new Error(`A ${TRANSFER_NOTIFY_JOB} job needs a transferId, got ${JSON.stringify(payload)}`);
  return id;
}

/** How often due transfer jobs are looked for (TRANSFER_JOBS_MS, default one minute). */
export function transferJobsIntervalMs(): number {
  return processEnv().TRANSFER_JOBS_MS;
}

/** The runner of transfer jobs (its kinds only). */
export function startTransferRunner(
  deps: AppDeps,
  onError: (error: unknown, job?: Job) => void,
  intervalMs = transferJobsIntervalMs(),
): JobRunner {
  return startJobRunner({
    db: deps.db,
    clock: deps.clock,
    handlers: { [TRANSFER_NOTIFY_JOB]: async (payload) => notifyRecipient(deps, transferIdOf(payload)) },
    kinds: TRANSFER_JOB_KINDS,
    intervalMs,
    onError,
  });
}
