import * as messages from '@checkout/shared/messages/login';
import { loadIdentityConfig } from '../identity/config';
import { identityMessages } from '../identity/messages';
import { SESSION_COOKIE } from '../session/session';
import { accountPaths, accountSnapshot, guestVisitor, latestCode } from '../testing/identity';
import { preferencesMessages } from '../preferences/messages';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import { DEFAULT_NEXT, safeNext } from './safe-next';

/** /signin/ and /mailing-list: plain pages with a small script, and the endpoints the script posts to. */
const MANY = { limit: 10_000, windowSeconds: 900 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      identity: {
        ...loadIdentityConfig({}),
        sendsPerEmail: MANY,
        sendsPerEmailClient: MANY,
        sendsPerClient: MANY,
        checksPerClient: MANY,
      },
    },
  });
}, 60_000);
afterAll(() => t.close());

describe('safeNext: parsed against the site origin, and only a target on it', () => {
  const ORIGIN = 'https://tickets.example.com';
  test.each([
    ['/checkout/', '/checkout/'],
    ['/account/wallet/?tab=1#top', '/account/wallet/?tab=1#top'],
    ['/a/../checkout/', '/checkout/'],
    ['checkout/', '/checkout/'],
    ['https://tickets.example.com/checkout/?x=1', '/checkout/?x=1'],
    // Another origin, however it is spelled.
    ['https://evil.example/', DEFAULT_NEXT],
    ['http://tickets.example.com/checkout/', DEFAULT_NEXT],
    ['https://tickets.example.com.evil.example/', DEFAULT_NEXT],
    ['https://user:pass@tickets.example.com/', DEFAULT_NEXT],
    ['//evil.example/', DEFAULT_NEXT],
    ['///evil.example/', DEFAULT_NEXT],
    ['/\\evil.example/', DEFAULT_NEXT],
    ['\\\\evil.example', DEFAULT_NEXT],
    ['/\\/evil.example', DEFAULT_NEXT],
    ['https:evil.example', DEFAULT_NEXT],
    ['https:/evil.example', DEFAULT_NEXT],
    ['javascript:alert(1)', DEFAULT_NEXT],
    ['JaVaScRiPt:alert(1)', DEFAULT_NEXT],
    ['data:text/html,<script>alert(1)</script>', DEFAULT_NEXT],
    // Dot segments that resolve to a protocol-relative path.
    ['/./..//evil.example/phish', DEFAULT_NEXT],
    ['/%2e/..//evil.example/', DEFAULT_NEXT],
    ['/.//evil.example/', DEFAULT_NEXT],
    // Tabs, newlines and other control characters (the parser would drop them and read '//x').
    ['/\tevil', DEFAULT_NEXT],
    ['/\t/evil.example', DEFAULT_NEXT],
    ['/\n/evil.example', DEFAULT_NEXT],
    ['/\r\n/evil.example', DEFAULT_NEXT],
    ['\u0000/evil.example', DEFAULT_NEXT],
    ['', DEFAULT_NEXT],
    ['/'.repeat(2001), DEFAULT_NEXT],
    [undefined, DEFAULT_NEXT],
    [['/a', '/b'], DEFAULT_NEXT],
  ])('%p -> %p', (raw, expected) => {
    expect(safeNext(raw, ORIGIN)).toBe(expected);
  });

  // Encoded forms are not decoded by the parser: they stay a path on this site, which is what matters.
  test.each([
    '%2f%2fevil.example',
    '/%2f%2fevil.example',
    '/%09/evil.example',
    '/%5cevil.example',
    '/%0a/evil.example',
  ])('%p stays on the site, wherever the answer is resolved', (raw) => {
    const next = safeNext(raw, ORIGIN);
    expect(next.startsWith('/') && !next.startsWith('//')).toBe(true);
    expect(new URL(next, ORIGIN).origin).toBe(ORIGIN);
    expect(new URL(next, 'http://elsewhere.invalid/deep/page').origin).toBe('http://elsewhere.invalid');
  });
});

