import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as messages from '@checkout/shared/messages/captcha';
import { manualClock } from '../platform/clock';
import { freshTicketType, saleOf, salePaths as paths, stockOf } from '../testing/sale-support';
import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { rateKey } from '../http/rate-limit';
import { recordReserveAttempt } from './attempts';
import { CaptchaPolicy } from './policy';
import { loadCaptchaConfig, SANDBOX_SITE_KEY, type CaptchaConfig } from './config';
import { captchaMessages } from './messages';
import { SANDBOX_SOLVE_PATH } from './sandbox';

const SOLVE = SANDBOX_SOLVE_PATH;

async function solve(visitor: Visitor, sitekey = SANDBOX_SITE_KEY): Promise<string> {
  const response = await visitor.post(SOLVE, { sitekey });
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}

describe('configuration', () => {
  test('the sandbox unless both hCaptcha keys are set; a secret without its site key is refused', () => {
    expect(loadCaptchaConfig({})).toMatchObject({
      mode: 'sandbox',
      siteKey: SANDBOX_SITE_KEY,
      reserveLimit: 5,
      reserveWindowSeconds: 600,
      sandboxTokenSeconds: 120,
    });
    expect(loadCaptchaConfig({ HCAPTCHA_SITE_KEY: 'k', HCAPTCHA_SECRET: 's' })).toMatchObject({
      mode: 'hcaptcha',
      siteKey: 'k',
      secret: 's',
      verifyUrl: 'https://api.hcaptcha.com/siteverify',
    });
    expect(loadCaptchaConfig({ HCAPTCHA_SITE_KEY: 'k' })).toMatchObject({
      mode: 'sandbox',
      siteKey: SANDBOX_SITE_KEY,
      secret: undefined,
    });
    expect(() => loadCaptchaConfig({ HCAPTCHA_SECRET: 's' })).toThrow(/both/);
    expect(
      loadCaptchaConfig({
        CAPTCHA_RESERVE_LIMIT: '0',
        CAPTCHA_RESERVE_WINDOW_SECONDS: '60',
        CAPTCHA_SANDBOX_TOKEN_SECONDS: '30',
      }),
    ).toMatchObject({
      reserveLimit: 0,
      reserveWindowSeconds: 60,
      sandboxTokenSeconds: 30,
    });
    expect(() => loadCaptchaConfig({ CAPTCHA_RESERVE_LIMIT: 'lots' })).toThrow(/CAPTCHA_RESERVE_LIMIT/);
  });
});

describe('reserve attempts per address (counted in the database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());
  const at = (ms: number) => new Date(Date.UTC(2031, 0, 1) + ms);

  test('counts per address within a sliding window; attempts stop counting once the window has passed them', async () => {
    const count = (address: string, ms: number) => recordReserveAttempt(t.db, address, 10, at(ms));
    expect([await count('a', 0), await count('a', 1000), await count('a', 2000)]).toEqual([1, 2, 3]);
    expect(await count('b', 2000)).toBe(1);
    expect(await count('a', 5000)).toBe(4);
    // 10.5 s on, the attempt at 0 has left the window; those at 1, 2 and 5 s still count.
    expect(await count('a', 10_500)).toBe(4);
    // 16 s on, only the attempt at 10.5 s does.
    expect(await count('a', 16_000)).toBe(2);
    // Buckets that no longer count are cleared.
    const rows = await t.db
      .selectFrom('rate_limit_counters')
      .select('window_start')
      .where('key', '=', rateKey('captcha-reserve', 'a'))
      .execute();
    expect(rows.map((r) => r.window_start.getTime() - at(0).getTime()).sort((x, y) => x - y)).toEqual([10_000, 16_000]);
  });

  test('two policies on one database (two api processes) count the same attempts', async () => {
    const config = { ...loadCaptchaConfig({}), reserveLimit: 2 };
    const clock = manualClock(at(100_000));
    const one = new CaptchaPolicy(config, t.db, clock);
    const two = new CaptchaPolicy(config, t.db, clock);
    expect([
      await one.attempt('10.1.1.1'),
      await two.attempt('10.1.1.1'),
      await one.attempt('10.1.1.1'),
      await two.attempt('10.1.1.1'),
    ]).toEqual([false, false, true, true]);
    expect(await two.attempt('10.1.1.2')).toBe(false);
  });
});

