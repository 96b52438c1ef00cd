import { createHmac, randomInt } from 'node:crypto';
import type { DbOrTx } from '../db/schema';
import { sameToken } from '../session/tokens';

/**
 * One-time codes: 6 digits from the CSPRNG, kept only as an HMAC (keyed by a server secret, bound to the email), one
 * live code per email and asking session. Sending again from that session replaces its row, which voids its old code
 * in the same statement. A code can be checked only by the session that asked for it: another visitor asking for or
 * guessing codes for the same email touches its own row, never the owner's code or its tries.
 */

export const CODE_DIGITS = 6;

/** How addresses are compared and stored: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

export function codeHash(key: Buffer, email: string, code: string): string {
  return createHmac('sha256', key)
    .update(`${normaliseEmail(email)}\n${code}`)
    .digest('base64url');
}

export interface CodeOptions {
  key: Buffer;
  now: Date;
}

/**
 * A fresh code for `email`, valid `ttlSeconds`, checkable by the session whose token hash is `sessionHash`; that
 * session's earlier code for the email stops working.
 */
export async function issueCode(
  db: DbOrTx,
  email: string,
  sessionHash: string,
  ttlSeconds: number,
  { key, now }: CodeOptions,
): Promise<string> {
  const code = newCode();
  const address = normaliseEmail(email);
  const row = {
    code_hash: codeHash(key, email, code),
    created_at: now,
    expires_at: new Date(now.getTime() + ttlSeconds * 1000),
    attempts: 0,
    used_at: null,
  };
  // Rows of other sessions that can no longer be used go with this send: the table stays small without a job.
  await db.deleteFrom('one_time_codes').where('email', '=', address).where('expires_at', '<', now).execute();
  await db
    .insertInto('one_time_codes')
    .values({ email: address, session_hash: sessionHash, ...row })
    .onConflict((oc) => oc.columns(['email', 'session_hash']).doUpdateSet(row))
    .execute();
  return code;
}

export type CodeCheck =
  | { ok: true }
  | { ok: false; reason: 'wrong'; triesLeft: number }
  | { ok: false; reason: 'used_up' | 'expired' | 'not_valid' };

/**
 * Checks a code. Each check first takes one of the code's tries in a single conditional update, so no number of
 * parallel guesses can try more than `maxAttempts` codes; the right code is then marked used, once.
 */
export async function checkCode(
  db: DbOrTx,
  email: string,
  sessionHash: string,
  code: string,
  maxAttempts: number,
  { key, now }: CodeOptions,
): Promise<CodeCheck> {
  const address = normaliseEmail(email);
  const taken = await db
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('email', '=', address)
    .where('session_hash', '=', sessionHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .returning(['code_hash', 'attempts'])
    .executeTakeFirst();
  if (!taken) {
    const row = await db
      .selectFrom('one_time_codes')
      .select(['used_at', 'expires_at'])
      .where('email', '=', address)
      .where('session_hash', '=', sessionHash)
      .executeTakeFirst();
    if (!row || row.used_at !== null) return { ok: false, reason: 'not_valid' };
    if (row.expires_at.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'used_up' };
  }
  if (!sameToken(taken.code_hash, codeHash(key, address, code))) {
    const triesLeft = maxAttempts - taken.attempts;
    return triesLeft > 0 ? { ok: false, reason: 'wrong', triesLeft } : { ok: false, reason: 'used_up' };
  }
  // Single use: only the check that marks it used succeeds (a resend in between changed the hash: not valid).
  const used = await db
    .updateTable('one_time_codes')
    .set({ used_at: now })
    .where('email', '=', address)
    .where('session_hash', '=', sessionHash)
    .where('code_hash', '=', taken.code_hash)
    .where('used_at', 'is', null)
    .returning('email')
    .executeTakeFirst();
  return used ? { ok: true } : { ok: false, reason: 'not_valid' };
}
