import { createHash } from 'node:crypto';
import type { ApiErrorBody } from '@checkout/shared';
import type { Clock } from '../platform/clock';
import type { Db } from '../db/schema';
import { HttpError } from '../http/errors';
import { paymentMessages } from './messages';

export interface Attempt {
  saleId: number;
  key: string;
  /** The call's name: a key is never shared between calls. */
  call: string;
  /** What makes two requests the same (amount included): a repeat with different details is refused. */
  request: unknown;
}

export interface IdempotencyOptions {
  db: Db;
  clock: Clock;
  /** Longest a repeat waits for the first request still running before it is told to wait (409). */
  waitMs: number;
  /**
   * Only for work that is safe to run again (its provider calls carry the key): a claim older than this that never
   * finished was left by a process that died mid-request, and a repeat takes it over and runs the work itself.
   * Without it such a key would answer 'still being processed' for ever.
   */
  staleMs?: number;
}

/** How old an unfinished claim must be to count as abandoned (PAYMENT_CLAIM_STALE_MS, default one minute). */
export function claimStaleMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.PAYMENT_CLAIM_STALE_MS ?? '');
  return Number.isInteger(value) && value >= 100 ? value : 60_000;
}

/** JSON with sorted keys, so the same request always hashes the same. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const requestHash = (call: string, request: unknown) =>
  createHash('sha256')
    .update(`${call}\n${stable(request)}`)
    .digest('hex');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request that was refused for a reason the buyer can act on: the same key gets the same refusal. */
const isAnswer = (error: unknown): error is HttpError => error instanceof HttpError && error.statusCode < 500;

/**
 * Runs `work` once per (sale, idempotency key): a payment_attempts row, unique on the pair, is claimed by the first
 * request (an insert that only one can win, in any number of api processes); its answer (or its refusal) is stored
 * and every repeat with the same key gets it back without running `work` again. A repeat that arrives while the
 * first still runs waits for its answer. The same key with a different request (another amount) is a 409 and runs
 * nothing. A failure that is not an answer (a crash, a provider outage) frees the key so a retry can run.
 */
export async function idempotent<T>(options: IdempotencyOptions, attempt: Attempt, work: () => Promise<T>): Promise<T> {
  const { db, clock } = options;
  const hash = requestHash(attempt.call, attempt.request);
  const now = clock.now();
  const claimed = await db
    .insertInto('payment_attempts')
    .values({
      sale_id: attempt.saleId,
      idempotency_key: attempt.key,
      call: attempt.call,
      request_hash: hash,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['sale_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();

  if (claimed) {
    try {
      const result = await work();
      await db
        .updateTable('payment_attempts')
        .set({ status: 'done', response_status: 200, response_body: JSON.stringify(result), updated_at: clock.now() })
        .where('id', '=', claimed.id)
        .execute();
      return result;
    } catch (error) {
      if (isAnswer(error)) {
        await db
          .updateTable('payment_attempts')
          .set({
            status: 'done',
            response_status: error.statusCode,
            response_body: JSON.stringify(error.body),
            updated_at: clock.now(),
          })
          .where('id', '=', claimed.id)
          .execute();
      } else {
        await db.deleteFrom('payment_attempts').where('id', '=', claimed.id).execute();
      }
      throw error;
    }
  }

  const deadline = Date.now() + options.waitMs;
  for (;;) {
    const row = await db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('sale_id', '=', attempt.saleId)
      .where('idempotency_key', '=', attempt.key)
      .executeTakeFirst();
    // Freed by a failed first request: this one runs it.
    if (!row) return idempotent(options, attempt, work);
    if (row.request_hash !== hash) throw new HttpError(409, paymentMessages.keyReused);
    if (row.status === 'done') {
      if (row.response_status === 200) return JSON.parse(row.response_body ?? 'null') as T;
      const body = JSON.parse(row.response_body ?? '{}') as ApiErrorBody;
      throw new HttpError(row.response_status ?? 409, body.error, body.errors, body.type);
    }
    if (options.staleMs !== undefined && clock.now().getTime() - row.updated_at.getTime() > options.staleMs) {
      const freed = await db
        .deleteFrom('payment_attempts')
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .where('updated_at', '=', row.updated_at)
        .returning('id')
        .executeTakeFirst();
      if (freed) return idempotent(options, attempt, work);
    }
    if (Date.now() >= deadline) throw new HttpError(409, paymentMessages.inProgress);
    await sleep(25);
  }
}
