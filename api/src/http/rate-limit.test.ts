import { encodeForm, type FormValue } from '@checkout/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app/app';
import { SEED } from '../seed/catalogue';
import { answerOf, createTestApp, paths, type TestApp } from '../testing/test-app';
import { loadIdentityConfig } from '../identity/config';
import { identityMessages } from '../identity/messages';
import { hitRateLimit } from './rate-limit';
import { accountPaths } from '../testing/identity';
import { SANDBOX_SITE_KEY } from '../captcha/config';
import { SANDBOX_SOLVE_PATH } from '../captcha/sandbox';
import { SIGNIN_PATHS } from '../identity/sign-in-paths';

/**
 * Rate limits on one-time codes: per email from one client address (5 per 15 minutes), per client address, and per
 * email from anywhere (5 per 15 minutes, then a captcha), counted in the database so every api replica sees the same
 * counts. Clients are told apart by their address (inject's remoteAddress).
 */
let t: TestApp;
const identity = {
  ...loadIdentityConfig({}),
  sendsPerClient: { limit: 8, windowSeconds: 900 },
  checksPerClient: { limit: 6, windowSeconds: 900 },
};
beforeAll(async () => {
  t = await createTestApp({ config: { identity } });
}, 60_000);
afterAll(() => t.close());

const MINUTE = 60_000;

/** A browser at one client address. */
class Client {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly address: string,
  ) {}

  private remember(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) this.cookies.set(cookie.name, cookie.value);
    return response;
  }

  private get cookie() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(url: string) {
    return this.remember(
      await this.app.inject({ method: 'GET', url, remoteAddress: this.address, headers: { cookie: this.cookie } }),
    );
  }

  async code(email: string): Promise<string> {
    const text: string | undefined = (
      await this.get(`/dev/outbox.json?to=${encodeURIComponent(email)}&kind=one_time_code&limit=1`)
    ).json().messages[0]?.text;
    return text?.match(/\b(\d{6})\b/)?.[1] ?? '';
  }

  async post(url: string, body: Record<string, FormValue> = {}) {
    if (!this.cookies.has('XSRF-TOKEN')) await this.get(paths.getUser);
    return this.remember(
      await this.app.inject({
        method: 'POST',
        url,
        remoteAddress: this.address,
        headers: {
          cookie: this.cookie,
          'content-type': 'application/x-www-form-urlencoded',
          'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '',
        },
        payload: encodeForm(body),
      }),
    );
  }
}

