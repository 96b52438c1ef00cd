import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app/app';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import { serverMessages } from './server-messages';
import { HSTS } from './security-headers';

/**
 * The api as deployed: TLS ends at nginx, which forwards plain http with X-Forwarded-Proto, X-Forwarded-For and its
 * own X-Request-Id (32 hex digits, nginx's $request_id). PUBLIC_URL is the https address buyers use.
 */
const PROXY = '10.0.0.2';
const CLIENT = '203.0.113.9';
const NGINX_ID = '5f2b8c1e9a7d4e3f8b6a1c0d2e4f6a8b';
const PUBLIC_URL = 'https://tickets.example';

/** A request as nginx passes it on (`forwardedProto` null: a proxy that does not say the scheme). */
const throughProxy = (headers: Record<string, string> = {}, forwardedProto: string | null = 'https') => ({
  remoteAddress: PROXY,
  headers: {
    host: 'tickets.example',
    ...(forwardedProto === null ? {} : { 'x-forwarded-proto': forwardedProto }),
    'x-forwarded-for': CLIENT,
    'x-request-id': NGINX_ID,
    ...headers,
  },
});

const logged: Array<Record<string, unknown>> = [];
let t: TestApp;

/** What the request looked like to the api. */
function addSeenRoute(app: FastifyInstance): void {
  app.get('/test/seen', async (request) => ({ protocol: request.protocol, host: request.host, ip: request.ip }));
}

beforeAll(async () => {
  t = await createTestApp({
    config: {
      publicUrl: PUBLIC_URL,
      secureCookies: true,
      trustProxy: { kind: 'hops', hops: 1 },
      logLevel: 'info',
    },
    logStream: { write: (line) => void logged.push(JSON.parse(line) as Record<string, unknown>) },
  });
  addSeenRoute(t.app);
}, 60_000);
afterAll(() => t.close());

describe('behind a TLS proxy (TRUST_PROXY=1, PUBLIC_URL https)', () => {
  test("the request is seen as the client's https request, under the proxy's request id", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/seen', ...throughProxy() });
    expect(response.json()).toEqual({ protocol: 'https', host: 'tickets.example', ip: CLIENT });
    expect(response.headers['x-request-id']).toBe(NGINX_ID);
    // The proxy's id leads to our access line for the request.
    expect(logged.filter((line) => line.msg === 'request' && line.request_id === NGINX_ID)).toEqual([
      expect.objectContaining({ route: '/test/seen', status: 200 }),
    ]);
  });

  test('every kind of answer carries Strict-Transport-Security: a year, subdomains, never preload', async () => {
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
    for (const url of ['/all-events/', paths.getUser, '/ajax/no/such/call/', '/healthz', '/remotes.json']) {
      const response = await t.app.inject({ method: 'GET', url, ...throughProxy() });
      expect({ url, hsts: response.headers['strict-transport-security'] }).toEqual({ url, hsts: HSTS });
    }
    const post = await t.app.inject({ method: 'POST', url: paths.destroy, ...throughProxy() });
    expect(post.statusCode).toBe(403);
    expect(post.headers['strict-transport-security']).toBe(HSTS);
  });

  test('a POST from another name of this site is judged by the forwarded scheme: https there, not the hop in http', async () => {
    const start = await t.app.inject({ method: 'GET', url: paths.getUser, ...throughProxy() });
    expect(start.cookies.every((cookie) => cookie.secure === true)).toBe(true);
    const cookies = Object.fromEntries(start.cookies.map((cookie) => [cookie.name, cookie.value]));
    const fromAlias = (forwardedProto: string | null) =>
      t.app.inject({
        method: 'POST',
        url: paths.destroy,
        ...throughProxy(
          {
            host: 'checkout-alias.example',
            origin: 'https://checkout-alias.example',
            cookie: `checkout_sid=${cookies.checkout_sid ?? ''}; XSRF-TOKEN=${cookies['XSRF-TOKEN'] ?? ''}`,
            'x-xsrf-token': cookies['XSRF-TOKEN'] ?? '',
            'content-type': 'application/x-www-form-urlencoded',
          },
          forwardedProto,
        ),
        payload: '',
      });
    expect((await fromAlias('https')).statusCode).toBe(200);
    // Without the forwarded scheme the page's https origin is not the request's own, and it is refused as another site.
    const unforwarded = await fromAlias(null);
    expect(unforwarded.statusCode).toBe(403);
    expect(unforwarded.json()).toMatchObject({ error: serverMessages.crossSiteRejected });
  });
});

describe('the forwarded scheme is believed only from a trusted proxy', () => {
  async function appWith(config: Parameters<typeof buildApp>[0]['config']): Promise<FastifyInstance> {
    const app = await buildApp({ db: t.db, clock: t.clock, config: { logLevel: 'silent', ...config } });
    addSeenRoute(app);
    return app;
  }

  test('without TRUST_PROXY the connection is the client: http, its own address', async () => {
    const app = await appWith({ publicUrl: PUBLIC_URL, trustProxy: { kind: 'none' } });
    try {
      const response = await app.inject({ method: 'GET', url: '/test/seen', ...throughProxy() });
      expect(response.json()).toEqual({ protocol: 'http', host: 'tickets.example', ip: PROXY });
    } finally {
      await app.close();
    }
  });

  test("with the proxy's address trusted, a client reaching the api directly cannot claim https", async () => {
    const app = await appWith({ publicUrl: PUBLIC_URL, trustProxy: { kind: 'addresses', addresses: [PROXY] } });
    try {
      const viaProxy = await app.inject({ method: 'GET', url: '/test/seen', ...throughProxy() });
      expect(viaProxy.json()).toMatchObject({ protocol: 'https', ip: CLIENT });
      const direct = await app.inject({
        method: 'GET',
        url: '/test/seen',
        ...throughProxy({ 'x-forwarded-host': 'evil.example' }),
        remoteAddress: '198.51.100.50',
      });
      expect(direct.json()).toEqual({ protocol: 'http', host: 'tickets.example', ip: '198.51.100.50' });
    } finally {
      await app.close();
    }
  });

  test('with an http PUBLIC_URL there is no Strict-Transport-Security, whatever the proxy says', async () => {
    const app = await appWith({ publicUrl: 'http://localhost:8080', trustProxy: { kind: 'hops', hops: 1 } });
    try {
      const response = await app.inject({ method: 'GET', url: '/all-events/', ...throughProxy() });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
