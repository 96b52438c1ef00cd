/**
 * Identity and access — each attack tried as an attacker would, over HTTP (Fastify inject against the real
 * database), and refused: account takeover through express checkout, X-Forwarded-For past a trusted proxy, an open
 * redirect after sign-in, personal answers without no-store or HSTS, the development outbox on a deployment, a
 * session id chosen by the client, a stranger locking an owner out of signing in, and a transferred ticket's old code.
 * The rules' plain cases are server tests beside the code (api/src/identity, api/src/http, api/src/pages,
 * api/src/transfers); the redirect is also tried in Chromium (e2e/specs/identity.spec.ts).
 */
import { calls, encodeForm, type FormValue } from '@checkout/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SANDBOX_SITE_KEY } from '../../api/src/captcha/config';
import { SANDBOX_SOLVE_PATH } from '../../api/src/captcha/sandbox';
import { loadConfig } from '../../api/src/config';
import { markPaid } from '../../api/src/delivery/test-support';
import { issueTickets } from '../../api/src/tickets/tickets';
import { loadIdentityConfig } from '../../api/src/identity/config';
import { identityMessages } from '../../api/src/identity/messages';
import { SESSION_COOKIE } from '../../api/src/session/session';
import { accountPaths, latestCode } from '../../api/src/testing/identity';
import { hashToken } from '../../api/src/session/tokens';
import { SIGNIN_PATHS } from '../../api/src/identity/sign-in-paths';
import { SEED } from '../../api/src/seed/catalogue';
import { waiverKeysOf } from '../../api/src/session/waiver-keys';
import { paths, type TestApp } from '../../api/src/testing/test-app';
import { countFigure } from '../support/figures';
import { describeOnEachDatabase, type OpenApp } from './support';

jest.setTimeout(180_000);
const MINUTE = 60_000;

/** One browser on one connection (inject's remoteAddress), keeping its cookies; it may write its own X-Forwarded-For. */
class Client {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly address: string,
    private readonly forwardedFor?: () => string,
  ) {}

  private async send(
    method: 'GET' | 'POST',
    url: string,
    body: Record<string, FormValue> = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ') };
    if (this.forwardedFor) headers['x-forwarded-for'] = this.forwardedFor();
    if (method === 'POST') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    }
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.address,
      headers,
      ...(method === 'POST' ? { payload: encodeForm(body) } : {}),
    });
    for (const cookie of response.cookies) this.cookies.set(cookie.name, cookie.value);
    return response;
  }

  async start(): Promise<this> {
    await this.send('GET', paths.getUser);
    return this;
  }

  get(url: string) {
    return this.send('GET', url);
  }

  post(url: string, body: Record<string, FormValue> = {}) {
    return this.send('POST', url, body);
  }

  async reserve(lines: Record<string, FormValue>[] = [{ ticket_id: SEED.ticket.onSale, quantity: 1 }]): Promise<this> {
    for (const line of lines) await this.post(paths.addToBasket, line);
    const reserved = await this.post(paths.reserve);
    if (reserved.json().reserved !== true) throw new Error(`reserve failed: ${reserved.body}`);
    return this;
  }

  async prove(t: TestApp, email: string): Promise<LightMyRequestResponse> {
    const sent = await this.post(accountPaths.sendCode, { email });
    if (sent.json().success !== true) throw new Error(`send failed: ${sent.body}`);
    return this.post(accountPaths.checkCode, { email, code: await latestCode(t, email) });
  }
}

let attempts = 0;
let n = 0;
const fresh = (label: string) => `${label}-${++n}@example.org`;
const express = [{ ticket_id: SEED.ticket.expressEntry, quantity: 1 }];
const details = (email: string) => ({
  fullname: 'Eve Attacker',
  email,
  address: { postcode: 'BN1 1AA' },
  contact_number: '',
  ct_subscribed: '1',
});

