import { type Env, positiveInt } from './env';
import path from 'node:path';
import { marketplaceNameOf, type RuntimeConfig } from '@checkout/shared';
import { type CaptchaConfig, loadCaptchaConfig } from './captcha/config';
import { type AddressConfig, loadAddressConfig } from './address/config';
import { type IdentityConfig, loadIdentityConfig } from './identity/config';
import { loadMailConfig, type MailConfig } from './mail/config';
import { loadSaleConfig, type SaleConfig } from './sale/config';
import { loadPaymentConfig, type PaymentConfig } from './payment/config';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';
import { accessLogOn } from './observability/access-log';
import { loadObservabilityConfig, type ObservabilityConfig } from './observability/config';
import { loadWebhookConfig, type WebhookConfig } from './organiser-api/webhooks/config';
import { type ApiRateLimitConfig, loadApiRateLimitConfig } from './organiser-api/rate-limit/config';
import { type HttpTimeouts, loadHttpTimeouts } from './http/timeouts';
import { loadServerBuildConfig, type ServerBuildConfig } from './pages/server-build-config';

/** The repository root (api/src/config.ts -> ../..), where .data/ and the built shell live. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export type RemoteName = 'mf_basket' | 'mf_account' | 'mf_payment' | 'mf_post_sale';

/** Everything the server reads from its environment, read once at start-up. */
export interface AppConfig {
  /** How long a reservation holds stock (HOLD_SECONDS, default 15 minutes). */
  holdSeconds: number;
  /** How often the hold sweeper runs (HOLD_SWEEP_MS). */
  holdSweepMs: number;
  /** HMAC key for XSRF tokens; when absent the server generates one and keeps it in the database. */
  sessionSecret: string | undefined;
  /** Secure cookies when the public URL is https. */
  secureCookies: boolean;
  /** Check every handler's answer against the call's response schema (development and tests). */
  checkResponses: boolean;
  /** The shell origin as buyers reach it (links in pages and emails). */
  publicUrl: string;
  remotes: Record<RemoteName, string>;
  /**
   * REMOTES_FILE: a JSON file naming remote manifests ({ "mf_basket": "https://…/mf-manifest.json" }), read again
   * whenever it changes; its entries win over REMOTE_*_URL. Shipping or rolling back a remote edits this file, no restart.
   */
  remotesFile: string | undefined;
  /**
   * REMOTES_INTERNAL_ORIGIN: where the api itself fetches a remote's manifest (the page's preloads) when that manifest's
   * URL is on PUBLIC_URL's origin: remotes behind the same proxy as the api are at an address the browser reaches but
   * the api's host may not (compose: http://proxy:8080). The preload links keep the browser's URLs.
   */
  remotesInternalOrigin: string | undefined;
  /**
   * MARKETPLACE_NAME (shared/src/rules/marketplace.ts: default 'Events'): the one name of the site, in the events pages'
   * header, the checkout's (through `runtime`) and every email's From, header and footer.
   */
  marketplaceName: string;
  /** The non-secret configuration handed to the page through /remotes.json. */
  runtime: RuntimeConfig;
  /** The shell's production build, served under /checkout/. */
  shellDist: string;
  /**
   * SERVER_RENDER: /checkout/ arrives with its first step (the basket) rendered, from the shell's server build and the
   * basket remote's (pages/server-render.ts). On by default; SERVER_RENDER=0 leaves every step to the browser.
   */
  serverRender: boolean;
  /** The pins of the remotes' server builds, checked before their code runs here (pages/server-build-config.ts). */
  serverBuilds: ServerBuildConfig;
  /**
   * SERVER_RENDER_SHED_LAG_MS: the event loop's p99 delay (ms, over the last second) past which /checkout/ is served for
   * the browser to render rather than rendered here (pages/render-shedding.ts); default 100.
   */
  serverRenderShedLagMs: number;
  /**
   * The waiting room's limits: new places in any queue from one client address per minute (QUEUE_JOINS_PER_CLIENT,
   * default 100: generous, since a mobile network puts many buyers behind one address), places in one on-sale's queue
   * from one client address in all (QUEUE_PLACES_PER_CLIENT, default 10: api/README.md says why), and live streams
   * open in one process (QUEUE_STREAMS_PER_PROCESS, default 20,000; past it pages poll).
   */
  queue: { joinsPerClient: number; placesPerClient: number; streamsPerProcess: number };
  /** shared/src/ui/styles.css: the design tokens the plain pages share with the checkout. */
  tokensCss: string;
  /** Request body limit in bytes. */
  bodyLimit: number;
  /** How long a client may take to send a request's headers and the whole request, and keep an idle connection (http/timeouts.ts). */
  httpTimeouts: HttpTimeouts;
  /** TRUST_PROXY: a hop count or the proxies' addresses/CIDRs, never 'trust all' (http/trust-proxy.ts). */
  trustProxy: TrustProxy;
  /**
   * DEV_PAGES: /dev/outbox (every one-time and ticket code) and mail printed on the console. On only when asked for
   * (DEV_PAGES=1, or NODE_ENV=development or test without DEV_PAGES=0): `npm start`, the e2e and bench stacks ask; the
   * api's own start (the Docker image, the compose stack) does not.
   */
  devPages: boolean;
  logLevel: string;
  /** ACCESS_LOG: one log line per finished request (observability/access-log.ts); on unless ACCESS_LOG=0. */
  accessLog: boolean;
  /** When a reservation demands a captcha, and how it is checked (captcha/config.ts). */
  captcha: CaptchaConfig;
  /** Basket prices the sale sets itself, such as refund protection (sale/config.ts). */
  sale: SaleConfig;
  /** One-time codes and their rate limits (identity/config.ts). */
  identity: IdentityConfig;
  /** Outbox, SMTP delivery and /dev/outbox (mail/config.ts). */
  mail: MailConfig;
  /** Address lookup provider (address/config.ts). */
  address: AddressConfig;
  /** Payment providers: real Stripe, Square and TrueLayer each when its configuration is set, the sandboxes otherwise (payment/config.ts). */
  payment: PaymentConfig;
  /** /metrics, Sentry and the retention of finished jobs and sent mail (observability/config.ts). */
  observability: ObservabilityConfig;
  /** Which URLs webhooks may be sent to, and how often deliveries are attempted (organiser-api/webhooks/config.ts). */
  webhooks: WebhookConfig;
  /** The organiser API's requests per key, and per address without a valid key (organiser-api/rate-limit/config.ts). */
  apiRateLimits: ApiRateLimitConfig;
}

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/**
 * DEV_PAGES=1|true turns the development pages on, 0|false off; unset, only an explicit NODE_ENV=development or test
 * (jest sets it) does. Never merely because something is missing (SMTP, NODE_ENV).
 */
