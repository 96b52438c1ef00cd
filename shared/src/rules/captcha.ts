import * as messages from '../messages/captcha';

/** Why a captcha is no longer passed: expiry, challenge expiry, or an error. */
export type CaptchaReset =
  { reason: 'expired' } | { reason: 'challenge-expired' } | { reason: 'error'; detail: string };

/** hCaptcha reports errors as codes (onError): the ones worth their own words; any other is a failed verification. */
const PROVIDER_CODES: Record<string, string> = {
  'challenge-expired': messages.captchaExpired,
  'network-error': messages.captchaUnavailable,
  'rate-limited': messages.captchaRateLimited,
};

const CODE = /^[a-z]+(?:-[a-z]+)*$/;

/**
 * What the buyer reads under a challenge that is no longer passed. The spec's expiry sentence only when something
 * expired; after an error, the provider's own sentence (the sandbox's 'The challenge could not be verified.'), or our
 * words for hCaptcha's codes, never a claim that time ran out.
 */
export function captchaProblem(reset: CaptchaReset): string {
  if (reset.reason !== 'error') return messages.captchaExpired;
  const detail = reset.detail.trim();
  if (!detail) return messages.captchaNotVerified;
  if (CODE.test(detail)) return PROVIDER_CODES[detail] ?? messages.captchaNotVerified;
  return detail;
}