async function paidSale(t: TestApp, client: Client): Promise<{ id: number; codes: string[] }> {
  const reference = (await client.get(paths.get)).json().sale_reference as string;
  const sale = await t.db.selectFrom('sales').select('id').where('reference', '=', reference).executeTakeFirstOrThrow();
  await markPaid(t.db, sale.id, t.clock.now());
  await issueTickets(t.db, sale.id, t.clock.now());
  const codes = (await t.db.selectFrom('tickets').select('code').where('sale_id', '=', sale.id).execute()).map(
    (row) => row.code,
  );
  return { id: sale.id, codes };
}

async function guest(t: TestApp, address: string, email: string): Promise<Client> {
  const client = await (await new Client(t.app, address).start()).reserve();
  expect((await client.prove(t, email)).json()).toEqual({ has_account: false });
  expect((await client.post(accountPaths.saveGuest, { email, fullname: 'Vic Victim' })).statusCode).toBe(200);
  return client;
}

afterAll(() => {
  countFigure(
    'hostile.identity.attempts',
    attempts,
    'identity and access attacks tried over HTTP (takeover, forwarded addresses, redirects, headers, dev pages, fixation, lockout, transfers)',
  );
});

describeOnEachDatabase('identity and access', (open: OpenApp) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await open();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  test('account takeover through express checkout: the wallet, later tickets and the saved card stay the victim’s', async () => {
    t.clock.advance(20 * MINUTE);
    const email = fresh('victim');
    const victim = await guest(t, '10.14.0.1', email);
    const earlier = await paidSale(t, victim);

    const attacker = await (await new Client(t.app, '10.14.0.66').start()).reserve(express);
    const answer = await attacker.post(calls.setAccountDetails.path, details(email));
    attempts += 1;
    expect(answer.statusCode).toBe(200);
    expect((await attacker.get(paths.getUser)).json()).toEqual({ user: null });
    for (const code of earlier.codes) {
      expect((await attacker.get('/account/wallet/')).body).not.toContain(code);
      expect((await attacker.get(`/account/wallet/qr/${code}.svg`)).statusCode).toBe(404);
      attempts += 2;
    }

    // The victim signs in by code later, buys again and saves a card on her account.
    const back = await (await new Client(t.app, '10.14.0.2').start()).reserve();
    expect((await back.prove(t, email)).json()).toEqual({ has_account: true });
    const later = await paidSale(t, back);
    const account = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await t.db
      .insertInto('user_payment_methods')
      .values({
        user_id: account.id,
        provider: 'stripe',
        provider_ref: `pm_victim_${n}`,
        card_type: 'visa',
        last4: '4242',
        expiry: '12/30',
        is_default: true,
        created_at: t.clock.now(),
      })
      .execute();

    const wallet = (await attacker.get('/account/wallet/')).body;
    for (const code of [...earlier.codes, ...later.codes]) expect(wallet).not.toContain(code);
    expect((await attacker.get(paths.getUser)).json()).toEqual({ user: null });
    await attacker.post(paths.destroy);
    await attacker.reserve([{ ticket_id: SEED.ticket.summerWeekend, quantity: 1 }]);
    const own = fresh('attacker');
    await attacker.prove(t, own);
    await attacker.post(accountPaths.saveGuest, { email: own, fullname: 'Eve Attacker' });
    expect((await attacker.get(calls.getCheckout.path)).json().saved_payment_methods).toEqual([]);
    const pay = await attacker.post(calls.payWithInstalment.path, {
      instalment_option: 3,
      contact_number: '07700 900123',
      selected_payment_method_id: `pm_victim_${n}`,
      idempotency_key: `identity-attack-${n}-0123456789`,
    });
    attempts += 3;
    expect(pay.statusCode).toBe(400);
    expect(
      await t.db.selectFrom('payment_plans').select('id').where('payment_method_ref', '=', `pm_victim_${n}`).execute(),
    ).toEqual([]);
  });

  test('set_account_details answers the same for an email with an account and one without', async () => {
    const a = await (await new Client(t.app, '10.14.1.1').start()).reserve(express);
    const b = await (await new Client(t.app, '10.14.1.2').start()).reserve(express);
    const known = await a.post(calls.setAccountDetails.path, details('demo@example.com'));
    const unknown = await b.post(calls.setAccountDetails.path, details(fresh('nobody')));
    attempts += 2;
    const shape = (response: LightMyRequestResponse) => ({
      status: response.statusCode,
      body: { ...response.json<Record<string, unknown>>(), id: 0 },
      cookies: response.cookies.map((cookie) => cookie.name),
    });
    expect(shape(known)).toEqual(shape(unknown));
    expect((await a.get(paths.getUser)).json()).toEqual({ user: null });
  });

  test('an open redirect after sign-in: /./..//evil.example/phish and its cousins give a link on the site', async () => {
    t.clock.advance(20 * MINUTE);
    const visitor = await new Client(t.app, '10.14.2.1').start();
    await visitor.post(accountPaths.sendCode, { email: 'dark@example.com' });
    expect(
      (
        await visitor.post(SIGNIN_PATHS.verify, {
          email: 'dark@example.com',
          code: await latestCode(t, 'dark@example.com'),
        })
      ).json().has_account,
    ).toBe(true);
    for (const next of [
      '/./..//evil.example/phish',
      '//evil.example/',
      '/\\evil.example/',
      '/%2e/..//evil.example/',
      'https:evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
    ]) {
      const page = await visitor.get(`/signin/?next=${encodeURIComponent(next)}`);
      attempts += 1;
      const href = /<a class="btn btn--primary" href="([^"]*)">Continue<\/a>/.exec(page.body)?.[1] ?? '';
      const decoded = href.replace(/&amp;/g, '&').replace(/&#x2F;/g, '/');
      expect({ next, origin: new URL(decoded, 'https://tickets.example').origin }).toEqual({
        next,
        origin: 'https://tickets.example',
      });
      expect({ next, protocolRelative: decoded.startsWith('//') }).toEqual({ next, protocolRelative: false });
    }
  });

  test('personal answers are no-store and vary by Cookie; HSTS is sent when the public URL is https', async () => {
    const buyer = await guest(t, '10.14.3.1', fresh('headers'));
    const sale = await paidSale(t, buyer);
    const reference = (await buyer.get(paths.get)).json().sale_reference as string;
    const urls = [
      paths.get,
      paths.getUser,
      calls.getSimpleInfo.path,
      '/account/wallet/',
      `/account/wallet/qr/${sale.codes[0]}.svg`,
      '/signin/',
      `/smartcheckout/?session=${reference}`,
      waiverKeysOf(t.deps.sessions).pathOf(reference),
      '/dev/outbox.json',
    ];
    for (const url of urls) {
      const response = await buyer.get(url);
      attempts += 1;
      expect({ url, cache: response.headers['cache-control'] }).toEqual({
        url,
        cache: expect.stringMatching(/\bno-store\b/),
      });
      if (!url.startsWith('/dev/'))
        expect({ url, vary: response.headers.vary }).toEqual({ url, vary: expect.stringMatching(/\bCookie\b/) });
    }
    const refused = await buyer.post(calls.sendOneTimeCode.path, { email: 'not an email' });
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await buyer.get(paths.get)).headers['strict-transport-security']).toBeUndefined();

    const https = await open({ config: { publicUrl: 'https://tickets.example.com', secureCookies: true } });
    try {
      for (const url of ['/all-events/', paths.get, '/healthz', '/checkout/', '/no-such-page']) {
        const response = await https.app.inject({ method: 'GET', url });
        attempts += 1;
        expect({ url, hsts: response.headers['strict-transport-security'] }).toEqual({
          url,
          hsts: 'max-age=31536000; includeSubDomains',
        });
      }
    } finally {
      await https.close();
    }
  });

  test('the development outbox is off unless asked for: a deployment without SMTP publishes no code', async () => {
    for (const env of [{}, { NODE_ENV: 'production' }, { NODE_ENV: 'production', SMTP_URL: '' }, { DEV_OUTBOX: '1' }]) {
      expect({ env, devPages: loadConfig(env).devPages }).toEqual({ env, devPages: false });
    }
    const deployed = await open({ config: { devPages: false } });
    try {
      const visitor = await new Client(deployed.app, '10.14.4.1').start();
      expect((await visitor.post(accountPaths.sendCode, { email: fresh('deployed') })).json()).toEqual({
        success: true,
      });
      for (const url of ['/dev/outbox', '/dev/outbox.json', '/dev/outbox.json?kind=one_time_code']) {
        const response = await visitor.get(url);
        attempts += 1;
        expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
        expect(response.body).not.toMatch(/\b\d{6}\b/);
      }
    } finally {
      await deployed.close();
    }
  });

  test('a session id chosen by the client is replaced by one the server issues, and never stored', async () => {
    for (const chosen of ['A'.repeat(32), 'attacker-fixed-session-id-000001', `${'x'.repeat(31)}_`]) {
      const planted = new Client(t.app, '10.14.5.1');
      planted.cookies.set(SESSION_COOKIE, chosen);
      await planted.start();
      attempts += 1;
      expect(planted.cookies.get(SESSION_COOKIE)).not.toBe(chosen);
      await planted.post(paths.addToBasket, { ticket_id: SEED.ticket.onSale, quantity: 1 });
      expect(
        await t.db.selectFrom('sessions').select('id').where('token_hash', '=', hashToken(chosen)).executeTakeFirst(),
      ).toBeUndefined();
    }
  });

  test("five code sends to someone's email do not lock her out: she gets a code after a captcha, and it signs her in", async () => {
    t.clock.advance(20 * MINUTE);
    const email = fresh('locked');
    for (let i = 0; i < 5; i += 1) {
      const stranger = await new Client(t.app, `10.14.6.${i + 1}`).start();
      expect((await stranger.post(accountPaths.sendCode, { email })).json()).toEqual({ success: true });
      attempts += 1;
    }
    const owner = await (await new Client(t.app, '10.14.6.200').start()).reserve();
    const asked = await owner.post(accountPaths.sendCode, { email });
    expect(asked.json()).toEqual({
      success: false,
      captcha: true,
      captcha_sitekey: SANDBOX_SITE_KEY,
      error: identityMessages.captchaForEmail,
    });
    const token = (await owner.post(SANDBOX_SOLVE_PATH, { sitekey: SANDBOX_SITE_KEY })).json().token as string;
    expect((await owner.post(accountPaths.sendCode, { email, 'h-captcha-response': token })).json()).toEqual({
      success: true,
    });
    expect((await owner.post(accountPaths.checkCode, { email, code: await latestCode(t, email) })).json()).toEqual({
      has_account: false,
    });
  });

  test("a transferred ticket's old code admits nobody: not the sender's wallet, not its QR link, not a ticket at all", async () => {
    const sender = await guest(t, '10.14.7.1', fresh('sender'));
    const sale = await paidSale(t, sender);
    const ticket = await t.db
      .selectFrom('tickets')
      .select(['id', 'code', 'ticket_type_id'])
      .where('sale_id', '=', sale.id)
      .orderBy('position')
      .executeTakeFirstOrThrow();
    expect(
      (
        await sender.post(calls.setTransfers.path, {
          transfers: [{ ticket_id: ticket.ticket_type_id, name: 'Rae Recipient', email: fresh('recipient'), qty: 1 }],
        })
      ).statusCode,
    ).toBe(200);
    const transfer = await t.db
      .selectFrom('ticket_transfers')
      .select('token')
      .where('sale_id', '=', sale.id)
      .executeTakeFirstOrThrow();
    // The recipient opens the link (the offer) and presses Accept.
    const recipient = await new Client(t.app, '10.14.7.2').start();
    expect((await recipient.get(`/transfers/accept/${transfer.token}`)).statusCode).toBe(200);
    expect((await recipient.post(`/transfers/accept/${transfer.token}`)).statusCode).toBe(200);
    attempts += 3;
    expect((await sender.get('/account/wallet/')).body).not.toContain(ticket.code);
    expect((await sender.get(`/account/wallet/qr/${ticket.code}.svg`)).statusCode).toBe(404);
    expect(
      await t.db.selectFrom('tickets').select('id').where('code', '=', ticket.code).executeTakeFirst(),
    ).toBeUndefined();
    const now = await t.db.selectFrom('tickets').select('code').where('id', '=', ticket.id).executeTakeFirstOrThrow();
    expect(now.code).not.toBe(ticket.code);
  });
});

