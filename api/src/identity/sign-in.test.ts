import * as commonMessages from '@checkout/shared/messages/common';
import * as loginMessages from '@checkout/shared/messages/login';
import { SEED } from '../seed/catalogue';
import { answerOf, createTestApp, paths, type TestApp } from '../testing/test-app';
import { Visitor } from '../testing/visitor';
import { loadIdentityConfig } from './config';
import { identityMessages } from './messages';
import { SESSION_COOKIE } from '../session/session';
import { hashToken } from '../session/tokens';
import { accountPaths, accountSnapshot, latestCode, proveEmail, reservedVisitor } from '../testing/identity';

/**
 * The account step's server: one-time codes (lifetime, single use, resend, tries), no enumeration, session
 * rotation on sign-in and sign-out, and the guest on the sale. Rate limits are tested in rate-limit.test.ts; here
 * they are high so the tests can send as many codes as they need.
 */
const MANY = { limit: 10_000, windowSeconds: 900 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // A reservation longer than a code's life, so a code can expire while the tickets are still held.
    config: {
      holdSeconds: 3600,
      identity: {
        ...loadIdentityConfig({}),
        verifiedEmailSeconds: 1800,
        sendsPerEmail: MANY,
        sendsPerEmailClient: MANY,
        sendsPerClient: MANY,
        checksPerClient: MANY,
      },
    },
  });
}, 60_000);
afterAll(() => t.close());

