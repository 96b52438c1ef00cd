import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import { Visitor } from '../testing/visitor';
import { rotateSession, SESSION_COOKIE, XSRF_COOKIE } from './session';
import { hashToken } from './tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A route that rotates the session, as sign-in will: registered the way the app registers its own.
  t.app.register(async (scope) => {
    t.deps.sessions.register(scope);
    scope.post('/test/rotate', async (request, reply) => {
      await rotateSession(t.deps.sessions, request, reply, t.db);
      return { rotated: true };
    });
  });
  await t.app.ready();
});
afterAll(() => t.close());

const addTicket = { ticket_id: SEED.ticket.onSale, quantity: 1 };

describe('session cookie', () => {
  test('a new visitor gets an httpOnly, SameSite=Lax session cookie of 192 random bits and a readable XSRF cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: paths.getUser });
    const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    const xsrf = response.cookies.find((cookie) => cookie.name === XSRF_COOKIE);
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(xsrf?.httpOnly).toBeUndefined();
    expect(xsrf?.sameSite).toBe('Lax');
    expect(xsrf?.value.length).toBeGreaterThan(40);
  });

  test('the cookie is reused: no new cookies on later requests, and the same basket each time', async () => {
    const visitor = await t.visitor();
    const token = visitor.cookies.get(SESSION_COOKIE);
    expect((await visitor.post(paths.addToBasket, addTicket)).json()).toEqual({ success: true });
    const again = await visitor.get(paths.get);
    expect(again.cookies).toHaveLength(0);
    expect(visitor.cookies.get(SESSION_COOKIE)).toBe(token);
    const first = again.json();
    const second = (await visitor.get(paths.get)).json();
    expect(first.sale_reference).toMatch(/^CT-/);
    expect(second.sale_reference).toBe(first.sale_reference);
  });

  test('reading a guest checkout writes nothing: the session row appears only when the basket does', async () => {
    const visitor = await t.visitor();
    await visitor.get(paths.get);
    const hash = hashToken(visitor.cookies.get(SESSION_COOKIE) ?? '');
    expect(
      await t.db.selectFrom('sessions').select('id').where('token_hash', '=', hash).executeTakeFirst(),
    ).toBeUndefined();
    await visitor.post(paths.addToBasket, addTicket);
    expect(
      await t.db.selectFrom('sessions').select('id').where('token_hash', '=', hash).executeTakeFirst(),
    ).toBeDefined();
  });

  test('the database keeps only a hash of the session token', async () => {
    const visitor = await t.visitor();
    await visitor.post(paths.addToBasket, addTicket);
    const token = visitor.cookies.get(SESSION_COOKIE) ?? '';
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.some((row) => row.token_hash === hashToken(token))).toBe(true);
  });

  test('a malformed session cookie is replaced by a fresh session', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: paths.get,
      headers: { cookie: `${SESSION_COOKIE}=<script>` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  test('a well-formed session id the server did not issue is replaced by a fresh one, and never stored', async () => {
    const chosen = 'A'.repeat(32);
    const response = await t.app.inject({
      method: 'GET',
      url: paths.get,
      headers: { cookie: `${SESSION_COOKIE}=${chosen}` },
    });
    const issued = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
    expect(issued).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(issued).not.toBe(chosen);

    // A planted id is not adopted even when the request writes: the basket lands on the server's id.
    const planted = new Visitor(t.app);
    planted.cookies.set(SESSION_COOKIE, chosen);
    await planted.get(paths.getUser);
    expect(planted.cookies.get(SESSION_COOKIE)).not.toBe(chosen);
    await planted.post(paths.addToBasket, addTicket);
    expect(
      await t.db.selectFrom('sessions').select('id').where('token_hash', '=', hashToken(chosen)).executeTakeFirst(),
    ).toBeUndefined();
    // An id one character off a real one is not the server's either.
    const real = planted.cookies.get(SESSION_COOKIE) ?? '';
    const altered = `${real.slice(0, 31)}${real.endsWith('A') ? 'B' : 'A'}`;
    const answer = await t.app.inject({
      method: 'GET',
      url: paths.get,
      headers: { cookie: `${SESSION_COOKIE}=${altered}` },
    });
    expect(answer.json().sale_reference).toBeNull();
    expect(answer.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value).not.toBe(altered);
  });

  test('a session from before ids were signed keeps working while its row exists', async () => {
    const legacy = 'L'.repeat(32);
    const now = t.clock.now();
    await t.db
      .insertInto('sessions')
      .values({ token_hash: hashToken(legacy), created_at: now, last_seen_at: now })
      .execute();
    const response = await t.app.inject({
      method: 'GET',
      url: paths.getUser,
      headers: { cookie: `${SESSION_COOKIE}=${legacy}` },
    });
    // Its XSRF cookie is sent again (none was presented), for the same session id.
    expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value).toBe(legacy);
    const gone = 'M'.repeat(32);
    const unknown = await t.app.inject({
      method: 'GET',
      url: paths.getUser,
      headers: { cookie: `${SESSION_COOKIE}=${gone}` },
    });
    expect(unknown.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value).not.toBe(gone);
  });

  test('every answer in the session context is no-store and varies by Cookie; hashed assets are neither and set no cookie', async () => {
    for (const url of [paths.get, paths.getUser, '/account/wallet/', '/signin/', '/refund-policy/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([url, response.headers['cache-control']]).toEqual([url, expect.stringMatching(/\bno-store\b/)]);
      expect([url, response.headers.vary]).toEqual([url, expect.stringMatching(/\bCookie\b/)]);
    }
    const refused = await t.app.inject({ method: 'POST', url: paths.addToBasket, payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('no-store');
    const page = (await t.app.inject({ method: 'GET', url: '/signin/' })).body;
    const asset = page.match(/\/assets\/account-pages\.[0-9a-f]+\.js/)?.[0] ?? '';
    const script = await t.app.inject({ method: 'GET', url: asset });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers.vary).toBeUndefined();
    expect(script.cookies).toHaveLength(0);
  });

  test('rotateSession: a new token for the same session; the old token no longer reaches the basket', async () => {
    const visitor = await t.visitor();
    await visitor.post(paths.addToBasket, addTicket);
    const reference = (await visitor.get(paths.get)).json().sale_reference;
    const oldToken = visitor.cookies.get(SESSION_COOKIE);
    const oldXsrf = visitor.xsrfToken;

    const rotated = await visitor.post('/test/rotate');
    expect(rotated.statusCode).toBe(200);
    expect(visitor.cookies.get(SESSION_COOKIE)).not.toBe(oldToken);
    expect(visitor.xsrfToken).not.toBe(oldXsrf);
    expect((await visitor.get(paths.get)).json().sale_reference).toBe(reference);

    const stale = new Visitor(t.app);
    stale.cookies.set(SESSION_COOKIE, oldToken ?? '');
    expect((await stale.get(paths.get)).json().sale_reference).toBeNull();
  });
});

describe('XSRF', () => {
  test('a POST without the X-XSRF-TOKEN header is refused with 403 and { error }, and changes nothing', async () => {
    const visitor = await t.visitor();
    const response = await visitor.post(paths.addToBasket, addTicket, { xsrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: expect.stringMatching(/session/i), request_id: expect.any(String) });
    expect((await visitor.get(paths.get)).json().tickets).toEqual([]);
  });

  test('a wrong token is refused', async () => {
    const visitor = await t.visitor();
    const token = visitor.xsrfToken ?? '';
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await visitor.post(paths.addToBasket, addTicket, { xsrf: wrong })).statusCode).toBe(403);
    expect((await visitor.post(paths.addToBasket, addTicket, { xsrf: 'short' })).statusCode).toBe(403);
  });

  test("another session's token is refused", async () => {
    const visitor = await t.visitor();
    const other = await t.visitor();
    expect((await visitor.post(paths.addToBasket, addTicket, { xsrf: other.xsrfToken })).statusCode).toBe(403);
  });

  test('a POST with no cookies at all is refused (a new session cannot have sent the right token)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: paths.addToBasket,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-xsrf-token': 'anything' },
      payload: 'ticket_id=9001&quantity=1',
    });
    expect(response.statusCode).toBe(403);
  });

  test('the right token is accepted', async () => {
    const visitor = await t.visitor();
    const response = await visitor.post(paths.addToBasket, addTicket);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
  });

  test('the XSRF token survives a restart of the app: the secret is kept in the database', async () => {
    const visitor = await t.visitor();
    const { buildApp } = await import('../app/app');
    const second = await buildApp({ db: t.db, clock: t.clock, config: { logLevel: 'silent' } });
    try {
      const response = await second.inject({
        method: 'POST',
        url: paths.addToBasket,
        headers: {
          cookie: `${SESSION_COOKIE}=${visitor.cookies.get(SESSION_COOKIE)}; ${XSRF_COOKIE}=${visitor.xsrfToken}`,
          'x-xsrf-token': visitor.xsrfToken ?? '',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'ticket_id=9001&quantity=1',
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('get_user', () => {
  test('a guest is null', async () => {
    const visitor = await t.visitor();
    expect((await visitor.get(paths.getUser)).json()).toEqual({ user: null });
  });

  test('a signed-in session answers its user', async () => {
    const visitor = await t.visitor();
    await visitor.post(paths.addToBasket, addTicket);
    const hash = hashToken(visitor.cookies.get(SESSION_COOKIE) ?? '');
    await t.db.updateTable('sessions').set({ user_id: SEED.user.demo }).where('token_hash', '=', hash).execute();
    expect((await visitor.get(paths.getUser)).json()).toEqual({
      user: {
        id: SEED.user.demo,
        first_name: 'Alex',
        last_name: 'Morgan',
        full_name: 'Alex Morgan',
        email: 'demo@example.com',
        subscribed: false,
        is_event_subscribed: false,
        is_dark_mode: false,
      },
    });
  });
});
