import * as messages from '../messages/captcha';
import { captchaProblem, type CaptchaReset } from './captcha';

describe('captchaProblem', () => {
  test.each<[string, CaptchaReset, string]>([
    [
      'the passed token expired',
      { reason: 'expired' },
      'The captcha challenge has expired. Please complete the challenge again.',
    ],
    ['the challenge expired before it was passed', { reason: 'challenge-expired' }, messages.captchaExpired],
    [
      "the sandbox's failed challenge: its own sentence, no expiry",
      { reason: 'error', detail: 'The challenge could not be verified.' },
      'The challenge could not be verified.',
    ],
    [
      'the sandbox out of reach',
      { reason: 'error', detail: 'The challenge could not be checked.' },
      'The challenge could not be checked.',
    ],
    ["hCaptcha's network-error", { reason: 'error', detail: 'network-error' }, messages.captchaUnavailable],
    ["hCaptcha's rate-limited", { reason: 'error', detail: 'rate-limited' }, messages.captchaRateLimited],
    [
      "hCaptcha's challenge-expired, reported as an error: an expiry",
      { reason: 'error', detail: 'challenge-expired' },
      messages.captchaExpired,
    ],
    ['another hCaptcha code', { reason: 'error', detail: 'invalid-data' }, messages.captchaNotVerified],
    ['an error without words', { reason: 'error', detail: '  ' }, messages.captchaNotVerified],
  ])('%s', (_name, reset, problem) => {
    expect(captchaProblem(reset)).toBe(problem);
  });

  test('no error other than an expiry mentions expiry', () => {
    for (const detail of [
      'The challenge could not be verified.',
      'network-error',
      'rate-limited',
      'invalid-data',
      '',
    ]) {
      expect(captchaProblem({ reason: 'error', detail })).not.toMatch(/expired/);
    }
  });
});
