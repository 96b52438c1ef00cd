import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildAppWithDeps } from '../../app/app';
import { loadCaptchaConfig } from '../../captcha/config';
import type { AppConfig } from '../../config';
import { SEED } from '../../seed/catalogue';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createApiKey } from '../keys';
import { apiMessages } from '../plugin';
import { rateLimitMessages } from './limiter';

/**
 * The organiser API's rate limits over inject: a valid key is limited by its id, a request without a valid key by its
 * client address, each answer says where it stands (RateLimit-*), and a refusal is a 429 with Retry-After. The count
 * is kept in the database, so two apps on one database (two replicas) share it.
 */
const LIMITS = { perKey: 5, perAddressWithoutKey: 3, windowSeconds: 60 };
const overrides: Partial<AppConfig> = {
  apiRateLimits: LIMITS,
  // One proxy in front: the address is what it appended, whatever the client wrote before it.
  trustProxy: { kind: 'hops', hops: 1 },
};

let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ config: overrides });
  // A second replica: another app on the same database and clock.
  ({ app: second } = await buildAppWithDeps({
    db: t.db,
    clock: t.clock,
    config: {
      logLevel: 'silent',
      devPages: true,
      captcha: { ...loadCaptchaConfig({}), reserveLimit: 0 },
      ...overrides,
    },
  }));
}, 60_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

/** Each test starts at the start of a window of its own. */
const WINDOW_MS = LIMITS.windowSeconds * 1000;
beforeEach(() => t.clock.set(new Date((Math.floor(t.clock.now().getTime() / WINDOW_MS) + 1) * WINDOW_MS)));

const me = (
  options: { key?: string; address?: string; forwardedFor?: string; app?: FastifyInstance } = {},
): Promise<LightMyRequestResponse> =>
  (options.app ?? t.app).inject({
    method: 'GET',
    url: '/api/v1/me',
    remoteAddress: options.address ?? '10.0.0.1',
    headers: {
      ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
      ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
    },
  });

const newKey = async () =>
  (await createApiKey(t.db, { organiserId: SEED.organiser.folk, scope: 'read' }, t.clock.now())).key;
const BAD_KEY = `ck_${'A'.repeat(27)}`;

