import type { StripeKeys } from './providers/stripe';

type Env = Record<string, string | undefined>;

export interface PaymentConfig {
  /** The real Stripe adapter when both keys are set; the card sandbox otherwise. */
  stripe: StripeKeys | null;
  /** How long an approved sandbox bank payment stays 'authorizing' (SANDBOX_BANK_SETTLE_MS, default 4000). */
  bankSettleMs: number;
  /** How often the payment jobs run (PAYMENT_JOBS_MS, default 2000). */
  jobsIntervalMs: number;
  /** Longest a concurrent request with the same idempotency key waits for the first one (ms). */
  idempotencyWaitMs: number;
}

function whole(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got '${raw}'`);
  return value;
}

export function loadPaymentConfig(env: Env): PaymentConfig {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY?.trim();
  const apiBase = env.STRIPE_API_BASE?.trim();
  let stripe: StripeKeys | null = null;
  if (secretKey && publishableKey) {
    stripe = { secretKey, publishableKey };
    if (apiBase) {
      const url = new URL(apiBase);
      stripe = { ...stripe, host: url.hostname, port: Number(url.port || (url.protocol === 'http:' ? 80 : 443)), protocol: url.protocol === 'http:' ? 'http' : 'https' };
    }
  }
  return {
    stripe,
    bankSettleMs: whole(env, 'SANDBOX_BANK_SETTLE_MS', 4000),
    jobsIntervalMs: Math.max(100, whole(env, 'PAYMENT_JOBS_MS', 2000)),
    idempotencyWaitMs: 30_000,
  };
}
