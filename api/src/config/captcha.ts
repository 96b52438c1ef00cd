import type { AppEnv } from './env-schema';

/**
 * The captcha's configuration (environment). hCaptcha is used when both HCAPTCHA_SITE_KEY and HCAPTCHA_SECRET are set;
 * otherwise the offline sandbox (captcha/sandbox.ts) with the site key 'sandbox-site-key'. A site key without its secret
 * could not be checked, so the sandbox is used then too (and reserve answers its site key, which the page follows); a
 * secret without a site key is a mistake refused at start-up.
 */
export const SANDBOX_SITE_KEY = 'sandbox-site-key';
export const HCAPTCHA_VERIFY_URL = 'https://api.hcaptcha.com/siteverify';

export interface CaptchaConfig {
  mode: 'sandbox' | 'hcaptcha';
  /** The site key the page's widget uses (captcha_sitekey). */
  siteKey: string;
  /** hCaptcha's secret (mode 'hcaptcha'). */
  secret: string | undefined;
  /** hCaptcha's siteverify endpoint (HCAPTCHA_VERIFY_URL; tests point it at a local stub). */
  verifyUrl: string;
  /** More than this many reserve attempts from one client address in the window demand a captcha; 0 turns it off. */
  reserveLimit: number;
  reserveWindowSeconds: number;
  /** How long a sandbox token stays valid. */
  sandboxTokenSeconds: number;
}

export function loadCaptchaConfig(env: AppEnv): CaptchaConfig {
  const siteKey = env.HCAPTCHA_SITE_KEY;
  const secret = env.HCAPTCHA_SECRET;
  if (secret !== undefined && siteKey === undefined) {
    throw new Error(
      'HCAPTCHA_SECRET is set without HCAPTCHA_SITE_KEY: set both for hCaptcha, or neither for the offline sandbox captcha.',
    );
  }
  const real = siteKey !== undefined && secret !== undefined;
  return {
    mode: real ? 'hcaptcha' : 'sandbox',
    siteKey: real ? siteKey : SANDBOX_SITE_KEY,
    secret: real ? secret : undefined,
    verifyUrl: env.HCAPTCHA_VERIFY_URL,
    reserveLimit: env.CAPTCHA_RESERVE_LIMIT,
    reserveWindowSeconds: env.CAPTCHA_RESERVE_WINDOW_SECONDS,
    sandboxTokenSeconds: env.CAPTCHA_SANDBOX_TOKEN_SECONDS,
  };
}