describe('per key', () => {
  test('every answer carries RateLimit-Limit, -Remaining and -Reset; past the limit a 429 with Retry-After and a sentence', async () => {
    const key = await newKey();
    for (let i = 1; i <= LIMITS.perKey; i += 1) {
      const response = await me({ key });
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe(String(LIMITS.perKey));
      expect(response.headers['ratelimit-remaining']).toBe(String(LIMITS.perKey - i));
      expect(response.headers['ratelimit-reset']).toBe('60');
      expect(response.headers['retry-after']).toBeUndefined();
    }
    t.clock.advance(15_000);
    const refused = await me({ key });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.headers['ratelimit-limit']).toBe(String(LIMITS.perKey));
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.headers['ratelimit-reset']).toBe('45');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.json()).toMatchObject({
      error: rateLimitMessages.key(LIMITS.perKey, 'a minute', 45),
      type: 'rate_limited',
    });
  });

  test('a key is limited by its id, from any address; another key from the same address is not', async () => {
    const key = await newKey();
    for (let i = 0; i < LIMITS.perKey; i += 1) expect((await me({ key, address: `10.1.0.${i}` })).statusCode).toBe(200);
    expect((await me({ key, address: '10.9.9.9' })).statusCode).toBe(429);
    expect((await me({ key: await newKey(), address: '10.1.0.0' })).statusCode).toBe(200);
  });

  test('the next window lets the key through again', async () => {
    const key = await newKey();
    for (let i = 0; i <= LIMITS.perKey; i += 1) await me({ key });
    expect((await me({ key })).statusCode).toBe(429);
    t.clock.advance(LIMITS.windowSeconds * 1000);
    const again = await me({ key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['ratelimit-remaining']).toBe(String(LIMITS.perKey - 1));
  });

  test('two replicas on one database share the count: the limit is reached after that many calls in total', async () => {
    const key = await newKey();
    const answers: number[] = [];
    for (let i = 0; i < LIMITS.perKey + 2; i += 1)
      answers.push((await me({ key, app: i % 2 === 0 ? t.app : second })).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  test('calls at once are each counted once: exactly the limit get through', async () => {
    const key = await newKey();
    const answers = await Promise.all(
      Array.from({ length: 4 * LIMITS.perKey }, (_, i) => me({ key, app: i % 2 === 0 ? t.app : second })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(LIMITS.perKey);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(3 * LIMITS.perKey);
  });
});

describe('per address without a valid key', () => {
  test('no key and bad keys count against the address: 401 with the headers until the limit, then 429', async () => {
    const address = '10.2.0.1';
    const first = await me({ address });
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ error: apiMessages.noKey });
    expect(first.headers['ratelimit-limit']).toBe(String(LIMITS.perAddressWithoutKey));
    expect(first.headers['ratelimit-remaining']).toBe('2');
    expect((await me({ address, key: BAD_KEY })).statusCode).toBe(401);
    expect((await me({ address, key: 'nonsense' })).statusCode).toBe(401);
    const refused = await me({ address, key: BAD_KEY });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toMatchObject({
      error: rateLimitMessages.address(LIMITS.perAddressWithoutKey, 'a minute', 60),
      type: 'rate_limited',
    });
    // The address's own valid key is not held back by its typos, and another address is counted apart.
    expect((await me({ address, key: await newKey() })).statusCode).toBe(200);
    expect((await me({ address: '10.2.0.2', key: BAD_KEY })).statusCode).toBe(401);
  });

  test('X-Forwarded-For written by the client does not make a new address: the proxy-appended one counts', async () => {
    // The proxy (10.0.0.254, the socket) appended 10.3.0.1; whatever the client put before it is ignored.
    const answers: number[] = [];
    for (let i = 0; i <= LIMITS.perAddressWithoutKey; i += 1)
      answers.push(
        (await me({ address: '10.0.0.254', forwardedFor: `203.0.113.${i}, 10.3.0.1`, key: BAD_KEY })).statusCode,
      );
    expect(answers).toEqual([401, 401, 401, 429]);
  });

  test('IPv6 addresses of one /64 share a count', async () => {
    const answers: number[] = [];
    for (let i = 1; i <= LIMITS.perAddressWithoutKey + 1; i += 1)
      answers.push((await me({ address: `2001:db8:1:2::${i}`, key: BAD_KEY })).statusCode);
    expect(answers).toEqual([401, 401, 401, 429]);
  });

  test('two replicas count bad keys from an address together', async () => {
    const answers: number[] = [];
    for (let i = 0; i <= LIMITS.perAddressWithoutKey; i += 1)
      answers.push((await me({ address: '10.4.0.1', key: BAD_KEY, app: i % 2 === 0 ? t.app : second })).statusCode);
    expect(answers).toEqual([401, 401, 401, 429]);
  });
});

test('windows that ended are deleted by the first request of a new window, and addresses are stored hashed', async () => {
  const endedAt = t.clock.now().getTime() - 1000;
  await t.db
    .insertInto('request_rate_windows')
    .values(
      [1, 2, 3].map((i) => ({
        bucket: `ended-${i}`,
        window_start: new Date(endedAt - WINDOW_MS),
        window_end: new Date(endedAt),
        hits: 1,
      })),
    )
    .execute();
  await me({ address: '10.5.0.1' });
  const rows = await t.db.selectFrom('request_rate_windows').selectAll().execute();
  expect(rows.filter((row) => row.bucket.startsWith('ended-'))).toEqual([]);
  expect(rows.every((row) => row.window_end.getTime() > t.clock.now().getTime())).toBe(true);
  expect(rows).toHaveLength(1);
  expect(JSON.stringify(rows)).not.toContain('10.5.0.1');
});

test('the OpenAPI document declares the 429 with Retry-After, and the RateLimit headers, on every operation', async () => {
  const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
    paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    components: { headers: Record<string, unknown> };
  }>();
  expect(Object.keys(document.components.headers)).toEqual([
    'RateLimit-Limit',
    'RateLimit-Remaining',
    'RateLimit-Reset',
  ]);
  const operations = Object.values(document.paths).flatMap((path) => Object.values(path));
  expect(operations.length).toBeGreaterThan(10);
  for (const { responses } of operations) {
    expect(Object.keys(responses['429']?.headers ?? {})).toEqual([
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'Retry-After',
    ]);
    for (const response of Object.values(responses))
      expect(response.headers).toMatchObject({
        'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
      });
  }
});
