import * as z from 'zod/mini';
import { parseTrustProxy } from './trust-proxy';
import {
  httpUrl,
  httpUrlOr,
  list,
  oneOf,
  optionalWhole,
  parsedBy,
  switchOf,
  switchOr,
  text,
  textOr,
  whole,
} from './parsers';
import { isServerBuildPin } from '@checkout/shared';

/** A server build's pin (`sha384-…`); unset or blank: none. */
function serverBuildPin() {
  return parsedBy((value) => {
    const trimmed = value?.trim();
    if (!trimmed) return undefined;
    if (!isServerBuildPin(trimmed))
      throw new Error(`must be the sha384-… value of the remote's dist/server/integrity.json, got '${value}'`);
    return trimmed;
  });
}

/** The raw process environment, as the operating system hands it over. */
export type RawEnv = Record<string, string | undefined>;

/** The groups the documentation's table is split into, in its order. */
export const ENV_GROUPS = [
  'Server',
  'Database',
  'Pages and remotes',
  'Sale, holds and the waiting room',
  'Captcha',
  'Identity, mail and addresses',
  'Payment',
  'Jobs, webhooks and the organiser API',
  'Observability and retention',
  'Testing',
] as const;
export type EnvGroup = (typeof ENV_GROUPS)[number];

export interface EnvVariable<S extends z.ZodMiniType = z.ZodMiniType> {
  group: EnvGroup;
  /** Parses the raw value (undefined when unset) into the typed one, defaults included. */
  schema: S;
  /** What the variable does, for the documentation's table and .env.example. */
  description: string;
  /** The default as the documentation says it, when it is not simply the parsed value of nothing (e.g. computed). */
  shownDefault?: string;
  /** A secret (or a connection string with a password in it): it may come from NAME_FILE, and is never printed. */
  secret?: boolean;
}

function variable<S extends z.ZodMiniType>(
  group: EnvGroup,
  schema: S,
  description: string,
  extra: { shownDefault?: string; secret?: boolean } = {},
): EnvVariable<S> {
  return { group, schema, description, ...extra };
}

const MS = ' of milliseconds';