describe('/signin/', () => {
  test('a guest gets the email form (posting to send_one_time_code), the code form, and the safe next path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/signin/?next=%2Fcheckout%2F' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.cookies.map((cookie) => cookie.name)).toContain('XSRF-TOKEN');
    const page = response.body;
    expect(page).toContain('<h1>Sign in</h1>');
    expect(page).toContain(`action="${accountPaths.sendCode}"`);
    expect(page).toContain('<label for="signin-email">Email address</label>');
    expect(page).toContain('<label for="signin-code">One-time code</label>');
    expect(page).toContain('autocomplete="one-time-code"');
    expect(page).toContain('Check or change email address, or re-send code');
    expect(page).toContain('data-next="/checkout/"');
    expect(page).toMatch(/<script src="\/assets\/account-pages\.[0-9a-f]{10}\.js" defer><\/script>/);
  });

  test('the send form carries what its script needs to show a captcha when the server asks for one (hidden until then)', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/signin/' })).body;
    expect(body).toContain('data-captcha-mode="sandbox"');
    expect(body).toContain('data-captcha-sitekey="sandbox-site-key"');
    expect(body).toMatch(/<div class="stack" data-captcha hidden>/);
  });

  test('an outside ?next= is replaced by the default; /signin redirects keeping the query', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/signin/?next=https%3A%2F%2Fevil.example%2F' })).body;
    expect(page).toContain(`data-next="${DEFAULT_NEXT}"`);
    expect(page).not.toContain('evil.example');
    const redirect = await t.app.inject({ method: 'GET', url: '/signin?next=/checkout/' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/signin/?next=/checkout/');
  });

  test('the script and stylesheet are served, cached for a year', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/signin/' })).body;
    for (const url of [...page.matchAll(/(\/assets\/account-pages\.[0-9a-f]{10}\.(?:js|css))/g)].map(
      (match) => match[1] ?? '',
    )) {
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
    }
  });

  test('code by email, then verify: signed in with a new session, back to next; the page then says who is signed in', async () => {
    const visitor = await t.visitor();
    await visitor.get('/signin/?next=/checkout/');
    expect((await visitor.post(accountPaths.sendCode, { email: 'demo@example.com' })).json()).toEqual({
      success: true,
    });
    const before = visitor.cookies.get(SESSION_COOKIE);
    const verified = await visitor.post('/signin/verify', {
      email: 'demo@example.com',
      code: await latestCode(t, 'demo@example.com'),
      next: '/checkout/',
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ has_account: true, next: '/checkout/' });
    expect(visitor.cookies.get(SESSION_COOKIE)).not.toBe(before);
    expect((await visitor.get(paths.getUser)).json().user.email).toBe('demo@example.com');

    const page = (await visitor.get('/signin/?next=/checkout/')).body;
    expect(page).toContain('You are signed in as <strong>demo@example.com</strong>');
    expect(page).toContain('href="/checkout/"');

    expect((await visitor.post('/signin/sign-out')).json()).toEqual({ success: true });
    expect((await visitor.get(paths.getUser)).json()).toEqual({ user: null });
  });

  test('verify never needs a reserved basket, sends an outside next home, and says when there is no account', async () => {
    const visitor = await t.visitor();
    await visitor.post(accountPaths.sendCode, { email: 'new.person@example.org' });
    const verified = await visitor.post('/signin/verify', {
      email: 'new.person@example.org',
      code: await latestCode(t, 'new.person@example.org'),
      next: '//evil.example',
    });
    expect(verified.json()).toEqual({ has_account: false, next: DEFAULT_NEXT });
    expect((await visitor.get(paths.getUser)).json()).toEqual({ user: null });
  });

  test('a wrong code is the same one_time_code refusal as in the checkout; a malformed body is a 400; nothing changes', async () => {
    const visitor = await t.visitor();
    await visitor.post(accountPaths.sendCode, { email: 'wrong.code@example.org' });
    const code = await latestCode(t, 'wrong.code@example.org');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await visitor.post('/signin/verify', { email: 'wrong.code@example.org', code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: identityMessages.codeWrong(4),
      type: 'one_time_code',
      request_id: expect.any(String),
    });

    const before = await accountSnapshot(t);
    for (const body of [
      { email: 'not-an-email', code: '123456' },
      { email: 'a@example.org', code: '12345' },
      { email: 'a@example.org' },
      'email[x][y]=1',
    ]) {
      const response = await visitor.post('/signin/verify', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
    expect(
      (await visitor.post('/signin/verify', { email: 'a@example.org', code: '123456' }, { xsrf: false })).statusCode,
    ).toBe(403);
    expect(await accountSnapshot(t)).toBe(before);
  });
});