describe('the sandbox captcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  test('solve: a pass answers a token and its lifetime; a fail is a 400 with the challenge’s own words', async () => {
    const visitor = await t.visitor();
    const pass = await visitor.post(SOLVE, { sitekey: SANDBOX_SITE_KEY, outcome: 'pass' });
    expect(pass.statusCode).toBe(200);
    expect(pass.json()).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expires_in: 120 });
    expect(await solve(visitor)).not.toBe(pass.json().token);
    const fail = await visitor.post(SOLVE, { sitekey: SANDBOX_SITE_KEY, outcome: 'fail' });
    expect(fail.statusCode).toBe(400);
    expect(fail.json()).toEqual({ error: 'The challenge could not be verified.', request_id: expect.any(String) });
  });

  test.each([
    ['no site key', {}],
    ['an empty site key', { sitekey: '' }],
    ['an unknown outcome', { sitekey: SANDBOX_SITE_KEY, outcome: 'maybe' }],
    ['a nested site key', { sitekey: { a: 'b' } }],
  ])('solve with %s is a 400 and stores nothing', async (_name, body) => {
    const visitor = await t.visitor();
    const before = await t.db.selectFrom('captcha_tokens').select('token_hash').execute();
    const response = await visitor.post(SOLVE, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
    expect(await t.db.selectFrom('captcha_tokens').select('token_hash').execute()).toEqual(before);
  });

  test('solve needs the XSRF header like every POST', async () => {
    const visitor = await t.visitor();
    expect((await visitor.post(SOLVE, { sitekey: SANDBOX_SITE_KEY }, { xsrf: false })).statusCode).toBe(403);
  });

  test('an event that demands a captcha: nothing is taken until a valid token comes with the reservation', async () => {
    const visitor = await t.visitor();
    await visitor.post(paths.add, { ticket_id: SEED.ticket.europaDay, quantity: 2 });
    const demanded = await visitor.post(paths.reserve);
    expect(demanded.json()).toEqual({ captcha: true, captcha_sitekey: SANDBOX_SITE_KEY });
    expect((await saleOf(t, visitor)).status).toBe('basket');
    const held = await stockOf(t, SEED.ticket.europaDay);

    const token = await solve(visitor);
    expect((await visitor.post(paths.reserve, { 'h-captcha-response': token })).json()).toMatchObject({
      reserved: true,
      fresh_reservation: true,
    });
    expect((await stockOf(t, SEED.ticket.europaDay)).held).toBe(held.held + 2);
  });

  test('a token is single use; an unknown one or another site key’s is refused with the challenge’s words', async () => {
    const visitor = await t.visitor();
    await visitor.post(paths.add, { ticket_id: SEED.ticket.europaDay, quantity: 1 });
    const token = await solve(visitor);
    expect((await visitor.post(paths.reserve, { 'h-captcha-response': token })).json()).toMatchObject({
      reserved: true,
    });
    await visitor.post(paths.destroy);
    await visitor.post(paths.add, { ticket_id: SEED.ticket.europaDay, quantity: 1 });
    const refused = { captcha: true, captcha_sitekey: SANDBOX_SITE_KEY, error: captchaMessages.challengeFailed };
    expect((await visitor.post(paths.reserve, { 'h-captcha-response': token })).json()).toEqual(refused);
    expect((await visitor.post(paths.reserve, { 'h-captcha-response': 'made-up' })).json()).toEqual(refused);
    expect(
      (await visitor.post(paths.reserve, { 'h-captcha-response': await solve(visitor, 'another-site') })).json(),
    ).toEqual(refused);
    expect((await saleOf(t, visitor)).status).toBe('basket');
  });

  test('an expired token gets the spec’s captcha expiry sentence', async () => {
    const visitor = await t.visitor();
    await visitor.post(paths.add, { ticket_id: SEED.ticket.europaDay, quantity: 1 });
    const token = await solve(visitor);
    t.clock.advance(120_000);
    expect((await visitor.post(paths.reserve, { 'h-captcha-response': token })).json()).toEqual({
      captcha: true,
      captcha_sitekey: SANDBOX_SITE_KEY,
      error: messages.captchaExpired,
    });
  });

  test('a basket with no captcha event reserves without one, and a stray token is not spent', async () => {
    const visitor = await t.visitor();
    await visitor.post(paths.add, { ticket_id: SEED.ticket.galaAdult, quantity: 1 });
    const token = await solve(visitor);
    expect((await visitor.post(paths.reserve, { 'h-captcha-response': token })).json()).toMatchObject({
      reserved: true,
    });
    const row = await t.db
      .selectFrom('captcha_tokens')
      .select('used_at')
      .where('created_at', '=', t.clock.now())
      .execute();
    expect(row.some((r) => r.used_at === null)).toBe(true);
  });
});

