import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createApiKey, revokeApiKey } from './keys';
import { apiMessages } from './plugin';
import { apiCaller } from './testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const me = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/me', headers: authorization ? { authorization } : {} });

describe('organiser API keys', () => {
  test('a key reads its own organiser, and is stored only as a hash', async () => {
    const api = await apiCaller(t, SEED.organiser.folk, 'read');
    const response = await api.call('GET', '/me');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ organiser_id: SEED.organiser.folk, scope: 'read' });
    expect(response.headers['cache-control']).toBe('no-store');
    const rows = await t.db.selectFrom('organiser_api_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(api.key);
    expect(rows.filter((row) => api.key.startsWith(row.prefix))).toHaveLength(1);
  });

  test.each([
    ['no header', undefined, apiMessages.noKey],
    ['another scheme', 'Basic dXNlcjpwYXNz', apiMessages.noKey],
    ['a malformed key', 'Bearer nonsense', apiMessages.badKey],
    ['a made-up key of the right shape', `Bearer ck_${'A'.repeat(27)}`, apiMessages.badKey],
  ])('%s is refused with 401 and a sentence', async (_name, header, sentence) => {
    const response = await me(header);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: sentence });
  });

  test('a revoked key is refused; another key of the organiser still works', async () => {
    const first = await createApiKey(t.db, { organiserId: SEED.organiser.jazz, scope: 'write' }, t.clock.now());
    const second = await createApiKey(t.db, { organiserId: SEED.organiser.jazz, scope: 'write' }, t.clock.now());
    expect((await me(`Bearer ${first.key}`)).statusCode).toBe(200);
    expect(await revokeApiKey(t.db, SEED.organiser.folk, first.keyId, t.clock.now())).toBe(false);
    expect(await revokeApiKey(t.db, SEED.organiser.jazz, first.keyId, t.clock.now())).toBe(true);
    expect((await me(`Bearer ${first.key}`)).statusCode).toBe(401);
    expect((await me(`Bearer ${second.key}`)).statusCode).toBe(200);
  });

  test('a key of a revoked-looking prefix but another secret is refused (the hash decides, not the prefix)', async () => {
    const { key } = await createApiKey(t.db, { organiserId: SEED.organiser.folk, scope: 'read' }, t.clock.now());
    const tampered = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    expect((await me(`Bearer ${tampered}`)).statusCode).toBe(401);
  });

  test('the document is public and lists every operation with its security', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.paths['/api/v1/me'].get.security).toEqual([{ apiKey: [] }]);
    expect(document.components.schemas.Error).toBeDefined();
  });
});

describe('development keys (/dev/organiser-keys, development pages only)', () => {
  const post = (app: TestApp['app'], payload: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/dev/organiser-keys',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload,
    });

  test('makes a working key of the organiser asked for', async () => {
    const response = await post(t.app, `organiser=${SEED.organiser.folk}&scope=read`);
    expect(response.statusCode).toBe(201);
    const { key, scope } = response.json<{ key: string; scope: string }>();
    expect(scope).toBe('read');
    expect((await me(`Bearer ${key}`)).json()).toMatchObject({ organiser_id: SEED.organiser.folk, scope: 'read' });
  });

  test.each([
    ['no organiser', ''],
    ['an organiser that is not a number', 'organiser=abc'],
    ['an unknown scope', `organiser=${SEED.organiser.folk}&scope=admin`],
  ])('%s: 400 with a sentence', async (_name, payload) => {
    const response = await post(t.app, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error.length).toBeGreaterThan(5);
  });

  test('an unknown organiser is a 404; a cross-site POST is refused', async () => {
    expect((await post(t.app, 'organiser=99999')).statusCode).toBe(404);
    expect((await post(t.app, `organiser=${SEED.organiser.folk}`, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(
      403,
    );
  });

  test('absent when the development pages are off', async () => {
    const off = await createTestApp({ config: { devPages: false } });
    try {
      expect((await post(off.app, `organiser=${SEED.organiser.folk}`)).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('the organiser API document', () => {
  test('declares the refund call’s Idempotency-Key header and a 403 on every write', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters: { name: string; in: string }[]; responses: object }>>;
    }>();
    const refund = document.paths['/api/v1/orders/{reference}/refunds']?.post;
    expect(refund?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]),
    );
    const writes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => method !== 'get')
        .map(([method, operation]) => ({
          operation: `${method} ${path}`,
          responses: Object.keys(operation.responses),
        })),
    );
    expect(writes.length).toBeGreaterThan(10);
    for (const write of writes)
      expect(write).toEqual({ operation: write.operation, responses: expect.arrayContaining(['403']) });
  });
});