describe('/mailing-list', () => {
  test('a form with a labelled email field and a Sign up button; a signed-out visitor starts with it empty', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/mailing-list' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Sign up for exclusive event news and discounts!');
    expect(response.body).toContain('<label for="mailing-list-email">Email address</label>');
    expect(response.body).toContain('value=""');
    expect(response.body).toContain('>Sign up</button>');
  });

  test('signing up keeps the address for the newsletter, says so, and is idempotent', async () => {
    const visitor = await t.visitor();
    const first = await visitor.post('/mailing-list', { email: 'Fan@Example.org' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: preferencesMessages.subscribed('Fan@Example.org') });
    const stored = await t.db
      .selectFrom('marketing_contacts')
      .selectAll()
      .where('email', '=', 'fan@example.org')
      .executeTakeFirstOrThrow();
    expect(stored.ct_subscribed).toBe(true);

    const before = await accountSnapshot(t);
    t.clock.advance(60_000);
    const again = await visitor.post('/mailing-list', { email: 'fan@example.org' });
    expect(again.json()).toEqual({ success: true, message: preferencesMessages.subscribed('fan@example.org') });
    expect(await accountSnapshot(t)).toBe(before);
  });

  test('a guest subscribed here is shown as subscribed when they check out with that email', async () => {
    const visitor = await t.visitor();
    await visitor.post('/mailing-list', { email: 'list-then-buy@example.org' });
    const buyer = await guestVisitor(t, 'list-then-buy@example.org');
    expect((await buyer.get(paths.get)).json().marketing_preferences.ct_subscribed).toBe(true);
  });

  test("a signed-in user signing up their own address is subscribed on their account; someone else's address is not", async () => {
    const visitor = await t.visitor();
    await visitor.post(accountPaths.sendCode, { email: 'dark@example.com' });
    await visitor.post('/signin/verify', { email: 'dark@example.com', code: await latestCode(t, 'dark@example.com') });
    await t.db.updateTable('users').set({ subscribed: false }).where('email', '=', 'dark@example.com').execute();
    expect((await visitor.get('/mailing-list')).body).toContain('value="dark@example.com"');
    await visitor.post('/mailing-list', { email: 'demo@example.com' });
    expect(
      (
        await t.db
          .selectFrom('users')
          .select('subscribed')
          .where('email', '=', 'demo@example.com')
          .executeTakeFirstOrThrow()
      ).subscribed,
    ).toBe(false);
    await visitor.post('/mailing-list', { email: 'DARK@example.com' });
    expect(
      (
        await t.db
          .selectFrom('users')
          .select('subscribed')
          .where('email', '=', 'dark@example.com')
          .executeTakeFirstOrThrow()
      ).subscribed,
    ).toBe(true);
  });

  test('a bad address is refused with the spec message; without the XSRF header it is a 403; nothing changes', async () => {
    const visitor = await t.visitor();
    const before = await accountSnapshot(t);
    for (const body of [{ email: 'nope' }, {}, 'email[a]=1']) {
      const response = await visitor.post('/mailing-list', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(messages.invalidEmail);
    }
    expect((await visitor.post('/mailing-list', { email: 'ok@example.org' }, { xsrf: false })).statusCode).toBe(403);
    expect(await accountSnapshot(t)).toBe(before);
  });
});
