import * as messages from '@checkout/shared/messages/captcha';
import { captchaMessages } from './messages';
import type { CaptchaVerdict, CaptchaVerifier } from './verifier';

export interface HcaptchaOptions {
  secret: string;
  siteKey: string;
  verifyUrl: string;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Default HCAPTCHA_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * How long siteverify may take before the token is refused as 'unavailable': the buyer is waiting on the reserve
 * step, and hCaptcha answers in well under a second when it is up.
 */
export const HCAPTCHA_TIMEOUT_MS = 5000;

/** hCaptcha's answers that mean 'solve it again' rather than 'this was not a real solution'. */
const EXPIRED = new Set(['expired-input-response', 'already-seen-response', 'invalid-or-already-seen-response']);

/**
 * hCaptcha's siteverify: a form POST of secret, response, remoteip and sitekey; the answer's `success` decides.
 * Anything that is not a clear answer (network error, timeout, non-JSON) refuses the token without reserving.
 */
export function hcaptchaVerifier(options: HcaptchaOptions): CaptchaVerifier {
  const post = options.fetch ?? fetch;
  return {
    async verify(token: string, remoteIp: string): Promise<CaptchaVerdict> {
      let body: { success?: unknown; 'error-codes'?: unknown };
      try {
        const response = await post(options.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            secret: options.secret,
            response: token,
            remoteip: remoteIp,
            sitekey: options.siteKey,
          }).toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? HCAPTCHA_TIMEOUT_MS),
        });
        if (!response.ok) return { ok: false, expired: false, message: captchaMessages.unavailable };
        body = (await response.json()) as typeof body;
      } catch {
        return { ok: false, expired: false, message: captchaMessages.unavailable };
      }
      if (body.success === true) return { ok: true };
      const codes = Array.isArray(body['error-codes']) ? body['error-codes'].map(String) : [];
      if (codes.some((code) => EXPIRED.has(code)))
        return { ok: false, expired: true, message: messages.captchaExpired };
      return { ok: false, expired: false, message: captchaMessages.challengeFailed };
    },
  };
}
