import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

/**
 * The security headers every response of the api carries (pages, the shell, /ajax, assets, errors): a
 * Content-Security-Policy that lets the page load code only from our origins (this one and the four remotes') and the
 * providers that are configured (Stripe when its keys are set, Square's Web Payments SDK with the real square-type
 * adapter, hCaptcha when it is, Sentry when it is), refuses to be
 * framed, and keeps the browser from sniffing types or sending full URLs (which carry references and tokens) to other
 * sites.
 */

/** Stripe.js and its frames (docs.stripe.com/security/guide#content-security-policy). */
export const STRIPE_HOSTS = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

/**
 * Square's Web Payments SDK per environment (developer.squareup.com/docs/web-payments/content-security-policy): the
 * script and its card frames from Square's CDN, which talk to Square's PCI endpoint and API (tokenising, buyer
 * verification).
 */
export const SQUARE_HOSTS = {
  sandbox: {
    script: ['https://sandbox.web.squarecdn.com', 'https://js.squareupsandbox.com'],
    style: ['https://sandbox.web.squarecdn.com'],
    frame: ['https://sandbox.web.squarecdn.com', 'https://connect.squareupsandbox.com'],
    connect: [
      'https://sandbox.web.squarecdn.com',
      'https://pci-connect.squareupsandbox.com',
      'https://connect.squareupsandbox.com',
    ],
  },
  production: {
    script: ['https://web.squarecdn.com', 'https://js.squareup.com'],
    style: ['https://web.squarecdn.com'],
    frame: ['https://web.squarecdn.com', 'https://connect.squareup.com'],
    connect: ['https://web.squarecdn.com', 'https://pci-connect.squareup.com', 'https://connect.squareup.com'],
  },
} as const;

/** hCaptcha's widget, frames and API (docs.hcaptcha.com/#content-security-policy-settings). */
export const HCAPTCHA_HOSTS = ['https://hcaptcha.com', 'https://*.hcaptcha.com'] as const;

/** The parts of the configuration the policy depends on. */
export type SecurityHeadersConfig = Pick<AppConfig, 'remotes' | 'runtime' | 'captcha' | 'payment'> &
  Partial<Pick<AppConfig, 'publicUrl'>>;

/** A year, subdomains included: sent only when buyers reach us over https (PUBLIC_URL), where it cannot lock anyone out. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;
/** The Strict-Transport-Security header those options give. */
export const HSTS = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;

/** The origin a URL lives on; null for a relative URL (it lives on this origin, which 'self' covers). */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function unique(values: readonly (string | null | undefined)[]): string[] {
  return [
    ...new Set(
      values.filter((value): value is string => typeof value === 'string' && value !== '' && value !== 'null'),
    ),
  ];
}

/** The directives of the policy, in the order they are sent. */
export function contentSecurityPolicyDirectives(config: SecurityHeadersConfig): Record<string, string[]> {
  const remotes = unique(Object.values(config.remotes).map(originOf));
  const stripe = config.payment.stripe !== null || config.runtime.stripePublishableKey !== undefined;
  const hcaptcha = config.captcha.mode === 'hcaptcha';
  // The real square-type adapter: the page loads Square's Web Payments SDK for its environment (none with the sandbox).
  const square = config.payment.square
    ? SQUARE_HOSTS[config.payment.square.environment]
    : { script: [], style: [], frame: [], connect: [] };
  const sentry = config.runtime.sentryDsn ? originOf(config.runtime.sentryDsn) : null;
  const captchaHosts = hcaptcha ? [...HCAPTCHA_HOSTS] : [];
  // The order-completed page embeds the accommodation map when one is configured.
  const accommodationMap = config.runtime.accommodationMapUrl
    ? originOf(config.runtime.accommodationMapUrl.replaceAll('{address}', ''))
    : null;
  // The header's configured logo, when it is on another host.
  const logo = config.runtime.marketplaceLogoUrl?.startsWith('https://')
    ? originOf(config.runtime.marketplaceLogoUrl)
    : null;
  return {
    'default-src': ["'self'"],
    // Module Federation adds <script> tags for each remote's remoteEntry.js and chunks: their origins, nothing inline.
    'script-src': unique([
      "'self'",
      ...remotes,
      ...(stripe ? STRIPE_HOSTS.script : []),
      ...square.script,
      ...captchaHosts,
    ]),
    // 'unsafe-inline' for styles only: the sandbox pages' <style>, style attributes of the server pages and React's
    // style props. Styles cannot run code; scripts stay strict.
    'style-src': unique(["'self'", "'unsafe-inline'", ...remotes, ...square.style, ...captchaHosts]),
    'img-src': unique([
      "'self'",
      'data:',
      'blob:',
      ...remotes,
      ...(stripe ? ['https://*.stripe.com'] : []),
      ...captchaHosts,
      logo,
    ]),
    'font-src': unique(["'self'", 'data:', ...remotes]),
    // The remotes' manifests are fetched; the providers' scripts call home.
    'connect-src': unique([
      "'self'",
      ...remotes,
      ...(stripe ? STRIPE_HOSTS.connect : []),
      ...square.connect,
      ...captchaHosts,
      sentry,
    ]),
    'frame-src': unique([
      "'self'",
      ...(stripe ? STRIPE_HOSTS.frame : []),
      ...square.frame,
      ...captchaHosts,
      accommodationMap,
    ]),
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // Every form of ours posts to this origin (sign-in, mailing list, the sandbox portals).
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The features no answer may use (the door page alone allows its own camera). Helmet has no Permissions-Policy. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';

/**
 * Helmet's options for the headers every answer carries: the policy above, nosniff, strict-origin-when-cross-origin,
 * DENY framing for browsers that predate frame-ancestors, and HSTS over https only. Helmet's other headers are off:
 * the cross-origin isolation ones would refuse the remotes' scripts and the providers' frames, and the rest are for
 * browsers we do not serve. `directives` gives each directive's value when the answer is sent.
 */
export function helmetOptions(
  config: SecurityHeadersConfig,
  directives: () => Record<string, string[]>,
): FastifyHelmetOptions {
  const names = Object.keys(directives());
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(names.map((name) => [name, [() => (directives()[name] ?? []).join(' ')]])),
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: config.publicUrl?.startsWith('https:')
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true, preload: false }
      : false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: false,
    xXssProtection: false,
  };
}

/**
 * Adds the headers to every response of the app, whatever route (or error or 404) produced it: @fastify/helmet, and
 * Permissions-Policy, which Helmet does not send. The remotes' origins are the ones in force now (REMOTES_FILE can
 * move a remote without a restart, pages/remotes.ts): the directives are rebuilt when the list changes, so a remote
 * shipped to a new origin is allowed from its first page load. Awaited, so its hooks run before any added after it.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: SecurityHeadersConfig,
  remotes: { current(): SecurityHeadersConfig['remotes'] } = { current: () => config.remotes },
): Promise<void> {
  let lastRemotes = remotes.current();
  let directives = contentSecurityPolicyDirectives({ ...config, remotes: lastRemotes });
  const currentDirectives = () => {
    const now = remotes.current();
    if (now !== lastRemotes) {
      lastRemotes = now;
      directives = contentSecurityPolicyDirectives({ ...config, remotes: now });
    }
    return directives;
  };
  await app.register(fastifyHelmet, helmetOptions(config, currentDirectives));
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
