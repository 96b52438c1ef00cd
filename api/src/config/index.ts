import path from 'node:path';
import { marketplaceNameOf, type RuntimeConfig } from '@checkout/shared';
import { type CaptchaConfig, loadCaptchaConfig } from './captcha';
import { type AddressConfig, loadAddressConfig } from './address';
import { type IdentityConfig, loadIdentityConfig } from './identity';
import { loadMailConfig, type MailConfig } from './mail';
import { loadSaleConfig, type SaleConfig } from './sale';
import { loadPaymentConfig, type PaymentConfig } from './payment';
import type { TrustProxy } from './trust-proxy';
import { loadObservabilityConfig, type ObservabilityConfig } from './observability';
import { loadWebhookConfig, type WebhookConfig } from './webhooks';
import { type ApiRateLimitConfig, loadApiRateLimitConfig } from './api-rate-limit';
import { type HttpTimeouts, loadHttpTimeouts } from './http-timeouts';
import { type AppEnv, parseEnv, type RawEnv } from './env-schema';
import { processEnv } from './process-env';
import { serverBuildConfigOf, type ServerBuildConfig } from './server-build';

export { type AppEnv, EnvError, parseEnv, type RawEnv } from './env-schema';
export { processEnv } from './process-env';

/** The repository root (api/src/config/index.ts -> ../../..), where .data/ and the built shell live. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

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
  /** The pins of the remotes' server builds, checked before their code runs here (config/server-build.ts, pages/server-build-pins.ts). */
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

/**
 * DEV_PAGES=1|true turns the development pages on, 0|false off; unset, only an explicit NODE_ENV=development or test
 * (jest sets it) does. Never merely because something is missing (SMTP, NODE_ENV).
 */
export function devPagesOn(env: AppEnv): boolean {
  return env.DEV_PAGES ?? (env.NODE_ENV === 'development' || env.NODE_ENV === 'test');
}

/** Whether the logo URL is one the page may show: a path on this site, or https. */
const safeLogo = (url: string) => /^\/(?![/\\])/.test(url) || url.startsWith('https://');

/** The app's configuration from the parsed environment. */
export function configFromEnv(env: AppEnv): AppConfig {
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const production = env.NODE_ENV === 'production';
  const sentryDsn = env.SENTRY_DSN;
  const hcaptchaSiteKey = env.HCAPTCHA_SITE_KEY;
  const stripePublishableKey = env.STRIPE_PUBLISHABLE_KEY;
  const accommodationMapUrl = env.ACCOMMODATION_MAP_URL;
  const marketplaceName = marketplaceNameOf(env.MARKETPLACE_NAME);
  const marketplaceLogoUrl = env.MARKETPLACE_LOGO_URL;
  const devPages = devPagesOn(env);
  return {
    holdSeconds: env.HOLD_SECONDS,
    holdSweepMs: env.HOLD_SWEEP_MS,
    sessionSecret: env.SESSION_SECRET,
    secureCookies: publicUrl.startsWith('https:'),
    checkResponses: !production,
    publicUrl,
    remotes: {
      mf_basket: env.REMOTE_BASKET_URL,
      mf_account: env.REMOTE_ACCOUNT_URL,
      mf_payment: env.REMOTE_PAYMENT_URL,
      mf_post_sale: env.REMOTE_POST_SALE_URL,
    },
    remotesFile: env.REMOTES_FILE,
    remotesInternalOrigin: env.REMOTES_INTERNAL_ORIGIN,
    marketplaceName,
    runtime: {
      apiBase: '',
      ...(sentryDsn ? { sentryDsn } : {}),
      ...(hcaptchaSiteKey ? { hcaptchaSiteKey } : {}),
      ...(stripePublishableKey ? { stripePublishableKey } : {}),
      ...(accommodationMapUrl?.startsWith('https://') ? { accommodationMapUrl } : {}),
      // The header's name and mark: the name always (the pages' and emails' own), a logo on this site or over https.
      marketplaceName,
      ...(marketplaceLogoUrl && safeLogo(marketplaceLogoUrl) ? { marketplaceLogoUrl } : {}),
    },
    shellDist: env.SHELL_DIST ?? path.join(REPO_ROOT, 'shell', 'dist'),
    serverRender: env.SERVER_RENDER,
    serverBuilds: serverBuildConfigOf(env),
    serverRenderShedLagMs: env.SERVER_RENDER_SHED_LAG_MS,
    queue: {
      joinsPerClient: env.QUEUE_JOINS_PER_CLIENT,
      placesPerClient: env.QUEUE_PLACES_PER_CLIENT,
      streamsPerProcess: env.QUEUE_STREAMS_PER_PROCESS,
    },
    tokensCss: path.join(REPO_ROOT, 'shared', 'src', 'ui', 'styles.css'),
    bodyLimit: env.BODY_LIMIT,
    httpTimeouts: loadHttpTimeouts(env),
    trustProxy: env.TRUST_PROXY,
    devPages,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    accessLog: env.ACCESS_LOG,
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

/**
 * The app's configuration: from the process's environment, parsed once at start-up (processEnv), or from `raw` when
 * given (tests). A bad value throws, naming the variable.
 */
export function loadConfig(raw?: RawEnv): AppConfig {
  return configFromEnv(raw === undefined ? processEnv() : parseEnv(raw));
}
