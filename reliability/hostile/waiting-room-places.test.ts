/**
 * Hostile — the waiting room's places, over HTTP against two api processes on one PostgreSQL database, behind a proxy
 * the api trusts (TRUST_PROXY=1: the proxy appends the address it saw to X-Forwarded-For; this test plays it). With
 * the default configuration, one attacker's address opens many browsers on the queue page an hour before a small
 * on-sale (10 tickets), sends requests without any cookie, joins again and again, writes a fresh X-Forwarded-For each
 * time, and presents an honest buyer's pass from a session of its own. Honest buyers on addresses of their own queue
 * beside it, before and after the opening.
 *
 * Asserted: the attacker's address holds no more places than QUEUE_PLACES_PER_CLIENT allows (10 by default), whatever
 * it wrote in X-Forwarded-For; a request without the session cookie takes no place; a browser that joins again keeps
 * its one place; every honest buyer is placed, the early ones among the first places (the draw is among the few the
 * attacker could take, not thousands) and the later ones in the order they came; places 1..N each once; a pass works
 * only for the session that queued, and no hold was made without a used pass.
 */
import { createHash } from 'node:crypto';
import { queueRequired } from '@checkout/shared/messages/queue';
import { countFigure, highestFigure } from '../support/figures';
import type { ApiProcess } from '../support/api-process';
import { addTickets, Buyer, inBatches, paths } from '../support/buyer';
import { describeWithPostgres, type TestDatabase } from '../support/postgres';
import { freshTicketType } from '../support/stock';
import { startTwoApis, stopTwoApis, type TwoApis } from '../support/two-apis';
import { createOnSale, organiserKey } from '../support/waiting-room';

jest.setTimeout(120_000);

/** QUEUE_PLACES_PER_CLIENT's default (api/README.md). */
const PLACES_PER_CLIENT = 10;
const ATTACKER = '203.0.113.66';
const ATTACKER_SESSIONS = 40;
const COOKIELESS = 30;
const HONEST_EARLY = 20;
const HONEST_LATE = 5;

/** The session row's token_hash: the SHA-256 of the session cookie (base64url). */
const sessionHashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** What the proxy sends for a client at `address`: whatever the client wrote, then the address the proxy saw. */
const throughProxy = (address: string, written?: () => string) => () => ({
  'x-forwarded-for': written ? `${written()}, ${address}` : address,
});

/** A new made-up address per request, as an attacker writes in its own X-Forwarded-For. */
let spoofs = 0;
const spoofed = () => {
  spoofs += 1;
  return `10.${(spoofs >> 16) & 255}.${(spoofs >> 8) & 255}.${spoofs & 255}`;
};