/** Every variable the api reads, with its type, default and meaning: the one place configuration is declared. */
export const ENV_VARIABLES = {
  // Server
  PORT: variable('Server', whole(8080, { max: 65_535 }), 'The port to listen on.'),
  HOST: variable('Server', textOr('0.0.0.0'), 'The address to listen on.'),
  PUBLIC_URL: variable(
    'Server',
    httpUrl(),
    'The shell origin as buyers see it (absolute links in pages and mail); `https:` makes cookies Secure.',
    { shownDefault: 'http://localhost:$PORT' },
  ),
  NODE_ENV: variable(
    'Server',
    text(),
    '`production` turns the sandboxes, the demo seed and private webhook URLs off by default and refuses the embedded database; `development` and `test` turn the development pages on.',
  ),
  LOG_LEVEL: variable(
    'Server',
    parsedBy((value) => {
      const level = value?.trim();
      if (!level) return undefined;
      if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(level))
        throw new Error(`must be fatal, error, warn, info, debug, trace or silent, got '${value}'`);
      return level;
    }),
    'The pino log level.',
    { shownDefault: 'info (silent under jest)' },
  ),
  ACCESS_LOG: variable(
    'Server',
    switchOr(true),
    'One JSON log line per finished request, written after the answer (`msg: "request"`: `request_id`, `method`, the matched `route` pattern or `not_found`, `status`, `duration_ms`, and `bytes` when the answer declares its length; never the URL, its query string, the client address, cookies or user agent; `/healthz` and `/metrics` at debug level only); `0` turns it off.',
  ),
  BODY_LIMIT: variable('Server', whole(64 * 1024), 'The request body limit in bytes (413 above it).'),
  HTTP_HEADERS_TIMEOUT_MS: variable(
    'Server',
    whole(20_000),
    "How long a client may take to send a request's headers (past it: a 408 with a sentence and the socket closed; checked every quarter of the shorter timeout, at most every 5 s); it may not be longer than `HTTP_REQUEST_TIMEOUT_MS`.",
  ),
  HTTP_REQUEST_TIMEOUT_MS: variable(
    'Server',
    whole(30_000),
    "How long a client may take to send the whole request, body included; only receiving the request is timed, never a slow answer or the queue's live stream, and behind the compose proxy (which reads the body itself) it cuts only clients that reach the api directly.",
  ),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: variable(
    'Server',
    whole(72_000),
    'How long an idle kept-alive connection stays open: above the 60 s idle timeout load balancers commonly use, so the balancer closes an idle connection first.',
  ),
  TRUST_PROXY: variable(
    'Server',
    parsedBy(parseTrustProxy),
    "The proxies in front of the api, so that every per-address limit counts the client's address from `X-Forwarded-For`: a hop count (`1`: the client is the address the outermost proxy appended; only when the api cannot be reached around the proxies) or a comma-separated list of proxy addresses/CIDRs (`10.0.0.0/8,127.0.0.1`, or proxy-addr's `loopback`, `uniquelocal`, `linklocal`; safe even when the api is also reachable directly); `true`, `all` or `*` (trust whatever a client writes) stop the start-up.",
    { shownDefault: '– (no proxy: the connection is the client)' },
  ),
  DEV_PAGES: variable(
    'Server',
    switchOf(),
    '`1`: the development pages (`/dev/outbox` and `/dev/outbox.json`: every email, one-time and ticket codes included, to anyone) and mail printed on the console, with a warning at start-up; also on with an explicit `NODE_ENV=development` or `test` unless `DEV_PAGES=0`. `npm start`, the e2e and bench stacks and the reliability api processes set it; `npm start -w api`, the Docker image and the compose stack do not.',
    { shownDefault: '– (off)' },
  ),
  SESSION_SECRET: variable(
    'Server',
    text(),
    "The HMAC key of the XSRF token, and the key the session tokens', one-time codes' and waiver links' keys are derived from: changing it ends every session and every waiver link already sent.",
    { shownDefault: 'generated, kept in the `settings` table', secret: true },
  ),

  // Database
  DATABASE_URL: variable(
    'Database',
    text(),
    'PostgreSQL (`postgres://user:password@host:5432/database`); without it PGlite keeps its files in `DATA_DIR` (refused under `NODE_ENV=production`, see `ALLOW_EMBEDDED_DB`).',
    { secret: true },
  ),
  PGPASSWORD: variable(
    'Database',
    text(),
    "node-postgres's own variable, read when `DATABASE_URL` names no password: the URL can then sit in plain configuration and the password in a mounted secret.",
    { secret: true },
  ),
  ALLOW_EMBEDDED_DB: variable(
    'Database',
    switchOr(false),
    "`1`: start on the embedded PGlite even with `NODE_ENV=production`, which otherwise stops the start-up with a message naming `DATABASE_URL` and this variable: its data lives in one process's folder, which replicas cannot share (`npm start` and the e2e stack set it; the Docker image does not).",
    { shownDefault: '–' },
  ),
  DATA_DIR: variable('Database', text(), "PGlite's directory (relative paths resolve from the working directory).", {
    shownDefault: '<repo>/.data/pglite',
  }),
  PG_POOL_SIZE: variable(
    'Database',
    optionalWhole(),
    "The PostgreSQL pool size (more connections than cores only queue on an on-sale's hot ticket row: see 'Basket, codes and reservations').",
    { shownDefault: '2 × CPU cores (at least 4)' },
  ),
  DB_STATEMENT_TIMEOUT_MS: variable(
    'Database',
    whole(15_000, { min: 0, note: `${MS} (0: no limit)` }),
    '`statement_timeout` of every database connection (`0`: none): PostgreSQL cancels a statement running longer (SQLSTATE 57014; its request answers 500); PGlite accepts the setting but cannot enforce it.',
  ),
  SEED_DEMO: variable(
    'Database',
    switchOf(),
    '`1`: seed the demo catalogue into an empty database at start-up; `0`: never. Production never seeds unless asked; `npm start` asks.',
    { shownDefault: 'on, except under `NODE_ENV=production`' },
  ),
  SEED_ONSALE_CAPACITY: variable(
    'Database',
    whole(100, { min: 0 }),
    "The capacity of the seeded 'On-sale test' ticket type 9001.",
  ),

  // Pages and remotes
  REMOTE_BASKET_URL: variable(
    'Pages and remotes',
    textOr('http://localhost:3001/mf-manifest.json'),
    "The basket remote's manifest, listed in `/remotes.json`.",
  ),
  REMOTE_ACCOUNT_URL: variable(
    'Pages and remotes',
    textOr('http://localhost:3002/mf-manifest.json'),
    "The account remote's manifest, listed in `/remotes.json`.",
  ),
  REMOTE_PAYMENT_URL: variable(
    'Pages and remotes',
    textOr('http://localhost:3003/mf-manifest.json'),
    "The payment remote's manifest, listed in `/remotes.json`.",
  ),
  REMOTE_POST_SALE_URL: variable(
    'Pages and remotes',
    textOr('http://localhost:3004/mf-manifest.json'),
    "The post-sale remote's manifest, listed in `/remotes.json`.",
  ),
  REMOTES_INTERNAL_ORIGIN: variable(
    'Pages and remotes',
    httpUrl(),
    "Where the api itself fetches a remote's `mf-manifest.json` (for the page's preloads) when its URL is on `PUBLIC_URL`'s origin, e.g. remotes behind the same proxy, whose public address the api's host may not reach (compose: `http://proxy:8080`); the preload links keep the public URLs.",
  ),
  REMOTES_FILE: variable(
    'Pages and remotes',
    text(),
    'A JSON file `{ "mf_basket": "https://…/mf-manifest.json", … }` whose entries win over `REMOTE_*_URL`, read again whenever it changes, so shipping or rolling back a remote needs no restart (a bad edit is logged and the last good list kept; a bad file at start-up stops the server; see docs/deployment.md).',
  ),
  MARKETPLACE_NAME: variable(
    'Pages and remotes',
    text(),
    "The site's one name: the events pages' header, the checkout's header (through `/remotes.json` `config`), and every email's From name, header, footer and the one-time code's subject.",
    { shownDefault: 'Events' },
  ),
  MARKETPLACE_LOGO_URL: variable(
    'Pages and remotes',
    text(),
    "The logo in the checkout's header, a path on this site or an https URL (anything else is ignored), whose origin the CSP then allows as an image.",
    { shownDefault: "– (the checkout's own mark)" },
  ),
  ACCOMMODATION_MAP_URL: variable(
    'Pages and remotes',
    text(),
    "An https URL with `{address}` (e.g. a partner's map page): the order-completed 'Find a place to stay' view embeds it for each venue and the CSP allows its origin as a frame; unset (or not https), the view links to the venue on a map instead.",
  ),
  SHELL_DIST: variable(
    'Pages and remotes',
    text(),
    "The shell's production build (its `*.map` files are kept for an error tracker's upload and answered 404).",
    { shownDefault: '<repo>/shell/dist' },
  ),
  SERVER_RENDER: variable(
    'Pages and remotes',
    switchOr(true),
    "`0` serves `/checkout/` without its first step rendered on the server (the data is still inlined); with it on, the basket step is rendered from the shell's `dist/server/render.js` and the basket remote's `server/remoteEntry.js`, either missing or failing leaving the page to the browser (logged once).",
  ),
  SERVER_RENDER_SHED_LAG_MS: variable(
    'Pages and remotes',
    whole(100),
    "The event loop's p99 delay (ms, over the last second) past which `/checkout/` is served for the browser to render rather than rendered here; renders also give way while 8 are already running.",
  ),

  REMOTE_BASKET_SERVER_INTEGRITY: variable(
    'Pages and remotes',
    serverBuildPin(),
    "The pin (`sha384-…`, from the build's `dist/server/integrity.json`) of the basket remote's server build at its `REMOTE_*_URL`: the api runs those bytes and no others (a `REMOTES_FILE` entry brings its own pin). Unset under `NODE_ENV=production`, its step renders in the browser; outside production the repository's own build is the pin.",
  ),
  REMOTE_ACCOUNT_SERVER_INTEGRITY: variable(
    'Pages and remotes',
    serverBuildPin(),
    "The pin (`sha384-…`, from the build's `dist/server/integrity.json`) of the account remote's server build at its `REMOTE_*_URL`: the api runs those bytes and no others (a `REMOTES_FILE` entry brings its own pin). Unset under `NODE_ENV=production`, its step renders in the browser; outside production the repository's own build is the pin.",
  ),
  REMOTE_PAYMENT_SERVER_INTEGRITY: variable(
    'Pages and remotes',
    serverBuildPin(),
    "The pin (`sha384-…`, from the build's `dist/server/integrity.json`) of the payment remote's server build at its `REMOTE_*_URL`: the api runs those bytes and no others (a `REMOTES_FILE` entry brings its own pin). Unset under `NODE_ENV=production`, its step renders in the browser; outside production the repository's own build is the pin.",
  ),
  REMOTE_POST_SALE_SERVER_INTEGRITY: variable(
    'Pages and remotes',
    serverBuildPin(),
    "The pin (`sha384-…`, from the build's `dist/server/integrity.json`) of the post-sale remote's server build at its `REMOTE_*_URL`: the api runs those bytes and no others (a `REMOTES_FILE` entry brings its own pin). Unset under `NODE_ENV=production`, its step renders in the browser; outside production the repository's own build is the pin.",
  ),
  SERVER_RENDER_UNPINNED: variable(
    'Pages and remotes',
    switchOr(false),
    "`1` runs a remote's server build that has no pin, unverified (a warning at start-up); off, a step without a pin renders in the browser.",
  ),

  // Sale, holds and the waiting room
  HOLD_SECONDS: variable('Sale, holds and the waiting room', whole(900), 'How long a reservation holds stock.'),
  HOLD_SWEEP_MS: variable(
    'Sale, holds and the waiting room',
    whole(5000),
    'How often lapsed holds are swept (they are also swept on demand when a reservation finds too little stock).',
  ),
  REFUND_PROTECTION_PERCENT: variable(
    'Sale, holds and the waiting room',
    parsedBy((value) => {
      const trimmed = value?.trim();
      if (!trimmed) return 500;
      const percent = Number(trimmed);
      if (!/^\d{1,2}(\.\d{1,2})?$/.test(trimmed) || percent <= 0)
        throw new Error(`must be a percentage such as 5 or 7.5, got '${value}'`);
      return Math.round(percent * 100);
    }),
    "Refund protection's price, as a percentage of what the covered tickets cost (up to two decimals).",
    { shownDefault: '5' },
  ),
  QUEUE_JOINS_PER_CLIENT: variable(
    'Sale, holds and the waiting room',
    whole(100),
    'New places in any queue from one client address per minute (a browser already in the queue is not counted again; a mobile network puts many buyers behind one address, hence generous).',
  ),
  QUEUE_PLACES_PER_CLIENT: variable(
    'Sale, holds and the waiting room',
    whole(10),
    "Places in one on-sale's queue from one client address in all (an IPv6 client counts by its /64); past it a new browser from that address is refused with a 429 and a sentence, while those already in keep their places (see 'Queue places per address' below).",
  ),
  QUEUE_STREAMS_PER_PROCESS: variable(
    'Sale, holds and the waiting room',
    whole(20_000),
    'Live queue streams one api process keeps open; past it the queue page polls every few seconds.',
  ),

  // Captcha
  HCAPTCHA_SITE_KEY: variable(
    'Captcha',
    text(),
    "With `HCAPTCHA_SECRET`, reservations check captcha tokens with hCaptcha's siteverify (the key is passed to the page in `/remotes.json` `config`); without both, the offline sandbox captcha (site key `sandbox-site-key`).",
  ),
  HCAPTCHA_SECRET: variable(
    'Captcha',
    text(),
    "hCaptcha's secret, used with `HCAPTCHA_SITE_KEY`; set without the site key it stops the start-up.",
    { secret: true },
  ),
  HCAPTCHA_VERIFY_URL: variable(
    'Captcha',
    httpUrlOr('https://api.hcaptcha.com/siteverify'),
    "hCaptcha's siteverify endpoint (tests point it at a local stub).",
  ),
  CAPTCHA_RESERVE_LIMIT: variable(
    'Captcha',
    whole(5, { min: 0 }),
    'More reserve attempts than this from one client address within the window demand a captcha (`0` turns the rule off; the bench and e2e stacks do).',
  ),
  CAPTCHA_RESERVE_WINDOW_SECONDS: variable(
    'Captcha',
    whole(600),
    'The window `CAPTCHA_RESERVE_LIMIT` counts reserve attempts in.',
  ),
  CAPTCHA_SANDBOX_TOKEN_SECONDS: variable('Captcha', whole(120), 'How long a sandbox captcha token is valid.'),

  // Identity, mail and addresses
  OTC_SENDS_PER_EMAIL: variable(
    'Identity, mail and addresses',
    whole(5),
    'One-time codes sent to one email address from anywhere per 15 minutes before each further send needs a solved captcha.',
  ),
  OTC_SENDS_PER_EMAIL_CLIENT: variable(
    'Identity, mail and addresses',
    whole(5),
    'One-time codes sent to one email address from one client address per 15 minutes.',
  ),
  OTC_SENDS_PER_CLIENT: variable(
    'Identity, mail and addresses',
    whole(50),
    'One-time codes sent from one client address per 15 minutes.',
  ),
  OTC_CHECKS_PER_CLIENT: variable(
    'Identity, mail and addresses',
    whole(100),
    'One-time codes checked from one client address per 15 minutes.',
  ),
  SMTP_URL: variable(
    'Identity, mail and addresses',
    text(),
    '`smtp://user:pass@host:port` (or `smtps://`): mail is delivered through it by a durable job (retried with backoff); without it mail stays in the outbox.',
    { secret: true },
  ),
  MAIL_FROM: variable(
    'Identity, mail and addresses',
    text(),
    'The address every message is sent from; its name is always `MARKETPLACE_NAME`\'s (`"Events" <no-reply@…>`), and a MAIL_FROM naming another sender (`"Tickets" <t@example.com>`) or no address stops the start-up.',
    { shownDefault: 'no-reply@<PUBLIC_URL host>' },
  ),
  MAIL_DELIVERY_INTERVAL_MS: variable(
    'Identity, mail and addresses',
    whole(5000),
    'How often queued mail deliveries are looked for (a send also starts one at once).',
  ),
  ADDRESS_LOOKUP_KEY: variable(
    'Identity, mail and addresses',
    text(),
    'With a key, address lookup uses the Ideal Postcodes API; without, a bundled offline set of UK addresses.',
    { secret: true },
  ),
  ADDRESS_LOOKUP_URL: variable(
    'Identity, mail and addresses',
    httpUrlOr('https://api.ideal-postcodes.co.uk'),
    "The address provider's base URL (tests point it at a local stub).",
  ),
  ADDRESS_LOOKUPS_PER_CLIENT: variable(
    'Identity, mail and addresses',
    whole(100),
    'Address lookups per client address per 15 minutes (each may cost money).',
  ),

  // Payment
  PAYMENTS_SANDBOX: variable(
    'Payment',
    switchOf(),
    "`1`: a payment method without its real provider is served by its offline sandbox (test money); `0`: it is off (its calls answer 409 'This way of paying is not available at the moment…', no sandbox page or route is served); the start-up log says per method: live, SANDBOX (a warning under production) or off.",
    { shownDefault: 'on, except under `NODE_ENV=production`' },
  ),
  STRIPE_SECRET_KEY: variable(
    'Payment',
    text(),
    'With `STRIPE_PUBLISHABLE_KEY`, card payments use the real Stripe adapter (PaymentIntents); neither: the offline card sandbox (public key `pk_sandbox`) where `PAYMENTS_SANDBOX` allows it, off otherwise; one without the other stops the start-up.',
    { secret: true },
  ),
  STRIPE_PUBLISHABLE_KEY: variable(
    'Payment',
    text(),
    "Stripe's publishable key, used with `STRIPE_SECRET_KEY` and passed to the page in `/remotes.json` `config`.",
  ),
  STRIPE_API_BASE: variable(
    'Payment',
    httpUrl(),
    'Another Stripe API origin, e.g. `http://127.0.0.1:12111` (a local stub or stripe-mock).',
    { shownDefault: "Stripe's" },
  ),
  SQUARE_APPLICATION_ID: variable(
    'Payment',
    text(),
    "With `SQUARE_ACCESS_TOKEN` and `SQUARE_LOCATION_ID`, square-type card payments use the real Square adapter (Payments API, and Square's Web Payments SDK on the page, its hosts then allowed by the CSP); none: the offline square sandbox; one or two of the three stop the start-up.",
  ),
  SQUARE_ACCESS_TOKEN: variable('Payment', text(), "Square's access token (see `SQUARE_APPLICATION_ID`).", {
    secret: true,
  }),
  SQUARE_LOCATION_ID: variable(
    'Payment',
    text(),
    'The Square location payments are made to (see `SQUARE_APPLICATION_ID`).',
  ),
  SQUARE_ENVIRONMENT: variable(
    'Payment',
    oneOf(['sandbox', 'production'], 'sandbox'),
    "`sandbox` or `production`: Square's API and Web Payments SDK of that environment; the application id must be of it (Square's sandbox ids start `sandbox-`).",
  ),
  SQUARE_API_BASE: variable('Payment', httpUrl(), 'Another Square API origin (tests: a local stub).', {
    shownDefault: "Square's for the environment",
  }),
  TRUELAYER_CLIENT_ID: variable(
    'Payment',
    text(),
    'With `TRUELAYER_CLIENT_SECRET`, `TRUELAYER_SIGNING_KEY_ID`, `TRUELAYER_SIGNING_PRIVATE_KEY` and a merchant account, bank transfers use the real TrueLayer adapter (Payments API v3, hosted payment page, webhooks); none: the offline bank sandbox; part of them stops the start-up.',
  ),
  TRUELAYER_CLIENT_SECRET: variable('Payment', text(), "TrueLayer's client secret (see `TRUELAYER_CLIENT_ID`).", {
    secret: true,
  }),
  TRUELAYER_SIGNING_KEY_ID: variable(
    'Payment',
    text(),
    "The id under which the signing key's public half is registered in TrueLayer's Console.",
  ),
  TRUELAYER_SIGNING_PRIVATE_KEY: variable(
    'Payment',
    text(),
    "The PEM of the EC P-521 signing key (a file's text, or one line with `\\n` for its newlines).",
    { secret: true },
  ),
  TRUELAYER_MERCHANT_ACCOUNT_ID_GBP: variable(
    'Payment',
    text(),
    'The GBP merchant account bank payments are made into; the real adapter needs this or the EUR one, and a currency without one is not offered by bank.',
  ),
  TRUELAYER_MERCHANT_ACCOUNT_ID_EUR: variable(
    'Payment',
    text(),
    'The EUR merchant account bank payments are made into (see `TRUELAYER_MERCHANT_ACCOUNT_ID_GBP`).',
  ),
  TRUELAYER_ENVIRONMENT: variable(
    'Payment',
    oneOf(['sandbox', 'production'], 'sandbox'),
    "`sandbox` or `production`: TrueLayer's auth server, API, payment page and webhook keys of that environment.",
  ),
  TRUELAYER_AUTH_URL: variable(
    'Payment',
    httpUrl(),
    "Another origin for TrueLayer's auth server (tests: a local stub).",
    {
      shownDefault: "TrueLayer's for the environment",
    },
  ),
  TRUELAYER_API_URL: variable(
    'Payment',
    httpUrl(),
    "Another origin for TrueLayer's Payments API (tests: a local stub).",
    {
      shownDefault: "TrueLayer's for the environment",
    },
  ),
  TRUELAYER_HPP_URL: variable(
    'Payment',
    httpUrl(),
    "Another origin for TrueLayer's hosted payment page (tests: a local stub).",
    { shownDefault: "TrueLayer's for the environment" },
  ),
  TRUELAYER_WEBHOOK_JKUS: variable(
    'Payment',
    list(),
    "Comma-separated JWKS addresses a webhook signature may name besides TrueLayer's own (tests only).",
    { shownDefault: '–' },
  ),
  SANDBOX_BANK_SETTLE_MS: variable(
    'Payment',
    whole(4000, { min: 0 }),
    "How long an approved sandbox bank payment stays 'authorizing' before it is executed.",
  ),
  PAYMENT_JOBS_MS: variable(
    'Payment',
    whole(2000, { min: 0 }),
    'How often the payment jobs (refunds, bank settlement) run; below 100 counts as 100.',
  ),
  PAYMENT_CLAIM_STALE_MS: variable(
    'Payment',
    whole(60_000, { min: 100 }),
    'How old an unfinished idempotency claim must be to count as abandoned by a process that died mid-request, so a repeat of a retry-safe payment call takes it over.',
  ),

  // Jobs, webhooks and the organiser API
  JOB_LEASE_MS: variable(
    'Jobs, webhooks and the organiser API',
    whole(5 * 60_000, { min: 1000 }),
    "How long a claimed job is its runner's: a job whose runner died runs again after it.",
  ),
  INSTALMENT_JOBS_MS: variable(
    'Jobs, webhooks and the organiser API',
    whole(60_000, { min: 100 }),
    'How often due payment plan jobs (later charges, reminders) are looked for.',
  ),
  INSTALMENT_RESUME_MS: variable(
    'Jobs, webhooks and the organiser API',
    whole(120_000, { min: 100 }),
    "How long after a payment plan's first charge was asked for its resume job looks at the plan, to finish a start a crash interrupted.",
  ),
  TRANSFER_JOBS_MS: variable(
    'Jobs, webhooks and the organiser API',
    whole(60_000, { min: 100 }),
    "How often due ticket transfer jobs (a scheduled gift's notification) are looked for.",
  ),
  WEBHOOK_JOBS_MS: variable(
    'Jobs, webhooks and the organiser API',
    whole(5000),
    'How often due webhook deliveries are attempted (each api process).',
  ),
  WEBHOOK_ALLOW_PRIVATE_URLS: variable(
    'Jobs, webhooks and the organiser API',
    switchOf(),
    "`1`: webhook endpoints may be plain http and on private, loopback or link-local addresses (tests, local development, receivers on the stack's own network); `0` (the production default): https only, and the host must resolve to public addresses only, checked when the endpoint is saved and again on every connection.",
    { shownDefault: 'on unless `NODE_ENV=production`' },
  ),
  API_RATE_LIMIT_PER_KEY: variable(
    'Jobs, webhooks and the organiser API',
    whole(600),
    "The organiser API's requests per window for one valid key (door tokens included: a full catalogue sync or a busy door stays well under), counted in the database so every replica shares the count.",
  ),
  API_RATE_LIMIT_PER_ADDRESS: variable(
    'Jobs, webhooks and the organiser API',
    whole(30),
    "The organiser API's requests per window from one client address (`request.ip`, so `TRUST_PROXY` decides; IPv6 by its /64) that carry no key or one that is not valid.",
  ),
  API_RATE_LIMIT_WINDOW_SECONDS: variable(
    'Jobs, webhooks and the organiser API',
    whole(60),
    "The fixed window the organiser API's two limits count in.",
  ),

  // Observability and retention
  METRICS_TOKEN: variable(
    'Observability and retention',
    text(),
    "`GET /metrics` answers Prometheus' text format only with `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time); without the variable, or the right token, it is a 404 like any unknown path (use a long random value: `openssl rand -hex 32`).",
    { shownDefault: '– (no `/metrics`: 404)', secret: true },
  ),
  SENTRY_DSN: variable(
    'Observability and retention',
    text(),
    "Passed to the page in `/remotes.json` `config`, and reports the api's unexpected errors to Sentry (every 5xx the error handler answers and every failed job run, tagged with the request id or job kind and id); unset, the SDK is not even loaded.",
    { shownDefault: '– (off: nothing is sent)', secret: true },
  ),
  SENTRY_ENVIRONMENT: variable(
    'Observability and retention',
    text(),
    "The environment the api's error reports are filed under.",
    { shownDefault: '`NODE_ENV`, else `production`' },
  ),
  JOB_RETENTION_DAYS: variable(
    'Observability and retention',
    whole(14),
    'Finished (`done`) jobs older than this are deleted by the retention sweep; pending, running and failed jobs never are.',
  ),
  OUTBOX_RETENTION_DAYS: variable(
    'Observability and retention',
    whole(30),
    'Sent mail older than this is deleted by the retention sweep; unsent mail never is.',
  ),
  DOMAIN_EVENT_RELAY_MS: variable(
    'Observability and retention',
    whole(10_000, { min: 100 }),
    'How often each api process claims the committed domain events no process has relayed yet and counts them in `domain_events_total` and `payments_total` (a `/metrics` scrape relays first too).',
  ),
  RETENTION_SWEEP_MS: variable(
    'Observability and retention',
    whole(60 * 60_000),
    'How often the retention sweep runs (each api process; in batches of 1,000 rows).',
  ),

  // Testing
  FAILPOINTS: variable(
    'Testing',
    list(),
    "Comma-separated failpoint names at which the process kills itself (SIGKILL), for the reliability suite's crash tests; never set otherwise.",
    { shownDefault: '–' },
  ),
} as const satisfies Record<string, EnvVariable>;

