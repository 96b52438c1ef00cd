import { createHash, randomBytes } from 'node:crypto';
import * as messages from '@checkout/shared/messages/captcha';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { Clock } from '../platform/clock';
import type { Db } from '../db/schema';
import { validationError } from '../http/validation';
import type { CaptchaConfig } from './config';
import { captchaMessages } from './messages';
import type { CaptchaVerdict, CaptchaVerifier } from './verifier';

/**
 * The offline captcha (every provider has a sandbox that behaves like the real thing). The
 * page's sandbox widget asks POST /sandbox/captcha/solve for a token (form field `sitekey`, optional `outcome` 'pass'
 * or 'fail'); reserve_tickets checks it like siteverify would: it exists, has not expired, has not been used and was
 * made for this site key. Tokens are random (256 bits), single use, and only their hash is stored.
 */
export const SANDBOX_SOLVE_PATH = '/sandbox/captcha/solve';

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

export const SolveRequestSchema = z.object({
  sitekey: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  outcome: z.optional(z.enum(['pass', 'fail'])),
});

export class SandboxCaptcha implements CaptchaVerifier {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: Pick<CaptchaConfig, 'siteKey' | 'sandboxTokenSeconds'>,
  ) {}

  /** A fresh token for `sitekey`, valid for the configured seconds. */
  async issue(sitekey: string): Promise<{ token: string; expires_in: number }> {
    const now = this.clock.now();
    const token = randomBytes(32).toString('base64url');
    // Tokens an hour past their expiry are of no further use: the table stays small without a job.
    await this.db
      .deleteFrom('captcha_tokens')
      .where('expires_at', '<', new Date(now.getTime() - 3_600_000))
      .execute();
    await this.db
      .insertInto('captcha_tokens')
      .values({
        token_hash: hash(token),
        sitekey,
        created_at: now,
        expires_at: new Date(now.getTime() + this.config.sandboxTokenSeconds * 1000),
      })
      .execute();
    return { token, expires_in: this.config.sandboxTokenSeconds };
  }

  async verify(token: string): Promise<CaptchaVerdict> {
    const now = this.clock.now();
    // Used up by the first check, whatever its verdict: a token is never accepted twice.
    const row = await this.db
      .updateTable('captcha_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hash(token))
      .where('used_at', 'is', null)
      .returning(['sitekey', 'expires_at'])
      .executeTakeFirst();
    if (!row || row.sitekey !== this.config.siteKey)
      return { ok: false, expired: false, message: captchaMessages.challengeFailed };
    if (row.expires_at.getTime() <= now.getTime())
      return { ok: false, expired: true, message: messages.captchaExpired };
    return { ok: true };
  }
}

/** POST /sandbox/captcha/solve, under the session context (so it needs the XSRF header like every POST). */
export function registerCaptchaSandbox(app: FastifyInstance, sandbox: SandboxCaptcha): void {
  app.post(SANDBOX_SOLVE_PATH, async (request, reply) => {
    const input = request.body ?? {};
    const parsed = SolveRequestSchema.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error.issues, input);
    if (parsed.data.outcome === 'fail')
      return reply.code(400).header('cache-control', 'no-store').send({ error: captchaMessages.challengeFailed });
    return reply.header('cache-control', 'no-store').send(await sandbox.issue(parsed.data.sitekey));
  });
}
