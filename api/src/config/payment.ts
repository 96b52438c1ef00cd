import type { AppEnv } from './env-schema';

export interface SquareKeys {
  /** The Web Payments SDK's application id (public: the page gets it). */
  applicationId: string;
  /** The seller's access token (secret: the server only). */
  accessToken: string;
  /** The seller's location the payments are taken for. */
  locationId: string;
  environment: 'sandbox' | 'production';
  /** Another Square API origin (tests: a local stub); Square's own for the environment when absent. */
  apiBase?: string;
  /** Retries of a request that got no answer or a 5xx (the SDK's default, 2, when absent). */
  maxRetries?: number;
}

export interface StripeKeys {
  secretKey: string;
  publishableKey: string;
  /** Where the Stripe API is (tests point it at a local stub); Stripe's own host when absent. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export interface TrueLayerKeys {
  clientId: string;
  clientSecret: string;
  /** The id TrueLayer gave the public key of the signing key pair (Console > Payments > Settings). */
  signingKeyId: string;
  /** The EC P-521 private key that signs every POST (Tl-Signature), PEM. */
  signingPrivateKeyPem: string;
  /** The merchant accounts payments are made into, per currency; a currency without one is not offered. */
  merchantAccounts: Partial<Record<'GBP' | 'EUR', string>>;
  environment: 'sandbox' | 'production';
  /** Where TrueLayer's payment page sends the buyer back: `${PUBLIC_URL}/checkout/?truelayer_return=1`. */
  returnUri: string;
  /** Other origins for TrueLayer's auth server, API and payment page (tests: local stubs). */
  authBase?: string;
  apiBase?: string;
  hppBase?: string;
  /** JWKS addresses a webhook signature may name besides TrueLayer's own (tests: a local stub's). */
  extraWebhookJkus?: string[];
  /** How long one request may take before it counts as no answer (default PROVIDER_REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
}

type Env = AppEnv;

/** The variables that hold text (as opposed to numbers, switches or lists). */
type TextName = { [K in keyof AppEnv]: AppEnv[K] extends string | undefined ? K : never }[keyof AppEnv];

export interface PaymentConfig {
  /**
   * Whether a payment method without a real provider is served by its offline sandbox, which takes test cards and a
   * pretend bank (PAYMENTS_SANDBOX=1), or is off (PAYMENTS_SANDBOX=0). Unset: the sandboxes outside
   * NODE_ENV=production, never in it, so a production start takes no test money unless the operator says so.
   */
  sandboxes: boolean;
  /** The real Stripe adapter when both keys are set; the card sandbox otherwise. */
  stripe: StripeKeys | null;
  /** The real square-type adapter (Square's Payments API) when its three variables are set; the sandbox when absent or null. */
  square?: SquareKeys | null;
  /** The real open-banking adapter (TrueLayer Payments API v3) when its credentials are set; the sandbox bank when absent or null. */
  truelayer?: TrueLayerKeys | null;
  /** How long an approved sandbox bank payment stays 'authorizing' (SANDBOX_BANK_SETTLE_MS, default 4000). */
  bankSettleMs: number;
  /** How often the payment jobs run (PAYMENT_JOBS_MS, default 2000). */
  jobsIntervalMs: number;
  /** Longest a concurrent request with the same idempotency key waits for the first one (ms). */
  idempotencyWaitMs: number;
}

/**
 * A real provider is on only with its whole configuration: half of one would otherwise leave the offline sandbox,
 * which accepts test cards, taking the buyers' orders. So a partial configuration stops the start-up, naming what is
 * missing.
 */
function requireAll<N extends TextName>(env: Env, provider: string, names: readonly N[]): Record<N, string> | null {
  const missing = names.filter((name) => env[name] === undefined);
  if (missing.length === names.length) return null;
  if (missing.length > 0)
    throw new Error(
      `${provider}: ${missing.join(', ')} must be set with ${names.filter((name) => !missing.includes(name)).join(', ')}`,
    );
  return Object.fromEntries(names.map((name) => [name, env[name] ?? ''])) as Record<N, string>;
}

export function loadSquareConfig(env: Env): SquareKeys | null {
  const values = requireAll(env, 'Square', ['SQUARE_APPLICATION_ID', 'SQUARE_ACCESS_TOKEN', 'SQUARE_LOCATION_ID']);
  if (!values) return null;
  const environment = env.SQUARE_ENVIRONMENT;
  const applicationId = values.SQUARE_APPLICATION_ID;
  // Square's sandbox application ids start with 'sandbox-': with production they would fail only at the first payment.
  if (applicationId.startsWith('sandbox-') !== (environment === 'sandbox')) {
    throw new Error(
      `SQUARE_APPLICATION_ID '${applicationId}' is not a ${environment} application id (SQUARE_ENVIRONMENT=${environment})`,
    );
  }
  const apiBase = env.SQUARE_API_BASE;
  return {
    applicationId,
    accessToken: values.SQUARE_ACCESS_TOKEN,
    locationId: values.SQUARE_LOCATION_ID,
    environment,
    ...(apiBase ? { apiBase } : {}),
  };
}

/** A PEM from the environment: a file's text, or one line with its newlines written as \n. */
const pem = (value: string) => (value.includes('\\n') ? value.replace(/\\n/g, '\n') : value);

export function loadTrueLayerConfig(env: Env, publicUrl: string): TrueLayerKeys | null {
  const values = requireAll(env, 'TrueLayer', [
    'TRUELAYER_CLIENT_ID',
    'TRUELAYER_CLIENT_SECRET',
    'TRUELAYER_SIGNING_KEY_ID',
    'TRUELAYER_SIGNING_PRIVATE_KEY',
  ]);
  if (!values) return null;
  const gbp = env.TRUELAYER_MERCHANT_ACCOUNT_ID_GBP;
  const eur = env.TRUELAYER_MERCHANT_ACCOUNT_ID_EUR;
  if (!gbp && !eur)
    throw new Error(
      'TrueLayer: TRUELAYER_MERCHANT_ACCOUNT_ID_GBP or TRUELAYER_MERCHANT_ACCOUNT_ID_EUR must be set (the merchant accounts payments are made into)',
    );
  const authBase = env.TRUELAYER_AUTH_URL;
  const apiBase = env.TRUELAYER_API_URL;
  const hppBase = env.TRUELAYER_HPP_URL;
  const webhookJkus = env.TRUELAYER_WEBHOOK_JKUS;
  return {
    clientId: values.TRUELAYER_CLIENT_ID,
    clientSecret: values.TRUELAYER_CLIENT_SECRET,
    signingKeyId: values.TRUELAYER_SIGNING_KEY_ID,
    signingPrivateKeyPem: pem(values.TRUELAYER_SIGNING_PRIVATE_KEY),
    merchantAccounts: { ...(gbp ? { GBP: gbp } : {}), ...(eur ? { EUR: eur } : {}) },
    environment: env.TRUELAYER_ENVIRONMENT,
    returnUri: `${publicUrl.replace(/\/+$/, '')}/checkout/?truelayer_return=1`,
    ...(authBase ? { authBase } : {}),
    ...(apiBase ? { apiBase } : {}),
    ...(hppBase ? { hppBase } : {}),
    ...(webhookJkus.length > 0 ? { extraWebhookJkus: webhookJkus } : {}),
  };
}

export function sandboxesOn(env: Pick<Env, 'PAYMENTS_SANDBOX' | 'NODE_ENV'>): boolean {
  return env.PAYMENTS_SANDBOX ?? env.NODE_ENV !== 'production';
}

/** `publicUrl`: the buyers' origin (PUBLIC_URL), where TrueLayer sends the buyer back; from PORT when absent. */
export function loadPaymentConfig(
  env: Env,
  publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
): PaymentConfig {
  const keys = requireAll(env, 'Stripe', ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY']);
  const apiBase = env.STRIPE_API_BASE;
  let stripe: StripeKeys | null = null;
  if (keys) {
    stripe = { secretKey: keys.STRIPE_SECRET_KEY, publishableKey: keys.STRIPE_PUBLISHABLE_KEY };
    if (apiBase) {
      const url = new URL(apiBase);
      stripe = {
        ...stripe,
        host: url.hostname,
        port: Number(url.port || (url.protocol === 'http:' ? 80 : 443)),
        protocol: url.protocol === 'http:' ? 'http' : 'https',
      };
    }
  }
  return {
    sandboxes: sandboxesOn(env),
    stripe,
    square: loadSquareConfig(env),
    truelayer: loadTrueLayerConfig(env, publicUrl),
    bankSettleMs: env.SANDBOX_BANK_SETTLE_MS,
    jobsIntervalMs: Math.max(100, env.PAYMENT_JOBS_MS),
    idempotencyWaitMs: 30_000,
  };
}
