/**
 * Hostile input — XSRF (api/src/session/session.ts): every POST under the session (every /ajax/ call of
 * the registry, and the plain pages' forms) is refused with a 403 and changes nothing when it comes without the token,
 * with another session's token, with a forged token, or from another site (Sec-Fetch-Site / Origin) even carrying the
 * right token. The same request from the page itself goes through. api/src/http/malformed.test.ts covers the missing
 * header per route; this covers the other ways in.
 */
import { calls, type CallDef } from '@checkout/shared';
import { serverMessages } from '../../api/src/http/server-messages';
import { SEED } from '../../api/src/seed/catalogue';
import { paths, type TestApp } from '../../api/src/testing/test-app';
import type { Visitor } from '../../api/src/testing/visitor';
import { countFigure } from '../support/figures';
import { changedTables, describeOnEachDatabase, reservedBuyer, stateHash } from './support';

jest.setTimeout(120_000);

const postRoutes = [
  ...(Object.values(calls) as CallDef[]).filter((call) => call.method === 'POST').map((call) => call.path),
  // The plain pages' forms, under the same session context.
  '/signin/verify',
  '/signin/sign-out',
  '/mailing-list',
  `/activity-terms-and-conditions/CT-AAAAAAAAAAAAAAAA/`,
];

type Attack = {
  name: string;
  headers: (attacker: Visitor, victim: Visitor) => Record<string, string>;
  message: string;
};

const attacks: Attack[] = [
  { name: 'no token', headers: () => ({}), message: serverMessages.xsrfRejected },
  {
    name: "another session's token",
    headers: (_a, victim) => ({ 'x-xsrf-token': victim.xsrfToken ?? '' }),
    message: serverMessages.xsrfRejected,
  },
  {
    name: 'a forged token',
    headers: (attacker) => ({ 'x-xsrf-token': `${attacker.xsrfToken ?? ''}x` }),
    message: serverMessages.xsrfRejected,
  },
  { name: 'an empty token', headers: () => ({ 'x-xsrf-token': '' }), message: serverMessages.xsrfRejected },
  {
    name: 'cross-site (Sec-Fetch-Site) with the right token',
    headers: (attacker) => ({ 'x-xsrf-token': attacker.xsrfToken ?? '', 'sec-fetch-site': 'cross-site' }),
    message: serverMessages.crossSiteRejected,
  },
  {
    name: 'a sibling site (Sec-Fetch-Site same-site) with the right token',
    headers: (attacker) => ({ 'x-xsrf-token': attacker.xsrfToken ?? '', 'sec-fetch-site': 'same-site' }),
    message: serverMessages.crossSiteRejected,
  },
  {
    name: 'another Origin with the right token',
    headers: (attacker) => ({ 'x-xsrf-token': attacker.xsrfToken ?? '', origin: 'https://evil.example' }),
    message: serverMessages.crossSiteRejected,
  },
  {
    name: "Origin 'null' with the right token",
    headers: (attacker) => ({ 'x-xsrf-token': attacker.xsrfToken ?? '', origin: 'null' }),
    message: serverMessages.crossSiteRejected,
  },
];

describeOnEachDatabase('XSRF', (open) => {
  let t: TestApp;
  let attacker: Visitor;
  let victim: Visitor;
  let refusals = 0;

  beforeAll(async () => {
    t = await open();
    attacker = await reservedBuyer(t, 'xsrf-attacker');
    victim = await reservedBuyer(t, 'xsrf-victim');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    countFigure(
      'hostile.xsrf.refused',
      refusals,
      'POSTs without a valid token or from another site, refused with 403 and nothing changed',
    );
  });

  async function post(url: string, headers: Record<string, string>, body = '') {
    const cookie = [...attacker.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: body,
    });
  }

  test.each(attacks.map((attack) => [attack.name, attack] as const))(
    '%s: every POST route answers 403 with the message, and nothing changes',
    async (_name, attack) => {
      const before = await stateHash(t.db);
      for (const url of postRoutes) {
        // A body that would be valid for add_to_basket, so only the token stands in the way.
        const response = await post(
          url,
          attack.headers(attacker, victim),
          `ticket_id=${SEED.ticket.onSale}&quantity=1`,
        );
        expect({ url, status: response.statusCode, body: response.json() }).toEqual({
          url,
          status: 403,
          body: { error: attack.message, request_id: expect.any(String) },
        });
        refusals += 1;
      }
      const after = await stateHash(t.db);
      expect(changedTables(before, after)).toEqual([]);
    },
  );

  test('the page itself (same origin, its own token) gets through; a token stays bound to its session', async () => {
    const sameOrigin = await post(
      paths.addToBasket,
      { 'x-xsrf-token': attacker.xsrfToken ?? '', 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' },
      `ticket_id=${SEED.ticket.onSale}&quantity=1`,
    );
    expect(sameOrigin.statusCode).toBe(200);
    const fromPublicUrl = await post(
      paths.addToBasket,
      { 'x-xsrf-token': attacker.xsrfToken ?? '', origin: new URL(t.deps.config.publicUrl).origin },
      `ticket_id=${SEED.ticket.onSale}&quantity=1`,
    );
    expect(fromPublicUrl.statusCode).toBe(200);
    // The victim's own token works for the victim only.
    expect((await victim.post(paths.addToBasket, { ticket_id: SEED.ticket.onSale, quantity: 1 })).statusCode).toBe(200);
  });

  test('a GET never changes state, so it needs no token; a cross-site GET of an /ajax call reads only its own session', async () => {
    const before = await stateHash(t.db);
    const response = await t.app.inject({
      method: 'GET',
      url: paths.get,
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
    // No cookie: a new, empty session, not anybody's basket.
    expect(response.json().sale_reference ?? null).toBeNull();
    expect(changedTables(before, await stateHash(t.db))).toEqual([]);
  });
});