export function devPagesOn(env: Env): boolean {
  const raw = env.DEV_PAGES?.trim().toLowerCase();
  if (raw === '1' || raw === 'true') return true;
  if (raw === undefined || raw === '') return env.NODE_ENV === 'development' || env.NODE_ENV === 'test';
  if (raw === '0' || raw === 'false') return false;
  throw new Error(`DEV_PAGES must be 1 or 0, got '${env.DEV_PAGES}'`);
}

export function loadConfig(env: Env = process.env): AppConfig {
  const port = positiveInt(env, 'PORT', 8080);
  const publicUrl = (optional(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const production = env.NODE_ENV === 'production';
  const sentryDsn = optional(env, 'SENTRY_DSN');
  const hcaptchaSiteKey = optional(env, 'HCAPTCHA_SITE_KEY');
  const stripePublishableKey = optional(env, 'STRIPE_PUBLISHABLE_KEY');
  const accommodationMapUrl = optional(env, 'ACCOMMODATION_MAP_URL');
  const marketplaceName = marketplaceNameOf(env.MARKETPLACE_NAME);
  const marketplaceLogoUrl = optional(env, 'MARKETPLACE_LOGO_URL');
  const devPages = devPagesOn(env);
  return {
    holdSeconds: positiveInt(env, 'HOLD_SECONDS', 900),
    holdSweepMs: positiveInt(env, 'HOLD_SWEEP_MS', 5000),
    sessionSecret: optional(env, 'SESSION_SECRET'),
    secureCookies: publicUrl.startsWith('https:'),
    checkResponses: !production,
    publicUrl,
    remotes: {
      mf_basket: optional(env, 'REMOTE_BASKET_URL') ?? 'http://localhost:3001/mf-manifest.json',
      mf_account: optional(env, 'REMOTE_ACCOUNT_URL') ?? 'http://localhost:3002/mf-manifest.json',
      mf_payment: optional(env, 'REMOTE_PAYMENT_URL') ?? 'http://localhost:3003/mf-manifest.json',
      mf_post_sale: optional(env, 'REMOTE_POST_SALE_URL') ?? 'http://localhost:3004/mf-manifest.json',
    },
    remotesFile: optional(env, 'REMOTES_FILE'),
    remotesInternalOrigin: optional(env, 'REMOTES_INTERNAL_ORIGIN')?.replace(/\/+$/, ''),
    marketplaceName,
    runtime: {
      apiBase: '',
      ...(sentryDsn ? { sentryDsn } : {}),
      ...(hcaptchaSiteKey ? { hcaptchaSiteKey } : {}),
      ...(stripePublishableKey ? { stripePublishableKey } : {}),
      ...(accommodationMapUrl?.startsWith('https://') ? { accommodationMapUrl } : {}),
      // The header's name and mark: the name always (the pages' and emails' own), a logo on this site or over https.
      marketplaceName,
      ...(marketplaceLogoUrl && (/^\/(?![/\\])/.test(marketplaceLogoUrl) || marketplaceLogoUrl.startsWith('https://'))
        ? { marketplaceLogoUrl }
        : {}),
    },
    shellDist: optional(env, 'SHELL_DIST') ?? path.join(REPO_ROOT, 'shell', 'dist'),
    serverRender: env.SERVER_RENDER !== '0',
    serverBuilds: loadServerBuildConfig(env),
    serverRenderShedLagMs: positiveInt(env, 'SERVER_RENDER_SHED_LAG_MS', 100),
    queue: {
      joinsPerClient: positiveInt(env, 'QUEUE_JOINS_PER_CLIENT', 100),
      placesPerClient: positiveInt(env, 'QUEUE_PLACES_PER_CLIENT', 10),
      streamsPerProcess: positiveInt(env, 'QUEUE_STREAMS_PER_PROCESS', 20_000),
    },
    tokensCss: path.join(REPO_ROOT, 'shared', 'src', 'ui', 'styles.css'),
    bodyLimit: positiveInt(env, 'BODY_LIMIT', 64 * 1024),
    httpTimeouts: loadHttpTimeouts(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    devPages,
    logLevel: optional(env, 'LOG_LEVEL') ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    accessLog: accessLogOn(env),
    captcha: loadCaptchaConfig(env),
    sale: loadSaleConfig(env),
    identity: loadIdentityConfig(env),
    mail: loadMailConfig(env, publicUrl, devPages, marketplaceName),
    address: loadAddressConfig(env),
    payment: loadPaymentConfig(env, publicUrl),
    observability: loadObservabilityConfig(env),
    webhooks: loadWebhookConfig(env),
    apiRateLimits: loadApiRateLimitConfig(env),
  };
}