describeOnEachDatabase('per-address limits behind a trusted proxy', (open: OpenApp) => {
  let t: TestApp;
  const PROXY = '10.15.0.1';
  beforeAll(async () => {
    t = await open({
      config: {
        trustProxy: { kind: 'hops', hops: 1 },
        captcha: { ...loadConfig({}).captcha, reserveLimit: 3 },
        identity: {
          ...loadIdentityConfig({}),
          sendsPerClient: { limit: 4, windowSeconds: 900 },
          checksPerClient: { limit: 4, windowSeconds: 900 },
        },
        address: { ...loadConfig({}).address, lookupsPerClient: { limit: 4, windowSeconds: 900 } },
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The attacker, behind the proxy at PROXY: writes a new X-Forwarded-For each request; the proxy appends the address it saw. */
  let spoofs = 0;
  const spoofing = (client: string) => new Client(t.app, PROXY, () => `203.0.113.${(spoofs += 1) % 250}, ${client}`);

  test('TRUST_PROXY refuses "trust everything" at start-up', () => {
    for (const value of ['true', 'all', '*'])
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow('would believe any X-Forwarded-For');
  });

  test('reservations: the captcha after repeated attempts comes all the same', async () => {
    const answers: boolean[] = [];
    for (let i = 0; i < 5; i += 1) {
      const attacker = await spoofing('198.51.100.10').start();
      await attacker.post(paths.addToBasket, { ticket_id: SEED.ticket.onSale, quantity: 1 });
      answers.push((await attacker.post(paths.reserve)).json().captcha === true);
      attempts += 1;
    }
    expect(answers).toEqual([false, false, false, true, true]);
  });

  test('code sends, code checks and address lookups: the limits hold', async () => {
    const sends: number[] = [];
    const checks: number[] = [];
    const lookups: number[] = [];
    const attacker = await (await spoofing('198.51.100.20').start()).reserve();
    for (let i = 0; i < 6; i += 1) {
      sends.push((await attacker.post(accountPaths.sendCode, { email: fresh('spoof') })).statusCode);
      checks.push((await attacker.post(accountPaths.checkCode, { email: fresh('spoof'), code: '123456' })).statusCode);
      lookups.push((await attacker.post(accountPaths.lookup, { address: 'BN1 1AA' })).statusCode);
      attempts += 3;
    }
    expect(sends).toEqual([200, 200, 200, 200, 429, 429]);
    expect(checks).toEqual([400, 400, 400, 400, 429, 429]);
    expect(lookups.slice(4)).toEqual([429, 429]);
    expect(lookups.slice(0, 4).every((status) => status !== 429)).toBe(true);
    // Another client behind the same proxy is counted apart.
    const other = await new Client(t.app, PROXY, () => '198.51.100.21').start();
    expect((await other.post(accountPaths.sendCode, { email: fresh('other') })).statusCode).toBe(200);
  });
});