describeWithPostgres('waiting-room places against one address with many browsers (two api processes)', () => {
  let database: TestDatabase;
  let apis: ApiProcess[] = [];
  let stack: TwoApis | undefined;

  beforeAll(async () => {
    // The default limits of the waiting room; only the proxy is configured (and the reservations captcha is off).
    stack = await startTwoApis({ TRUST_PROXY: '1', CAPTCHA_RESERVE_LIMIT: '0' });
    ({ database, apis } = stack);
  });

  afterAll(() => stopTwoApis(stack));

  test('one place per browser, at most the cap per address, none without a cookie, a pass for its session only', async () => {
    const via = (i: number) => apis[i % 2]!.baseURL;
    const ticketTypeId = await freshTicketType(database.pool, 10, 'Queue places');
    const key = await organiserKey(via(0));
    const onsaleId = await createOnSale(via(0), key, {
      ticket_type_ids: [ticketTypeId],
      opens_at: new Date(Date.now() + 3_600_000).toISOString(),
      admission_per_second: 50,
      pass_seconds: 600,
    });
    const status = `/ajax/queue/${onsaleId}/status`;
    const page = `/queue/${onsaleId}/`;
    const entries = async () => {
      const { rows } = await database.pool.query<{ token_hash: string; position: number | null }>(
        `SELECT s.token_hash, q.position FROM queue_entries q JOIN sessions s ON s.id = q.session_id
          WHERE q.onsale_id = $1`,
        [onsaleId],
      );
      return rows;
    };

    // An hour early: the attacker's browsers (a session each, as any page gives) and the honest early arrivals.
    const attackers = Array.from(
      { length: ATTACKER_SESSIONS },
      (_, i) => new Buyer(via(i), throughProxy(ATTACKER, spoofed)),
    );
    const honest = Array.from(
      { length: HONEST_EARLY + HONEST_LATE },
      (_, i) => new Buyer(via(i + 1), throughProxy(`198.51.100.${i + 1}`)),
    );
    await inBatches([...attackers, ...honest], 12, (buyer) => buyer.start());
    const early = honest.slice(0, HONEST_EARLY);
    const late = honest.slice(HONEST_EARLY);

    // The crowd joins at once, the attacker's browsers mixed with the honest ones (two of its own to one honest), on
    // either process, by the status call or the page.
    const joiners = attackers.flatMap((buyer, i) => (i % 2 === 1 && early[i >> 1] ? [buyer, early[i >> 1]!] : [buyer]));
    joiners.push(...early.slice(ATTACKER_SESSIONS >> 1));
    const joined = await inBatches(joiners, 12, (buyer, i) => buyer.get(i % 2 === 0 ? status : page, { via: via(i) }));
    const answerOf = new Map(joiners.map((buyer, i) => [buyer, joined[i]!]));
    const attackerAnswers = attackers.map((buyer) => answerOf.get(buyer)!);
    const placedAttackers = attackers.filter((buyer) => answerOf.get(buyer)?.status === 200);
    expect(early.map((buyer) => answerOf.get(buyer)?.status)).toEqual(early.map(() => 200));

    // Requests without any cookie (the attacker's script drops them), to the page and the status, on both processes.
    const before = (await entries()).length;
    const cookieless = await inBatches(
      Array.from({ length: COOKIELESS }, (_, i) => i),
      10,
      async (i) => {
        const response = await fetch(`${via(i)}${i % 2 === 0 ? status : page}`, {
          headers: { accept: 'application/json', ...throughProxy(ATTACKER, spoofed)() },
          redirect: 'manual',
        });
        await response.arrayBuffer();
        return response.status;
      },
    );
    const afterCookieless = (await entries()).length;

    // The attacker's browsers join again and again, by status, page and rejoin, on both processes.
    await inBatches(attackers, 12, async (buyer, i) => {
      await buyer.get(status, { via: via(i + 1) });
      await buyer.get(page, { via: via(i) });
      await buyer.post(`/ajax/queue/${onsaleId}/rejoin`, {}, { via: via(i + 1) });
    });
    const afterRejoins = (await entries()).length;

    // The organiser brings the opening forward to a moment from now; the honest late arrivals come after it, in turn.
    const opensAt = Date.now() + 1_500;
    const moved = await fetch(`${via(0)}/api/v1/onsales/${onsaleId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ opens_at: new Date(opensAt).toISOString() }),
    });
    expect(moved.status).toBe(200);
    await sleep(opensAt + 50 - Date.now());
    for (const [i, buyer] of late.entries()) expect((await buyer.get(status, { via: via(i) })).status).toBe(200);

    const placed = await entries();
    const placeOf = new Map(placed.map((row) => [row.token_hash, row.position]));
    const positionOf = (buyer: Buyer) => {
      const position = placeOf.get(sessionHashOf(buyer.cookies.get('checkout_sid') ?? ''));
      if (position === undefined || position === null) throw new Error('an honest buyer has no place');
      return position;
    };
    const earlyPlaces = early.map(positionOf).sort((a, b) => a - b);
    const latePlaces = late.map(positionOf);
    const attackerPlaces = placed.length - honest.length;

    countFigure('hostile.queuePlaces.attackerPlaces', attackerPlaces, 'waiting-room places one address got (cap 10)');
    countFigure('hostile.queuePlaces.cookielessPlaces', afterCookieless - before, 'places taken without a cookie');
    highestFigure(
      'hostile.queuePlaces.lastHonestEarlyPlace',
      Math.max(...earlyPlaces),
      `worst place of ${HONEST_EARLY} honest early arrivals beside the attacker (at most ${HONEST_EARLY + PLACES_PER_CLIENT})`,
    );
    // Shown on failure: where the honest early arrivals landed among the attacker's places.
    const seen = {
      attackerPlaces,
      cookieless: afterCookieless - before,
      earlyPlaces,
      latePlaces,
      total: placed.length,
    };

    // The address holds no more than its cap, whatever X-Forwarded-For it wrote; the rest were told why.
    expect(seen).toEqual(expect.objectContaining({ attackerPlaces: PLACES_PER_CLIENT, cookieless: 0 }));
    expect(placedAttackers).toHaveLength(PLACES_PER_CLIENT);
    for (const answer of attackerAnswers.filter((a) => a.status !== 200)) expect(answer.status).toBe(429);
    // No place without a cookie: the page sent the browser round for one (303), the status refused (403).
    expect(seen).toMatchObject({ cookieless: 0 });
    expect(new Set(cookieless)).toEqual(new Set([303, 403]));
    // Joining again keeps the one place: the same entries before and after.
    expect(afterRejoins).toBe(afterCookieless);
    expect(new Set(placed.map((row) => row.token_hash)).size).toBe(placed.length);
    // Every place once, 1..N; the honest early arrivals all among the first places, the late ones after, in turn.
    expect(placed.map((row) => row.position).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: placed.length }, (_, i) => i + 1),
    );
    expect(Math.max(...earlyPlaces)).toBeLessThanOrEqual(HONEST_EARLY + PLACES_PER_CLIENT);
    expect(latePlaces).toEqual(Array.from({ length: HONEST_LATE }, (_, i) => HONEST_EARLY + attackerPlaces + i + 1));

    // The first honest buyer's turn: its pass, copied into a session of the attacker's, is refused there and still
    // reserves for its owner. The attacker's own admitted browsers reserve only with their own passes.
    const first = [...early].sort((a, b) => positionOf(a) - positionOf(b))[0]!;
    const thief = placedAttackers[0]!;
    let turn = await first.get(status);
    while (turn.json.state === 'waiting') {
      await sleep(50);
      turn = await first.get(status);
    }
    expect(turn.json.state).toBe('admitted');
    const pass = first.cookies.get('checkout_pass');
    if (pass === undefined) throw new Error('admitted without a pass cookie');
    await addTickets(thief, ticketTypeId, 2, via(0));
    thief.cookies.set('checkout_pass', pass);
    const stolen = await thief.post(paths.reserve, {}, { via: via(1) });
    expect(stolen.status).toBe(403);
    expect(stolen.json).toMatchObject({ reserved: false, error: queueRequired, queue_url: page });
    await addTickets(first, ticketTypeId, 2, via(1));
    expect((await first.post(paths.reserve, {}, { via: via(0) })).json).toMatchObject({ reserved: true });

    const { rows: tokenless } = await database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM holds h
        WHERE h.ticket_type_id = $1 AND h.status IN ('active', 'sold')
          AND NOT EXISTS (SELECT 1 FROM queue_entries q
                           WHERE q.onsale_id = $2 AND q.claimed_sale_id = h.sale_id AND q.pass_used_at IS NOT NULL)`,
      [ticketTypeId, onsaleId],
    );
    expect(tokenless[0]?.n).toBe(0);
  });
});
