/**
 * Hostile input — one-time codes over HTTP, against an attacker who spreads the work out. The rules and their
 * plain cases are tested in api/src/identity: sign-in.test.ts (5 tries per code, parallel guesses, a resend voids the
 * code, a code belongs to the session that asked for it) and rate-limit.test.ts (sends per email and client, per email
 * from anywhere then a captcha, per-client sends and checks, the sliding window, replicas). Here the attacker uses many
 * sessions and client addresses, spoofs X-Forwarded-For, varies the email's case and spacing, and asks for new codes
 * to reset the tries; the limits hold all the same, with the default configuration.
 */
import { encodeForm, type FormValue } from '@checkout/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { identityMessages } from '../../api/src/identity/messages';
import { accountPaths, latestCode } from '../../api/src/testing/identity';
import { SEED } from '../../api/src/seed/catalogue';
import { paths, type TestApp } from '../../api/src/testing/test-app';
import { countFigure } from '../support/figures';
import { describeOnEachDatabase } from './support';

jest.setTimeout(180_000);
const MINUTE = 60_000;

/** One browser on one client address (inject's remoteAddress), keeping its cookies. */
class Client {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly address: string,
  ) {}

  private async send(
    method: 'GET' | 'POST',
    url: string,
    body: Record<string, FormValue> = {},
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const all: Record<string, string> = {
      cookie: [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
      ...headers,
    };
    if (method === 'POST') {
      all['content-type'] = 'application/x-www-form-urlencoded';
      all['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    }
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.address,
      headers: all,
      ...(method === 'POST' ? { payload: encodeForm(body) } : {}),
    });
    for (const cookie of response.cookies) this.cookies.set(cookie.name, cookie.value);
    return response;
  }

  async start(): Promise<this> {
    await this.send('GET', paths.getUser);
    return this;
  }

  post(url: string, body: Record<string, FormValue> = {}, headers: Record<string, string> = {}) {
    return this.send('POST', url, body, headers);
  }

  /** A reserved basket: checking a code needs one. */
  async reserve(): Promise<this> {
    await this.post(paths.addToBasket, { ticket_id: SEED.ticket.onSale, quantity: 1 });
    const reserved = await this.post(paths.reserve);
    if (reserved.json().reserved !== true) throw new Error(`reserve failed: ${reserved.body}`);
    return this;
  }
}

