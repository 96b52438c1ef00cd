/**
 * Hostile input — security headers (api/src/http/security-headers.ts) on every kind of answer of the api:
 * pages, the shell, /ajax answers (accepted and refused), assets, redirects and 404s. The policy allows our origin and
 * the remotes' origins, and a provider's hosts only when that provider is configured; it follows REMOTES_FILE when a
 * remote moves. The browser side (no violation during a real walk, only inventoried scripts, the remotes' static
 * server) is e2e/specs/security-headers.spec.ts.
 */
import { parseEnv } from '../../api/src/config/env-schema';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { calls, type CallDef } from '@checkout/shared';
import type { LightMyRequestResponse } from 'fastify';
import { loadCaptchaConfig } from '../../api/src/config/captcha';
import { loadConfig } from '../../api/src/config';
import { loadPaymentConfig } from '../../api/src/config/payment';
import type { TestApp } from '../../api/src/testing/test-app';
import { countFigure } from '../support/figures';
import { describeOnEachDatabase } from './support';

jest.setTimeout(120_000);

const REMOTE_ORIGINS = Object.values(loadConfig({}).remotes).map((url) => new URL(url).origin);
const REFERRER_POLICIES = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];

function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values] as [string, string[]]),
  );
}

function expectHeaders(
  response: LightMyRequestResponse,
  what: string,
  extraHosts: readonly string[] = [],
): Map<string, string[]> {
  expect({ what, nosniff: response.headers['x-content-type-options'] }).toEqual({ what, nosniff: 'nosniff' });
  expect({ what, referrer: REFERRER_POLICIES.includes(String(response.headers['referrer-policy'])) }).toEqual({
    what,
    referrer: true,
  });
  const policy = policyOf(response);
  expect({ what, frameAncestors: policy.get('frame-ancestors') }).toEqual({ what, frameAncestors: ["'none'"] });
  expect({ what, objectSrc: policy.get('object-src') }).toEqual({ what, objectSrc: ["'none'"] });
  const allowed = new Set(["'self'", "'none'", 'data:', 'blob:', ...REMOTE_ORIGINS, ...extraHosts]);
  for (const [name, values] of policy) {
    if (name === 'frame-ancestors') continue;
    for (const value of values) {
      if (name === 'style-src' && value === "'unsafe-inline'") continue;
      expect({ what, name, value, allowed: allowed.has(value) }).toEqual({ what, name, value, allowed: true });
    }
  }
  const scripts = policy.get('script-src') ?? [];
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(scripts).toEqual(expect.arrayContaining(["'self'", ...REMOTE_ORIGINS]));
  return policy;
}

const PAGES = [
  '/',
  '/all-events/',
  '/all-events',
  '/checkout/',
  '/checkout',
  '/refund-policy/',
  '/legal-information/purchase-terms-and-conditions/',
  '/signin/',
  '/mailing-list',
  '/dev/outbox',
  '/dev/outbox.json',
  '/account/wallet/',
  '/smartcheckout/?session=CT-AAAAAAAAAAAAAAAA',
  '/smartcheckout/completed/',
  '/activity-terms-and-conditions/CT-AAAAAAAAAAAAAAAA/',
  '/transfers/accept/nothing',
  '/remotes.json',
  '/healthz',
  '/ajax/openapi.json',
  '/ajax/docs/',
  '/ajax/checkout/checkout/javascript-square/',
  '/no-such-page/',
  '/ajax/no/such/call/',
];