async function outboxCount(email: string): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(email)}` })).json()
    .messages.length;
}

describe('per email', () => {
  test('five codes in 15 minutes; the sixth is refused without an email or voiding the fifth; the same for any address', async () => {
    const client = new Client(t.app, '10.0.0.1');
    for (let i = 0; i < 5; i += 1)
      expect((await client.post(accountPaths.sendCode, { email: 'limit-a@example.org' })).statusCode).toBe(200);
    const fifth = await t.db
      .selectFrom('one_time_codes')
      .select('code_hash')
      .where('email', '=', 'limit-a@example.org')
      .executeTakeFirstOrThrow();

    const sixth = await client.post(accountPaths.sendCode, { email: 'limit-a@example.org' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: identityMessages.tooManyCodesForEmail, request_id: expect.any(String) });
    expect(await outboxCount('limit-a@example.org')).toBe(5);
    const still = await t.db
      .selectFrom('one_time_codes')
      .select('code_hash')
      .where('email', '=', 'limit-a@example.org')
      .executeTakeFirstOrThrow();
    expect(still.code_hash).toBe(fifth.code_hash);

    // An address with an account is limited the same way, with the same answer.
    const other = new Client(t.app, '10.0.0.5');
    for (let i = 0; i < 5; i += 1) await other.post(accountPaths.sendCode, { email: 'dark@example.com' });
    const known = await other.post(accountPaths.sendCode, { email: 'dark@example.com' });
    // The same answer but for the request's own id.
    expect(answerOf(known)).toEqual(answerOf(sixth));

    // Another address from the same client is not affected.
    expect((await client.post(accountPaths.sendCode, { email: 'limit-b@example.org' })).statusCode).toBe(200);
  });

  test('the window slides: codes sent just before a window ends still count just after it', async () => {
    const client = new Client(t.app, '10.0.0.2');
    t.clock.set('2030-01-02T12:14:00Z');
    for (let i = 0; i < 5; i += 1)
      expect((await client.post(accountPaths.sendCode, { email: 'slide@example.org' })).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE);
    expect((await client.post(accountPaths.sendCode, { email: 'slide@example.org' })).statusCode).toBe(429);
    t.clock.advance(15 * MINUTE);
    expect((await client.post(accountPaths.sendCode, { email: 'slide@example.org' })).statusCode).toBe(200);
  });
});

describe('per client address', () => {
  test('a client may ask for 8 codes (in this app) to any addresses; the 9th is refused; other clients are not', async () => {
    t.clock.set('2030-01-03T12:00:00Z');
    const client = new Client(t.app, '10.0.1.1');
    for (let i = 0; i < 8; i += 1)
      expect((await client.post(accountPaths.sendCode, { email: `spray${i}@example.org` })).statusCode).toBe(200);
    const ninth = await client.post(accountPaths.sendCode, { email: 'spray9@example.org' });
    expect(ninth.statusCode).toBe(429);
    expect(ninth.json()).toEqual({ error: identityMessages.tooManyRequests, request_id: expect.any(String) });
    expect(await outboxCount('spray9@example.org')).toBe(0);
    expect(
      (await new Client(t.app, '10.0.1.2').post(accountPaths.sendCode, { email: 'spray9@example.org' })).statusCode,
    ).toBe(200);
  });

  test('a client may check 6 codes (in this app) in 15 minutes, whatever the addresses', async () => {
    t.clock.set('2030-01-04T12:00:00Z');
    const client = new Client(t.app, '10.0.2.1');
    await client.post(paths.addToBasket, { ticket_id: SEED.ticket.onSale, quantity: 1 });
    expect((await client.post(paths.reserve)).json().reserved).toBe(true);
    for (let i = 0; i < 6; i += 1) {
      const answer = await client.post(accountPaths.checkCode, { email: `guess${i}@example.org`, code: '123456' });
      expect(answer.json().type).toBe('one_time_code');
    }
    const seventh = await client.post(accountPaths.checkCode, { email: 'guess7@example.org', code: '123456' });
    expect(seventh.statusCode).toBe(429);
    expect(seventh.json()).toEqual({ error: identityMessages.tooManyRequests, request_id: expect.any(String) });
  });
});

describe('per email from anywhere: a stranger cannot lock the owner out', () => {
  const email = 'owner@example.org';
  const captchaDemand = {
    success: false,
    captcha: true,
    captcha_sitekey: SANDBOX_SITE_KEY,
    error: identityMessages.captchaForEmail,
  };

  async function solved(client: Client): Promise<string> {
    const answer = await client.post(SANDBOX_SOLVE_PATH, { sitekey: SANDBOX_SITE_KEY });
    expect(answer.statusCode).toBe(200);
    return answer.json().token as string;
  }

  test('five sends by a stranger: the owner is asked for a captcha, not refused, and with it gets a code that signs in', async () => {
    t.clock.set('2030-01-06T12:00:00Z');
    const stranger = new Client(t.app, '10.0.4.1');
    for (let i = 0; i < 5; i += 1)
      expect((await stranger.post(accountPaths.sendCode, { email })).json()).toEqual({ success: true });
    // The stranger's own limit for this email is reached; another address of theirs only meets the captcha.
    expect((await stranger.post(accountPaths.sendCode, { email })).statusCode).toBe(429);
    expect((await new Client(t.app, '10.0.4.2').post(accountPaths.sendCode, { email })).json()).toEqual(captchaDemand);

    const owner = new Client(t.app, '10.0.4.9');
    await owner.post(paths.addToBasket, { ticket_id: SEED.ticket.onSale, quantity: 1 });
    expect((await owner.post(paths.reserve)).json().reserved).toBe(true);
    const asked = await owner.post(accountPaths.sendCode, { email });
    expect([asked.statusCode, asked.json()]).toEqual([200, captchaDemand]);
    expect(await outboxCount(email)).toBe(5);
    // A made-up or reused token is not a solved captcha.
    expect((await owner.post(accountPaths.sendCode, { email, 'h-captcha-response': 'made-up' })).json()).toMatchObject({
      success: false,
      captcha: true,
    });
    const token = await solved(owner);
    expect((await owner.post(accountPaths.sendCode, { email, 'h-captcha-response': token })).json()).toEqual({
      success: true,
    });
    expect((await owner.post(accountPaths.sendCode, { email, 'h-captcha-response': token })).json()).toMatchObject({
      success: false,
      captcha: true,
    });
    expect(await outboxCount(email)).toBe(6);
    const code = await owner.code(email);

    // The stranger's codes and guesses touch only the stranger's own: the owner's code and its tries are intact.
    for (let i = 0; i < 5; i += 1) {
      const guess = await stranger.post(SIGNIN_PATHS.verify, {
        email,
        code: String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
      });
      expect(guess.json().type).toBe('one_time_code');
    }
    const checked = await owner.post(accountPaths.checkCode, { email, code });
    expect([checked.statusCode, checked.json()]).toEqual([200, { has_account: false }]);
  });

  test('two api instances on one database count together', async () => {
    t.clock.set('2030-01-05T12:00:00Z');
    const second = await buildApp({
      db: t.db,
      clock: t.clock,
      config: { logLevel: 'silent', identity, devPages: true },
    });
    try {
      const one = new Client(t.app, '10.0.3.1');
      const two = new Client(second, '10.0.3.2');
      for (let i = 0; i < 3; i += 1)
        expect((await one.post(accountPaths.sendCode, { email: 'replicas@example.org' })).statusCode).toBe(200);
      for (let i = 0; i < 2; i += 1)
        expect((await two.post(accountPaths.sendCode, { email: 'replicas@example.org' })).statusCode).toBe(200);
      expect((await two.post(accountPaths.sendCode, { email: 'replicas@example.org' })).json()).toEqual(captchaDemand);
      expect((await one.post(accountPaths.sendCode, { email: 'replicas@example.org' })).json()).toEqual(captchaDemand);
      expect(await outboxCount('replicas@example.org')).toBe(5);
    } finally {
      await second.close();
    }
  });
});

describe('hitRateLimit', () => {
  const rule = { limit: 2, windowSeconds: 60 };

  test('allows the limit, refuses the next, and a refused hit is not counted', async () => {
    const at = new Date('2030-02-01T00:00:00Z');
    expect((await hitRateLimit(t.db, 'unit:a', rule, at)).allowed).toBe(true);
    expect((await hitRateLimit(t.db, 'unit:a', rule, at)).allowed).toBe(true);
    const refused = await hitRateLimit(t.db, 'unit:a', rule, new Date(at.getTime() + 10_000));
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 50 });
    await hitRateLimit(t.db, 'unit:a', rule, at);
    const row = await t.db
      .selectFrom('rate_limit_counters')
      .select('hits')
      .where('key', '=', 'unit:a')
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(2);
  });

  test('the previous window counts for the part that still overlaps, and old windows are cleared', async () => {
    const start = new Date('2030-02-02T00:00:00Z').getTime();
    await hitRateLimit(t.db, 'unit:b', rule, new Date(start + 50_000));
    await hitRateLimit(t.db, 'unit:b', rule, new Date(start + 55_000));
    // 15 s into the next window, 3/4 of the previous one overlaps: 2 x 0.75 + 1 = 2.5 > 2.
    expect((await hitRateLimit(t.db, 'unit:b', rule, new Date(start + 75_000))).allowed).toBe(false);
    // 45 s in, 1/4 overlaps: 2 x 0.25 + 1 = 1.5.
    expect((await hitRateLimit(t.db, 'unit:b', rule, new Date(start + 105_000))).allowed).toBe(true);
    // Two windows later the first is of no use and goes.
    await hitRateLimit(t.db, 'unit:b', rule, new Date(start + 185_000));
    const windows = await t.db
      .selectFrom('rate_limit_counters')
      .select('window_start')
      .where('key', '=', 'unit:b')
      .execute();
    expect(windows.map((row) => row.window_start.getTime() - start)).toEqual(expect.not.arrayContaining([0]));
  });
});