export type EnvName = keyof typeof ENV_VARIABLES;

type Shape = { [K in EnvName]: (typeof ENV_VARIABLES)[K]['schema'] };

export const envSchema = z.object(
  Object.fromEntries(Object.entries(ENV_VARIABLES).map(([name, { schema }]) => [name, schema])) as Shape,
);

/** The api's environment, parsed: every variable of ENV_VARIABLES with its type and default. */
export type AppEnv = z.output<typeof envSchema>;

/** The variables that hold secrets, which may each come from a NAME_FILE. */
export const SECRET_VARIABLES: readonly EnvName[] = (Object.keys(ENV_VARIABLES) as EnvName[]).filter(
  (name) => (ENV_VARIABLES[name] as EnvVariable).secret === true,
);

/** A value the schema refuses, as the sentence the start-up refusal says: the variable first. */
export class EnvError extends Error {}

/**
 * Parses a raw environment against the schema: unknown variables are ignored, a bad value throws an EnvError naming
 * the variable (every bad one, one sentence each, joined with '; ').
 */
export function parseEnv(raw: RawEnv): AppEnv {
  const result = envSchema.safeParse(raw);
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '');
    return issue.message.startsWith(name) ? issue.message : `${name} ${issue.message}`;
  });
  throw new EnvError(messages.join('; '));
}