describeOnEachDatabase('security headers', (open) => {
  let t: TestApp;
  let checked = 0;

  beforeAll(async () => {
    t = await open();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    countFigure(
      'hostile.headers.responses',
      checked,
      'api responses checked for CSP, nosniff, Referrer-Policy and frame-ancestors',
    );
  });

  test('every page, redirect, asset and 404', async () => {
    const shell = await t.app.inject({ method: 'GET', url: '/all-events/' });
    const assets = [...shell.body.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((match) => match[1] as string);
    expect(assets.length).toBeGreaterThan(0);
    for (const url of [...PAGES, ...assets]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      // Before `npm run build` (CI runs this suite before the e2e build) the shell's page is a deliberate 503 saying so.
      const shellNotBuilt =
        url.startsWith('/checkout') && !existsSync(path.join(loadConfig({}).shellDist, 'index.html'));
      if (shellNotBuilt) expect({ url, status: response.statusCode }).toEqual({ url, status: 503 });
      else expect({ url, status: response.statusCode < 500 }).toEqual({ url, status: true });
      expectHeaders(response, `GET ${url}`);
      checked += 1;
    }
  });

  test('every /ajax call of the registry, answered or refused (no XSRF, malformed body, wrong method)', async () => {
    const visitor = await t.visitor();
    for (const call of Object.values(calls) as CallDef[]) {
      const answers =
        call.method === 'GET'
          ? [await visitor.get(call.path), await visitor.post(call.path)]
          : [
              await visitor.post(call.path, 'a[b][c][d][e][f][g]=1'),
              await visitor.post(call.path, {}, { xsrf: false }),
              await visitor.get(call.path),
            ];
      for (const response of answers) {
        expectHeaders(response, `${call.method} ${call.path} → ${response.statusCode}`);
        checked += 1;
      }
    }
  });

  test('Stripe, hCaptcha and Sentry hosts appear only when configured, each in the directives it needs', async () => {
    const configured = await open({
      config: {
        payment: loadPaymentConfig(parseEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })),
        captcha: {
          ...loadCaptchaConfig(parseEnv({ HCAPTCHA_SITE_KEY: 'site', HCAPTCHA_SECRET: 'secret' })),
          reserveLimit: 0,
        },
        runtime: {
          apiBase: '',
          stripePublishableKey: 'pk_test_x',
          hcaptchaSiteKey: 'site',
          sentryDsn: 'https://key@o1.ingest.sentry.io/2',
        },
      },
    });
    try {
      const extra = [
        'https://js.stripe.com',
        'https://hooks.stripe.com',
        'https://api.stripe.com',
        'https://*.stripe.com',
        'https://hcaptcha.com',
        'https://*.hcaptcha.com',
        'https://o1.ingest.sentry.io',
      ];
      const policy = expectHeaders(
        await configured.app.inject({ method: 'GET', url: '/checkout/' }),
        'configured /checkout/',
        extra,
      );
      expect(policy.get('script-src')).toEqual(
        expect.arrayContaining(['https://js.stripe.com', 'https://hcaptcha.com', 'https://*.hcaptcha.com']),
      );
      expect(policy.get('frame-src')).toEqual(
        expect.arrayContaining([
          'https://js.stripe.com',
          'https://hooks.stripe.com',
          'https://hcaptcha.com',
          'https://*.hcaptcha.com',
        ]),
      );
      expect(policy.get('connect-src')).toEqual(
        expect.arrayContaining(['https://api.stripe.com', 'https://o1.ingest.sentry.io']),
      );
      // Sentry is only ever talked to, never loaded from.
      expect(policy.get('script-src')).not.toContain('https://o1.ingest.sentry.io');
    } finally {
      await configured.close();
    }
    const plain = policyOf(await t.app.inject({ method: 'GET', url: '/checkout/' }));
    expect([...plain.values()].flat().filter((value) => /stripe|hcaptcha|sentry/.test(value))).toEqual([]);
  });

  test('a remote moved by REMOTES_FILE is allowed from the next request, and the old origin no longer is', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'csp-remotes-'));
    const file = path.join(dir, 'remotes.json');
    writeFileSync(file, JSON.stringify({ mf_payment: 'https://payment.cdn.example/1.0.0/mf-manifest.json' }));
    const moving = await open({ config: { remotesFile: file } });
    try {
      const scriptSrc = async () =>
        policyOf(await moving.app.inject({ method: 'GET', url: '/checkout/' })).get('script-src') ?? [];
      expect(await scriptSrc()).toContain('https://payment.cdn.example');
      writeFileSync(file, JSON.stringify({ mf_payment: 'https://payment2.cdn.example/2.0.0/mf-manifest.json' }));
      const after = await scriptSrc();
      expect(after).toContain('https://payment2.cdn.example');
      expect(after).not.toContain('https://payment.cdn.example');
    } finally {
      await moving.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