describe('repeated reservations from one address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { captcha: { ...loadCaptchaConfig({}), reserveLimit: 5, reserveWindowSeconds: 600 } },
    });
  }, 60_000);
  afterAll(() => t.close());

  test('more than 5 attempts within 10 minutes demand a captcha; the window passing lifts it', async () => {
    const type = await freshTicketType(t, 100);
    const buyers: Visitor[] = [];
    for (let i = 0; i < 7; i += 1) {
      const visitor = await t.visitor();
      await visitor.post(paths.add, { ticket_id: type, quantity: 1 });
      buyers.push(visitor);
    }
    for (const visitor of buyers.slice(0, 5))
      expect((await visitor.post(paths.reserve)).json()).toMatchObject({ reserved: true });
    const sixth = buyers[5] as Visitor;
    expect((await sixth.post(paths.reserve)).json()).toEqual({ captcha: true, captcha_sitekey: SANDBOX_SITE_KEY });
    expect(await stockOf(t, type)).toMatchObject({ held: 5 });
    expect((await sixth.post(paths.reserve, { 'h-captcha-response': await solve(sixth) })).json()).toMatchObject({
      reserved: true,
    });

    t.clock.advance(600_000);
    expect((await (buyers[6] as Visitor).post(paths.reserve)).json()).toMatchObject({ reserved: true });
  });
});

describe('hCaptcha siteverify', () => {
  let stub: http.Server;
  let received: URLSearchParams[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: { success: true } };
  let t: TestApp;
  let config: CaptchaConfig;

  beforeAll(async () => {
    stub = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      request.on('end', () => {
        received.push(new URLSearchParams(body));
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    const { port } = stub.address() as AddressInfo;
    config = loadCaptchaConfig({
      HCAPTCHA_SITE_KEY: 'real-site-key',
      HCAPTCHA_SECRET: 'test-secret',
      HCAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    });
    t = await createTestApp({ config: { captcha: config } });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => stub.close(resolve));
  });
  beforeEach(() => {
    received = [];
    answer = { status: 200, body: { success: true } };
  });

  async function europaBasket(): Promise<Visitor> {
    const visitor = await t.visitor();
    await visitor.post(paths.add, { ticket_id: SEED.ticket.europaDay, quantity: 1 });
    return visitor;
  }

  test('demanded with the real site key; a token the provider accepts reserves; the provider gets secret, token, address and site key', async () => {
    const visitor = await europaBasket();
    expect((await visitor.post(paths.reserve)).json()).toEqual({ captcha: true, captcha_sitekey: 'real-site-key' });
    expect((await visitor.get(paths.get)).json().captcha_sitekey).toBe('real-site-key');
    expect((await visitor.post(paths.reserve, { 'h-captcha-response': 'P1_token' })).json()).toMatchObject({
      reserved: true,
    });
    expect(received.map((form) => Object.fromEntries(form))).toEqual([
      { secret: 'test-secret', response: 'P1_token', remoteip: '127.0.0.1', sitekey: 'real-site-key' },
    ]);
  });

  test.each<[string, { status: number; body: unknown }, string]>([
    [
      'an expired response',
      { status: 200, body: { success: false, 'error-codes': ['expired-input-response'] } },
      messages.captchaExpired,
    ],
    [
      'an invalid response',
      { status: 200, body: { success: false, 'error-codes': ['invalid-input-response'] } },
      captchaMessages.challengeFailed,
    ],
    ['a provider failure', { status: 503, body: {} }, captchaMessages.unavailable],
    ['an answer that is not JSON', { status: 200, body: 'oops' }, captchaMessages.challengeFailed],
  ])('%s reserves nothing and says why', async (_name, reply, error) => {
    answer = reply;
    const visitor = await europaBasket();
    expect((await visitor.post(paths.reserve, { 'h-captcha-response': 'P1_token' })).json()).toEqual({
      captcha: true,
      captcha_sitekey: 'real-site-key',
      error,
    });
    expect((await saleOf(t, visitor)).status).toBe('basket');
  });

  test('the provider out of reach reserves nothing', async () => {
    const offline = await createTestApp({
      config: { captcha: { ...config, verifyUrl: 'http://127.0.0.1:1/siteverify' } },
    });
    try {
      const visitor = await offline.visitor();
      await visitor.post(paths.add, { ticket_id: SEED.ticket.europaDay, quantity: 1 });
      expect((await visitor.post(paths.reserve, { 'h-captcha-response': 'P1_token' })).json()).toEqual({
        captcha: true,
        captcha_sitekey: 'real-site-key',
        error: captchaMessages.unavailable,
      });
    } finally {
      await offline.close();
    }
  }, 60_000);

  test('the sandbox is not served when hCaptcha is configured', async () => {
    const visitor = await t.visitor();
    expect((await visitor.post(SOLVE, { sitekey: 'real-site-key' })).statusCode).toBe(404);
  });
});