const wrong = (code: string, n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');

describeOnEachDatabase('one-time codes against a spread-out attacker', (open) => {
  let t: TestApp;
  let attempts = 0;

  beforeAll(async () => {
    t = await open();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    countFigure(
      'hostile.one_time_codes.attempts',
      attempts,
      'code sends and guesses by a spread-out attacker (sessions, addresses, spoofed headers)',
    );
  });

  async function outboxCount(email: string): Promise<number> {
    return (
      await t.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(email)}&kind=one_time_code` })
    ).json().messages.length;
  }

  test("guesses of the owner's code from 12 sessions on 12 addresses reach nothing; the owner's code keeps its tries", async () => {
    t.clock.advance(20 * MINUTE);
    const email = 'spread-guess@example.org';
    const owner = await (await new Client(t.app, '10.9.0.1').start()).reserve();
    expect((await owner.post(accountPaths.sendCode, { email })).statusCode).toBe(200);
    const code = await latestCode(t, email);

    const answers: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const attacker = await (await new Client(t.app, `10.9.1.${i + 1}`).start()).reserve();
      // The right code too: a code works only in the session that asked for it.
      const answer = await attacker.post(
        accountPaths.checkCode,
        { email, code: i === 11 ? code : wrong(code, i) },
        { 'x-forwarded-for': `203.0.113.${i}` },
      );
      attempts += 1;
      expect(answer.statusCode).toBe(400);
      answers.push(answer.json().error as string);
    }
    expect(answers).toEqual(Array.from({ length: 12 }, () => identityMessages.codeNotValid));
    const row = await t.db
      .selectFrom('one_time_codes')
      .select('attempts')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
    expect((await owner.post(accountPaths.checkCode, { email, code })).json()).toEqual({ has_account: false });
  });

  test('a session guessing its own code: the code dies after 5 tries, the right code then fails too', async () => {
    t.clock.advance(20 * MINUTE);
    const email = 'own-guess@example.org';
    const attacker = await (await new Client(t.app, '10.9.5.1').start()).reserve();
    expect((await attacker.post(accountPaths.sendCode, { email })).statusCode).toBe(200);
    const code = await latestCode(t, email);
    const answers: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const answer = await attacker.post(
        accountPaths.checkCode,
        { email, code: wrong(code, i) },
        { 'x-forwarded-for': `203.0.113.${i}` },
      );
      attempts += 1;
      answers.push(answer.json().error as string);
    }
    expect(answers).toEqual([
      identityMessages.codeWrong(4),
      identityMessages.codeWrong(3),
      identityMessages.codeWrong(2),
      identityMessages.codeWrong(1),
      identityMessages.codeUsedUp,
      identityMessages.codeUsedUp,
      identityMessages.codeUsedUp,
    ]);
    expect((await attacker.post(accountPaths.checkCode, { email, code })).json().error).toBe(
      identityMessages.codeUsedUp,
    );
  });

  test('asking for new codes to reset the tries: without a captcha at most 5 codes × 5 tries = 25 guesses per email per 15 minutes', async () => {
    t.clock.advance(20 * MINUTE);
    const email = 'reset-tries@example.org';
    let triedGuesses = 0;
    let sent = 0;
    let captchas = 0;
    for (let round = 0; round < 8; round += 1) {
      // Each round from a new session on a new address: neither the session nor the address is what is counted.
      const attacker = await (await new Client(t.app, `10.9.2.${round + 1}`).start()).reserve();
      const send = await attacker.post(accountPaths.sendCode, {
        email: round % 2 ? email.toUpperCase() : `  ${email} `,
      });
      attempts += 1;
      expect(send.statusCode).toBe(200);
      if (send.json().success === true) sent += 1;
      else {
        expect(send.json()).toMatchObject({ success: false, captcha: true, error: identityMessages.captchaForEmail });
        captchas += 1;
      }
      for (let guess = 0; guess < 6; guess += 1) {
        const answer = await attacker.post(accountPaths.checkCode, {
          email,
          code: String(100000 + round * 10 + guess),
        });
        attempts += 1;
        const error = answer.json().error as string;
        expect(answer.statusCode).toBe(400);
        if (error.startsWith('That code is not right')) triedGuesses += 1;
        else expect([identityMessages.codeUsedUp, identityMessages.codeNotValid]).toContain(error);
      }
    }
    expect([sent, captchas]).toEqual([5, 3]);
    expect(await outboxCount(email)).toBe(5);
    // Four 'not right' answers per code before the fifth try kills it: 5 codes, 20 'not right' answers, 25 tries.
    expect(triedGuesses).toBe(20);
  });

  test('one address, fresh sessions and a new X-Forwarded-For each time: 50 sends, then refused; another address is not', async () => {
    t.clock.advance(20 * MINUTE);
    const statuses: number[] = [];
    for (let i = 0; i < 56; i += 1) {
      const attacker = await new Client(t.app, '10.9.3.1').start();
      const response = await attacker.post(
        accountPaths.sendCode,
        { email: `spray-${i}@example.org` },
        { 'x-forwarded-for': `198.51.100.${i}`, 'x-real-ip': `198.51.100.${i}` },
      );
      attempts += 1;
      statuses.push(response.statusCode);
      if (response.statusCode !== 200)
        expect(response.json()).toEqual({ error: identityMessages.tooManyRequests, request_id: expect.any(String) });
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    expect(statuses.slice(50)).toEqual([429, 429, 429, 429, 429, 429]);
    expect(await outboxCount('spray-55@example.org')).toBe(0);
    const other = await new Client(t.app, '10.9.3.2').start();
    expect((await other.post(accountPaths.sendCode, { email: 'spray-55@example.org' })).statusCode).toBe(200);
  });
});