const MINUTE = 60_000;
let n = 0;
/** A fresh address per test: codes and limits are per email. */
const newEmail = () => `buyer${++n}@example.org`;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function outboxFor(email: string) {
  return (await t.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(email)}` })).json()
    .messages as {
    subject: string;
    text: string;
    kind: string;
  }[];
}

describe('send_one_time_code', () => {
  test('emails a fresh 6-digit code valid 15 minutes; the database keeps only an HMAC of it', async () => {
    const visitor = await reservedVisitor(t);
    const email = newEmail();
    const response = await visitor.post(accountPaths.sendCode, { email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const [mail] = await outboxFor(email);
    // The test app's payments are the sandboxes: its emails say TEST MODE first.
    expect(mail?.subject).toBe('[TEST MODE] Your one-time code for Events');
    expect(mail?.kind).toBe('one_time_code');
    expect(mail?.text).toMatch(/Your one-time code is \d{6}\./);
    expect(mail?.text).toContain('valid for 15 minutes');
    const code = await latestCode(t, email);
    const row = await t.db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(15 * MINUTE);
  });

  test('the address is compared without case or spaces around it', async () => {
    const visitor = await reservedVisitor(t);
    const email = newEmail();
    await visitor.post(accountPaths.sendCode, { email: `  ${email.toUpperCase()} ` });
    const code = await latestCode(t, email);
    expect((await visitor.post(accountPaths.checkCode, { email, code })).json()).toEqual({ has_account: false });
  });
});

describe('no enumeration before the code is checked', () => {
  test('an email with an account and one without get the same status, body and email', async () => {
    const visitor = await reservedVisitor(t);
    const known = await visitor.post(accountPaths.sendCode, { email: 'dark@example.com' });
    const unknown = await visitor.post(accountPaths.sendCode, { email: 'nobody-here@example.com' });
    expect(answerOf(known)).toEqual(answerOf(unknown));
    const [knownMail] = await outboxFor('dark@example.com');
    const [unknownMail] = await outboxFor('nobody-here@example.com');
    const blank = (text = '') => text.replace(/\d{6}/g, '000000');
    expect(knownMail?.subject).toBe(unknownMail?.subject);
    expect(blank(knownMail?.text)).toBe(blank(unknownMail?.text));
  });

  test('a wrong code gets the same answer for an email with an account and one without', async () => {
    const visitor = await reservedVisitor(t);
    const unknown = newEmail();
    await visitor.post(accountPaths.sendCode, { email: 'dark@example.com' });
    await visitor.post(accountPaths.sendCode, { email: unknown });
    const knownWrong = await visitor.post(accountPaths.checkCode, {
      email: 'dark@example.com',
      code: wrongCode(await latestCode(t, 'dark@example.com')),
    });
    const unknownWrong = await visitor.post(accountPaths.checkCode, {
      email: unknown,
      code: wrongCode(await latestCode(t, unknown)),
    });
    // The same answer but for the request's own id.
    expect(answerOf(knownWrong)).toEqual(answerOf(unknownWrong));
  });

  test('sending takes about as long for either (nothing on the path looks the account up)', async () => {
    const visitor = await reservedVisitor(t);
    const timed = async (email: string) => {
      const start = process.hrtime.bigint();
      await visitor.post(accountPaths.sendCode, { email });
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
    for (let i = 0; i < 3; i += 1) await timed('warm-up@example.org');
    // Alternating, so drift in the machine's load falls on both alike.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      known.push(await timed('demo@example.com'));
      unknown.push(await timed('no-account@example.org'));
    }
    const [a, b] = [median(known), median(unknown)];
    expect(Math.abs(a - b)).toBeLessThan(Math.max(a, b) * 0.5 + 5);
  });

  test('after the code: has_account says whether the email has an account', async () => {
    const a = await reservedVisitor(t);
    expect((await proveEmail(t, a, 'dark@example.com')).json()).toEqual({ has_account: true });
    const b = await reservedVisitor(t);
    expect((await proveEmail(t, b, newEmail())).json()).toEqual({ has_account: false });
  });
});

describe('check_one_time_code', () => {
  test('a code works until 15 minutes have passed, then it has expired (type one_time_code)', async () => {
    const visitor = await reservedVisitor(t);
    const early = newEmail();
    await visitor.post(accountPaths.sendCode, { email: early });
    t.clock.advance(15 * MINUTE - 1000);
    expect(
      (await visitor.post(accountPaths.checkCode, { email: early, code: await latestCode(t, early) })).statusCode,
    ).toBe(200);

    const late = newEmail();
    await visitor.post(accountPaths.sendCode, { email: late });
    t.clock.advance(15 * MINUTE);
    const response = await visitor.post(accountPaths.checkCode, { email: late, code: await latestCode(t, late) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: identityMessages.codeExpired,
      type: 'one_time_code',
      request_id: expect.any(String),
    });
  });

  test('a code works once', async () => {
    const visitor = await reservedVisitor(t);
    const email = newEmail();
    const first = await proveEmail(t, visitor, email);
    expect(first.statusCode).toBe(200);
    const again = await visitor.post(accountPaths.checkCode, { email, code: await latestCode(t, email) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: identityMessages.codeNotValid,
      type: 'one_time_code',
      request_id: expect.any(String),
    });
  });

  test('sending again voids the previous code', async () => {
    const visitor = await reservedVisitor(t);
    const email = newEmail();
    await visitor.post(accountPaths.sendCode, { email });
    const first = await latestCode(t, email);
    let second = first;
    while (second === first) {
      await visitor.post(accountPaths.sendCode, { email });
      second = await latestCode(t, email);
    }
    const old = await visitor.post(accountPaths.checkCode, { email, code: first });
    expect(old.statusCode).toBe(400);
    expect(old.json().type).toBe('one_time_code');
    expect((await visitor.post(accountPaths.checkCode, { email, code: second })).json()).toEqual({
      has_account: false,
    });
  });

  test('a code survives 4 wrong tries; the 5th kills it, even for the right code, until a new one is sent', async () => {
    const visitor = await reservedVisitor(t);
    const email = newEmail();
    await visitor.post(accountPaths.sendCode, { email });
    const code = await latestCode(t, email);
    for (const left of [4, 3, 2, 1]) {
      const wrong = await visitor.post(accountPaths.checkCode, { email, code: wrongCode(code) });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        error: identityMessages.codeWrong(left),
        type: 'one_time_code',
        request_id: expect.any(String),
      });
    }
    const fifth = await visitor.post(accountPaths.checkCode, { email, code: wrongCode(code) });
    expect(fifth.json()).toEqual({
      error: identityMessages.codeUsedUp,
      type: 'one_time_code',
      request_id: expect.any(String),
    });
    const right = await visitor.post(accountPaths.checkCode, { email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({
      error: identityMessages.codeUsedUp,
      type: 'one_time_code',
      request_id: expect.any(String),
    });

    await visitor.post(accountPaths.sendCode, { email });
    expect((await visitor.post(accountPaths.checkCode, { email, code: await latestCode(t, email) })).statusCode).toBe(
      200,
    );
  });

  test('parallel guesses cannot try more than 5 codes', async () => {
    const visitor = await reservedVisitor(t);
    const email = newEmail();
    await visitor.post(accountPaths.sendCode, { email });
    const code = await latestCode(t, email);
    const guesses = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(
      guesses.map((guess) => visitor.post(accountPaths.checkCode, { email, code: guess })),
    );
    const tried = answers.filter((answer) => answer.json().error !== identityMessages.codeUsedUp).length;
    expect(tried).toBeLessThanOrEqual(4);
    const row = await t.db
      .selectFrom('one_time_codes')
      .select('attempts')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await visitor.post(accountPaths.checkCode, { email, code })).json().error).toBe(
      identityMessages.codeUsedUp,
    );
  });

  test('a code sent to one email does not prove another', async () => {
    const visitor = await reservedVisitor(t);
    const mine = newEmail();
    await visitor.post(accountPaths.sendCode, { email: mine });
    const response = await visitor.post(accountPaths.checkCode, { email: newEmail(), code: await latestCode(t, mine) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: identityMessages.codeNotValid,
      type: 'one_time_code',
      request_id: expect.any(String),
    });
  });

  test('a code works only in the session that asked for it: another session holding the right code gets nothing', async () => {
    const owner = await reservedVisitor(t);
    const other = await reservedVisitor(t);
    const email = newEmail();
    await owner.post(accountPaths.sendCode, { email });
    const code = await latestCode(t, email);
    const stolen = await other.post(accountPaths.checkCode, { email, code });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({
      error: identityMessages.codeNotValid,
      type: 'one_time_code',
      request_id: expect.any(String),
    });
    expect((await other.get(paths.getUser)).json()).toEqual({ user: null });
    expect((await owner.post(accountPaths.checkCode, { email, code })).json()).toEqual({ has_account: false });
  });

  test("another session's sends and wrong guesses for the same email neither void the owner's code nor use its tries", async () => {
    const owner = await reservedVisitor(t);
    const stranger = await reservedVisitor(t);
    const email = newEmail();
    await owner.post(accountPaths.sendCode, { email });
    const code = await latestCode(t, email);
    for (let i = 0; i < 3; i += 1) await stranger.post(accountPaths.sendCode, { email });
    for (let i = 0; i < 6; i += 1) await stranger.post(accountPaths.checkCode, { email, code: wrongCode(code) });
    const owned = await t.db
      .selectFrom('one_time_codes')
      .select('attempts')
      .where('email', '=', email)
      .where('session_hash', '=', hashToken(owner.cookies.get(SESSION_COOKIE) ?? ''))
      .executeTakeFirstOrThrow();
    expect(owned.attempts).toBe(0);
    expect((await owner.post(accountPaths.checkCode, { email, code })).json()).toEqual({ has_account: false });
  });

  test("a lapsed reservation is a 'reserving' refusal, checked before the code is used", async () => {
    const visitor = await reservedVisitor(t);
    const email = newEmail();
    await visitor.post(accountPaths.sendCode, { email });
    t.clock.advance(3600 * 1000 + 1000);
    const response = await visitor.post(accountPaths.checkCode, { email, code: await latestCode(t, email) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: commonMessages.checkoutExpired,
      type: 'reserving',
      request_id: expect.any(String),
    });
    const row = await t.db
      .selectFrom('one_time_codes')
      .select(['used_at', 'attempts'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ used_at: null, attempts: 0 });
  });

  test("without a reserved basket it is a 'reserving' refusal too", async () => {
    const visitor = await t.visitor();
    const email = newEmail();
    await visitor.post(accountPaths.sendCode, { email });
    const response = await visitor.post(accountPaths.checkCode, { email, code: await latestCode(t, email) });
    expect(response.statusCode).toBe(409);
    expect(response.json().type).toBe('reserving');
  });
});

describe('session rotation', () => {
  test('signing in gives a new session id and XSRF token, puts the user on the sale and keeps the basket', async () => {
    const visitor = await reservedVisitor(t);
    const before = (await visitor.get(paths.get)).json();
    const oldToken = visitor.cookies.get(SESSION_COOKIE) ?? '';
    const oldXsrf = visitor.xsrfToken;

    expect((await proveEmail(t, visitor, 'demo@example.com')).json()).toEqual({ has_account: true });
    expect(visitor.cookies.get(SESSION_COOKIE)).not.toBe(oldToken);
    expect(visitor.xsrfToken).not.toBe(oldXsrf);
    expect((await visitor.get(paths.getUser)).json().user).toMatchObject({
      id: SEED.user.demo,
      email: 'demo@example.com',
    });
    const after = (await visitor.get(paths.get)).json();
    expect(after.sale_reference).toBe(before.sale_reference);
    expect(after.seconds_remaining).toBe(before.seconds_remaining);
    const sale = await t.db
      .selectFrom('sales')
      .select('user_id')
      .where('reference', '=', after.sale_reference)
      .executeTakeFirstOrThrow();
    expect(sale.user_id).toBe(SEED.user.demo);

    // The token from before sign-in opens nothing now.
    const stale = new Visitor(t.app);
    stale.cookies.set(SESSION_COOKIE, oldToken);
    expect((await stale.get(paths.getUser)).json()).toEqual({ user: null });
    expect((await stale.get(paths.get)).json().sale_reference).toBeNull();
  });

  test('proving an email without an account rotates the session too, and signs nobody in', async () => {
    const visitor = await reservedVisitor(t);
    const oldToken = visitor.cookies.get(SESSION_COOKIE);
    expect((await proveEmail(t, visitor, newEmail())).json()).toEqual({ has_account: false });
    expect(visitor.cookies.get(SESSION_COOKIE)).not.toBe(oldToken);
    expect((await visitor.get(paths.getUser)).json()).toEqual({ user: null });
  });

  test('logout_of_sale signs out with a new session id; the sale and its holds stay, without a buyer', async () => {
    const visitor = await reservedVisitor(t);
    await proveEmail(t, visitor, 'demo@example.com');
    const reference = (await visitor.get(paths.get)).json().sale_reference;
    const signedInToken = visitor.cookies.get(SESSION_COOKIE) ?? '';

    const response = await visitor.post(accountPaths.logout);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(visitor.cookies.get(SESSION_COOKIE)).not.toBe(signedInToken);
    expect((await visitor.get(paths.getUser)).json()).toEqual({ user: null });
    const checkout = (await visitor.get(paths.get)).json();
    expect(checkout.sale_reference).toBe(reference);
    expect(checkout.seconds_remaining).toBeGreaterThan(0);
    const sale = await t.db
      .selectFrom('sales')
      .select(['id', 'user_id', 'status'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(sale).toMatchObject({ user_id: null, status: 'reserved' });
    const holds = await t.db.selectFrom('holds').select('status').where('sale_id', '=', sale.id).execute();
    expect(holds.map((hold) => hold.status)).toEqual(['active']);

    const stale = new Visitor(t.app);
    stale.cookies.set(SESSION_COOKIE, signedInToken);
    expect((await stale.get(paths.getUser)).json()).toEqual({ user: null });
  });
});

describe('save_guest_to_sale', () => {
  test('names the guest on the sale for the email proved by code; the checkout offers it back', async () => {
    const visitor = await reservedVisitor(t);
    const email = newEmail();
    await proveEmail(t, visitor, email);
    const response = await visitor.post(accountPaths.saveGuest, { email, fullname: '  Mary  Ann   Smith ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const checkout = (await visitor.get(paths.get)).json();
    expect(checkout.init_guest_email).toBe(email);
    // The name too: the delivery address starts with it.
    expect(checkout.init_guest_full_name).toBe('Mary Ann Smith');
    const sale = await t.db
      .selectFrom('sales')
      .select(['email', 'full_name', 'user_id'])
      .where('reference', '=', checkout.sale_reference)
      .executeTakeFirstOrThrow();
    expect(sale).toEqual({ email, full_name: 'Mary Ann Smith', user_id: null });
  });

  test('a full name needs two parts, and nothing changes', async () => {
    const visitor = await reservedVisitor(t);
    const email = newEmail();
    await proveEmail(t, visitor, email);
    const before = await accountSnapshot(t);
    const response = await visitor.post(accountPaths.saveGuest, { email, fullname: 'Madonna' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: loginMessages.fullNameRequired,
      errors: { fullname: loginMessages.fullNameRequired },
      request_id: expect.any(String),
    });
    expect(await accountSnapshot(t)).toBe(before);
  });

  test('an email this session has not proved is refused, and nothing changes', async () => {
    const visitor = await reservedVisitor(t);
    const proved = newEmail();
    await proveEmail(t, visitor, proved);
    const stranger = await reservedVisitor(t);
    const before = await accountSnapshot(t);
    const other = await visitor.post(accountPaths.saveGuest, { email: newEmail(), fullname: 'Eve Other' });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe(identityMessages.emailNotVerified);

    const unproved = await stranger.post(accountPaths.saveGuest, { email: proved, fullname: 'Eve Other' });
    expect(unproved.statusCode).toBe(403);
    expect(await accountSnapshot(t)).toBe(before);
  });

  test('a proved email goes stale (30 minutes in this app) while the tickets are still held', async () => {
    const visitor = await reservedVisitor(t);
    const email = newEmail();
    await proveEmail(t, visitor, email);
    t.clock.advance(31 * MINUTE);
    const response = await visitor.post(accountPaths.saveGuest, { email, fullname: 'Late Comer' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(identityMessages.emailNotVerified);
  });

  test('a signed-in user cannot turn into a guest without signing out', async () => {
    const visitor = await reservedVisitor(t);
    await proveEmail(t, visitor, 'demo@example.com');
    const response = await visitor.post(accountPaths.saveGuest, { email: 'demo@example.com', fullname: 'Alex Morgan' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(identityMessages.signedInAlready);
  });

  test('signing out takes the guest off the sale', async () => {
    const visitor = await reservedVisitor(t);
    const email = newEmail();
    await proveEmail(t, visitor, email);
    await visitor.post(accountPaths.saveGuest, { email, fullname: 'Robin Guest' });
    await visitor.post(accountPaths.logout);
    expect((await visitor.get(paths.get)).json().init_guest_email).toBeNull();
    const again = await visitor.post(accountPaths.saveGuest, { email, fullname: 'Robin Guest' });
    expect(again.statusCode).toBe(403);
  });
});
