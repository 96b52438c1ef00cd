import { loadIdentityConfig } from '../identity/config';
import { identityMessages } from '../identity/messages';
import { accountPaths } from '../testing/identity';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

/**
 * TRUST_PROXY: a hop count or the proxies' addresses, never 'trust all'. Behind a trusted proxy, what the client wrote
 * in X-Forwarded-For before the proxy's own entry does not change the address the limits count.
 */
describe('parseTrustProxy', () => {
  test.each<[string | undefined, TrustProxy]>([
    [undefined, { kind: 'none' }],
    ['', { kind: 'none' }],
    ['0', { kind: 'none' }],
    ['false', { kind: 'none' }],
    ['1', { kind: 'hops', hops: 1 }],
    [' 2 ', { kind: 'hops', hops: 2 }],
    ['127.0.0.1', { kind: 'addresses', addresses: ['127.0.0.1'] }],
    ['10.0.0.0/8, 172.16.0.0/12 ,::1', { kind: 'addresses', addresses: ['10.0.0.0/8', '172.16.0.0/12', '::1'] }],
    ['loopback,uniquelocal', { kind: 'addresses', addresses: ['loopback', 'uniquelocal'] }],
  ])('%p', (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
  });

  test.each(['true', 'TRUE', 'all', '*'])('%p would trust any header a client writes: refused at start-up', (raw) => {
    expect(() => parseTrustProxy(raw)).toThrow('would believe any X-Forwarded-For');
  });

  test.each(['11', 'proxy.example', '10.0.0.0/99', '300.1.1.1'])('%p is not a hop count or an address list', (raw) => {
    expect(() => parseTrustProxy(raw)).toThrow(/TRUST_PROXY must be/);
  });
});

const SENDS = 3;
const identity = { ...loadIdentityConfig({}), sendsPerClient: { limit: SENDS, windowSeconds: 900 } };

/** Code sends through a proxy at `proxy`, which appends the address it saw (`client`) to what the client wrote. */
async function sendThroughProxy(t: TestApp, proxy: string, client: string, written: string | undefined, email: string) {
  const start = await t.app.inject({ method: 'GET', url: paths.getUser, remoteAddress: proxy });
  const cookies = Object.fromEntries(start.cookies.map((cookie) => [cookie.name, cookie.value]));
  const forwarded = written === undefined ? client : `${written}, ${client}`;
  return t.app.inject({
    method: 'POST',
    url: accountPaths.sendCode,
    remoteAddress: proxy,
    headers: {
      cookie: Object.entries(cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
      'content-type': 'application/x-www-form-urlencoded',
      'x-xsrf-token': cookies['XSRF-TOKEN'] ?? '',
      'x-forwarded-for': forwarded,
    },
    payload: `email=${encodeURIComponent(email)}`,
  });
}

describe.each<[string, TrustProxy]>([
  ['a hop count (TRUST_PROXY=1)', { kind: 'hops', hops: 1 }],
  ['the proxy address (TRUST_PROXY=10.0.0.2)', { kind: 'addresses', addresses: ['10.0.0.2'] }],
])('behind %s', (_name, trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { identity, trustProxy } });
  }, 60_000);
  afterAll(() => t.close());

  test('a new X-Forwarded-For value each time does not make a new client: the limit holds', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SENDS + 2; i += 1) {
      const response = await sendThroughProxy(
        t,
        '10.0.0.2',
        '198.51.100.7',
        `203.0.113.${i}, 192.0.2.${i}`,
        `xff-${i}@example.org`,
      );
      statuses.push(response.statusCode);
      if (response.statusCode !== 200)
        expect(response.json()).toEqual({ error: identityMessages.tooManyRequests, request_id: expect.any(String) });
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Another client behind the same proxy is counted apart.
    expect(
      (await sendThroughProxy(t, '10.0.0.2', '198.51.100.8', '198.51.100.7', 'other@example.org')).statusCode,
    ).toBe(200);
  });
});

describe('TRUST_PROXY with addresses, reached directly as well', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { identity, trustProxy: { kind: 'addresses', addresses: ['10.0.0.2'] } } });
  }, 60_000);
  afterAll(() => t.close());

  test('a client that is not the proxy is its own address, whatever X-Forwarded-For it sends', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SENDS + 1; i += 1)
      statuses.push(
        (await sendThroughProxy(t, '203.0.113.50', `198.51.100.${i}`, undefined, `direct-${i}@example.org`)).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('no TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { identity } });
  }, 60_000);
  afterAll(() => t.close());

  test('X-Forwarded-For is ignored: the connection is the client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SENDS + 1; i += 1)
      statuses.push(
        (await sendThroughProxy(t, '10.0.0.3', `198.51.100.${i}`, undefined, `none-${i}@example.org`)).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
