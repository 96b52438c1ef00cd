import type { RateRule } from '../http/rate-limit';

/** One-time codes and their limits. The code's lifetime (15 minutes) and its tries are fixed. */
export interface IdentityConfig {
  /** Valid 15 minutes. */
  codeTtlSeconds: number;
  /** Wrong tries a code survives (at most 5). */
  maxCodeAttempts: number;
  /** How long a guest's proved email may be put on the sale (save_guest_to_sale) after the code was checked. */
  verifiedEmailSeconds: number;
  /**
   * Codes sent to one email address from anywhere before a captcha is needed (OTC_SENDS_PER_EMAIL per 15 minutes,
   * default 5). Beyond it a send still goes out after a solved captcha, so a stranger's sends cannot lock the owner
   * out, and each further code (5 guesses) costs a captcha.
   */
  sendsPerEmail: RateRule;
  /** Codes sent to one email address from one client address (OTC_SENDS_PER_EMAIL_CLIENT per 15 minutes, default 5). */
  sendsPerEmailClient: RateRule;
  /** Codes requested from one client address (OTC_SENDS_PER_CLIENT per 15 minutes, default 50). */
  sendsPerClient: RateRule;
  /** Codes checked from one client address (OTC_CHECKS_PER_CLIENT per 15 minutes, default 100). */
  checksPerClient: RateRule;
}

type Env = Record<string, string | undefined>;

const WINDOW = 15 * 60;

/** A positive whole number from the environment, or the fallback. */
export function envCount(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got '${raw}'`);
  return value;
}

export function loadIdentityConfig(env: Env): IdentityConfig {
  return {
    codeTtlSeconds: 15 * 60,
    maxCodeAttempts: 5,
    verifiedEmailSeconds: 60 * 60,
    sendsPerEmail: { limit: envCount(env, 'OTC_SENDS_PER_EMAIL', 5), windowSeconds: WINDOW },
    sendsPerEmailClient: { limit: envCount(env, 'OTC_SENDS_PER_EMAIL_CLIENT', 5), windowSeconds: WINDOW },
    sendsPerClient: { limit: envCount(env, 'OTC_SENDS_PER_CLIENT', 50), windowSeconds: WINDOW },
    checksPerClient: { limit: envCount(env, 'OTC_CHECKS_PER_CLIENT', 100), windowSeconds: WINDOW },
  };
}
