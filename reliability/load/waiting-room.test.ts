/**
 * The waiting room under two api processes on one PostgreSQL database (load): 300 browsers queue for an on-sale made
 * through the organiser API, a third of them before the opening, the rest after it in waves; every request goes to
 * either process (a load balancer without sticky sessions), and some browsers have two tabs asking both processes at
 * the same moment. Then every admitted buyer reserves one ticket of a stock a third the size of the crowd.
 *
 * Asserted: one entry per browser (two tabs at once included); places 1..N, each once; the early arrivals in places
 * 1..E in the order of their draw, before every later arrival; later arrivals in the order they joined; both
 * processes tell a browser the same place; no one admitted before the rate reaches its place, no one kept waiting
 * after; no reservation without a pass (403 with the sentence and the queue's URL); a pass from another browser
 * refused and left usable by its owner; a pass used once only; the stock taken exactly once, every hold by a sale
 * that used a pass.
 */
import { createHash } from 'node:crypto';
import { queueRequired } from '@checkout/shared/messages/queue';
import { countFigure, highestFigure } from '../support/figures';
import type { ApiProcess } from '../support/api-process';
import { addTickets, Buyer, inBatches, paths, type Answer } from '../support/buyer';
import { describeWithPostgres, type TestDatabase } from '../support/postgres';
import { freshTicketType, sampleStock } from '../support/stock';
import { startTwoApis, stopTwoApis, type TwoApis } from '../support/two-apis';
import { admissionDueAt, createOnSale, organiserKey } from '../support/waiting-room';

jest.setTimeout(300_000);

const ARRIVALS = 300;
const EARLY = 90;
const RATE = 50;
const CAPACITY = 100;
/** Later arrivals join in waves of this many at once, each wave after the one before has been answered. */
const WAVE = 15;
/** Browsers whose first status goes to both processes at the same moment (two tabs), among the early and the late. */
const TWO_TABS = 10;

/** The session row's token_hash: the SHA-256 of the session cookie (base64url). */
const sessionHashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

interface Seen {
  /** Epoch ms the request was sent and its answer read. */
  sentAt: number;
  answeredAt: number;
  state: string;
  position?: number;
  ahead?: number;
  via: number;
}

interface Queuer {
  buyer: Buyer;
  early: boolean;
  /** The wave of a later arrival (0 for the early ones). */
  wave: number;
  seen: Seen[];
  position?: number;
}

function stateOf(answer: Answer): { state: string; position?: number; ahead?: number } {
  const state = typeof answer.json.state === 'string' ? answer.json.state : `http ${answer.status}`;
  const { position, ahead } = answer.json;
  return {
    state,
    ...(typeof position === 'number' ? { position } : {}),
    ...(typeof ahead === 'number' ? { ahead } : {}),
  };
}

describeWithPostgres('the waiting room over two api processes', () => {
  let database: TestDatabase;
  let apis: ApiProcess[] = [];
  let stack: TwoApis | undefined;

  beforeAll(async () => {
    // Every arrival comes from 127.0.0.1: the per-address limits on new places (a minute, and in all per on-sale) would
    // stop the crowd.
    stack = await startTwoApis({
      CAPTCHA_RESERVE_LIMIT: '0',
      QUEUE_JOINS_PER_CLIENT: '100000',
      QUEUE_PLACES_PER_CLIENT: '100000',
    });
    ({ database, apis } = stack);
  });

  afterAll(() => stopTwoApis(stack));

  test('300 arrivals: fair places, admission at the rate, no reservation without a pass, stock taken once', async () => {
    const via = (i: number) => apis[i % 2]!.baseURL;
    const ticketTypeId = await freshTicketType(database.pool, CAPACITY, 'Waiting room');
    const key = await organiserKey(via(0));
    const queuers: Queuer[] = Array.from({ length: ARRIVALS }, (_, i) => ({
      buyer: new Buyer(via(i)),
      early: i < EARLY,
      wave: i < EARLY ? 0 : 1 + Math.floor((i - EARLY) / WAVE),
      seen: [],
    }));
    // Sessions first (as loading any page gives), so two tabs of one browser share its cookie from the start.
    await inBatches(queuers, 16, (q, i) => q.buyer.start(via(i)));

    // The early arrivals join from 5 s to 2.5 s before the opening: 2.5 s to spare before it, however busy the machine.
    const opensAt = Math.ceil((Date.now() + 6_000) / 1000) * 1000;
    const onsaleId = await createOnSale(via(0), key, {
      ticket_type_ids: [ticketTypeId],
      opens_at: new Date(opensAt).toISOString(),
      admission_per_second: RATE,
      pass_seconds: 600,
    });
    const statusPath = `/ajax/queue/${onsaleId}/status`;
    const dueAt = (position: number) => admissionDueAt(opensAt, RATE, position);

    const ask = async (q: Queuer, process: number): Promise<Seen> => {
      const sentAt = Date.now();
      const answer = await q.buyer.get(statusPath, { via: via(process) });
      const seen: Seen = { sentAt, answeredAt: Date.now(), ...stateOf(answer), via: process };
      q.seen.push(seen);
      return seen;
    };
    /** The first status: one tab, or two tabs asking both processes at once. */
    const join = async (q: Queuer, i: number, twoTabs: boolean) => {
      if (twoTabs) await Promise.all([ask(q, 0), ask(q, 1)]);
      else await ask(q, i);
    };

    // Before the opening: the early arrivals, spread over 2.5 s, a few with two tabs; and a few try to reserve.
    const early = queuers.filter((q) => q.early);
    await Promise.all(
      early.map(async (q, i) => {
        await sleep(opensAt - 5_000 + (i / early.length) * 2_500 - Date.now());
        await join(q, i, i < TWO_TABS);
      }),
    );
    expect(Date.now()).toBeLessThan(opensAt);
    const noPass = early.slice(TWO_TABS, TWO_TABS + 10);
    const refusals = await Promise.all(
      noPass.map(async (q, i) => {
        await addTickets(q.buyer, ticketTypeId, 1, via(i));
        return q.buyer.post(paths.reserve, {}, { via: via(i + 1) });
      }),
    );

    // From the opening: the later arrivals in waves, each wave sent once the one before has been answered.
    await sleep(opensAt + 20 - Date.now());
    const late = queuers.filter((q) => !q.early);
    const waves = Math.max(...late.map((q) => q.wave));
    for (let wave = 1; wave <= waves; wave += 1)
      await Promise.all(
        late.map((q, i) => (q.wave === wave ? join(q, i, i < TWO_TABS && wave === 1) : Promise.resolve())),
      );
    // Each early arrival asks again now that places are given (the other process than it joined on).
    await Promise.all(early.map((q, i) => ask(q, i + 1)));
    // Every browser's place, from the database (an admitted browser is not told its place any more).
    const { rows: placed } = await database.pool.query<{ token_hash: string; position: number | null }>(
      `SELECT s.token_hash, q.position FROM queue_entries q JOIN sessions s ON s.id = q.session_id
        WHERE q.onsale_id = $1`,
      [onsaleId],
    );
    const placeBySession = new Map(placed.map((row) => [row.token_hash, row.position]));
    for (const q of queuers)
      q.position = placeBySession.get(sessionHashOf(q.buyer.cookies.get('checkout_sid') ?? '')) ?? undefined;
    const placeOf = (q: Queuer) => {
      if (q.position === undefined) throw new Error(`a browser has no place: ${JSON.stringify(q.seen)}`);
      return q.position;
    };

    // Each browser asks just before its turn and just after it; then, admitted, reserves one ticket with its pass.
    // The first two places swap passes first: someone else's pass is refused and stays its owner's; the owner then
    // gives its reservation back (edit basket) and the used pass does not reserve again.
    const [owner, thief] = [...queuers].sort((a, b) => placeOf(a) - placeOf(b));
    if (!owner || !thief) throw new Error('no browsers');
    const basketFilled = new Set(noPass);
    const reservations = new Map<Queuer, Answer>();
    let stolen: Answer | undefined;
    let reusedPass: Answer | undefined;
    // The owner's turn runs before anyone else reserves, so the stock is still there for it.
    let ownerDone = () => {};
    const ownerFinished = new Promise<void>((resolve) => {
      ownerDone = resolve;
    });
    const admitAndReserve = async (q: Queuer, i: number) => {
      const due = dueAt(placeOf(q));
      if (due - 150 > Date.now()) {
        await sleep(due - 150 - Date.now());
        await ask(q, i);
      }
      await sleep(due + 30 - Date.now());
      let last = await ask(q, i + 1);
      while (last.state === 'waiting') {
        await sleep(50);
        last = await ask(q, i);
      }
      expect(last.state).toBe('admitted');
      const pass = q.buyer.cookies.get('checkout_pass');
      if (pass === undefined) throw new Error('admitted without a pass cookie');
      if (!basketFilled.has(q)) await addTickets(q.buyer, ticketTypeId, 1, via(i));
      if (q === thief) {
        while (!owner.buyer.cookies.has('checkout_pass')) await sleep(20);
        q.buyer.cookies.set('checkout_pass', owner.buyer.cookies.get('checkout_pass') ?? '');
        stolen = await q.buyer.post(paths.reserve, {}, { via: via(i) });
        q.buyer.cookies.set('checkout_pass', pass);
      }
      if (q !== owner) {
        await ownerFinished;
        reservations.set(q, await q.buyer.post(paths.reserve, {}, { via: via(i + 1) }));
        return;
      }
      try {
        while (stolen === undefined) await sleep(20);
        const answer = await q.buyer.post(paths.reserve, {}, { via: via(i + 1) });
        reservations.set(q, answer);
        if (answer.json.reserved === true) {
          expect((await q.buyer.post(paths.destroy, {}, { via: via(i) })).status).toBe(200);
          reusedPass = await q.buyer.post(paths.reserve, {}, { via: via(i + 1) });
        }
      } finally {
        ownerDone();
      }
    };
    const admitting = Promise.all(queuers.map((q, i) => admitAndReserve(q, i)));

    // Meanwhile both processes are asked at once about browsers still waiting: the same place (or, at its very turn,
    // one says waiting and the other admitted).
    const waitingNow = queuers.filter((q) => dueAt(placeOf(q)) > Date.now() + 1_000).slice(0, 60);
    const pairs = await Promise.all(waitingNow.map((q) => Promise.all([ask(q, 0), ask(q, 1)])));
    await admitting;

    expect(pairs.length).toBeGreaterThanOrEqual(10);
    for (const [a, b] of pairs) {
      if (a.state === 'waiting' && b.state === 'waiting') expect(a.position).toBe(b.position);
      else expect(new Set([a.state, b.state])).toEqual(new Set(['waiting', 'admitted']));
    }

    // The database: one entry per browser, places 1..N each once.
    const { rows: entries } = await database.pool.query<{
      position: number | null;
      draw: number | null;
      session_id: number;
    }>('SELECT position, draw, session_id FROM queue_entries WHERE onsale_id = $1', [onsaleId]);
    expect(entries).toHaveLength(ARRIVALS);
    expect(new Set(entries.map((e) => e.session_id)).size).toBe(ARRIVALS);
    expect(new Set(entries.map((e) => e.position)).size).toBe(ARRIVALS);
    // The early arrivals hold places 1..E, in the order of their draw.
    const drawn = entries.filter((e) => e.draw !== null).sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
    expect(drawn.map((e) => e.position)).toEqual(Array.from({ length: EARLY }, (_, i) => i + 1));
    for (let i = 1; i < drawn.length; i += 1) expect(drawn[i]?.draw).toBeGreaterThanOrEqual(drawn[i - 1]?.draw ?? 1);

    // Every browser was told one place, the same by either process and either tab.
    for (const q of queuers)
      for (const seen of q.seen) if (seen.position !== undefined) expect(seen.position).toBe(placeOf(q));
    expect(Math.max(...early.map(placeOf))).toBe(EARLY);
    expect(Math.min(...late.map(placeOf))).toBe(EARLY + 1);
    // Later arrivals in the order they joined: every place of a wave is behind every place of the waves before it.
    for (let wave = 2; wave <= waves; wave += 1) {
      const before = late.filter((q) => q.wave === wave - 1).map(placeOf);
      const after = late.filter((q) => q.wave === wave).map(placeOf);
      expect(Math.min(...after)).toBeGreaterThan(Math.max(...before));
    }
    // The early arrivals' places are not their arrival order (a random draw): far from sorted.
    const earlyPlaces = early.map(placeOf);
    const ascents = earlyPlaces.filter((p, i) => i > 0 && p > (earlyPlaces[i - 1] ?? 0)).length;
    expect(ascents).toBeLessThan(EARLY * 0.75);

    // No reservation before the turn: 403 with the sentence and the queue's URL.
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403);
      expect(refusal.json).toMatchObject({ reserved: false, error: queueRequired, queue_url: `/queue/${onsaleId}/` });
    }

    // Admission at the rate, checked on every answer whatever its latency (the server decided between the request
    // being sent and its answer arriving): no one admitted before the rate reaches the place, no one told 'waiting'
    // after; and a waiting answer's 'ahead' gives the count admitted when it was made, which must be the rate's count
    // at some moment of that interval. The slope of those counts over time, from the answers that took under 300 ms,
    // is the rate seen.
    const throughAt = (at: number) => (at < opensAt ? 0 : Math.floor(1 + ((at - opensAt) / 1000) * RATE));
    const counts: { at: number; through: number }[] = [];
    for (const q of queuers) {
      const due = dueAt(placeOf(q));
      for (const seen of q.seen) {
        if (seen.state === 'admitted') expect(seen.answeredAt).toBeGreaterThanOrEqual(due - 5);
        if (seen.state === 'waiting' || seen.state === 'before_opening') expect(seen.sentAt).toBeLessThan(due + 5);
        if (seen.state !== 'waiting' || seen.ahead === undefined) continue;
        const through = placeOf(q) - 1 - seen.ahead;
        expect(through).toBeGreaterThanOrEqual(throughAt(seen.sentAt - 5));
        expect(through).toBeLessThanOrEqual(throughAt(seen.answeredAt + 5));
        if (seen.answeredAt - seen.sentAt < 300) counts.push({ at: (seen.sentAt + seen.answeredAt) / 2, through });
      }
    }
    const meanAt = counts.reduce((sum, c) => sum + c.at, 0) / counts.length;
    const meanThrough = counts.reduce((sum, c) => sum + c.through, 0) / counts.length;
    const rate =
      (counts.reduce((sum, c) => sum + (c.at - meanAt) * (c.through - meanThrough), 0) /
        counts.reduce((sum, c) => sum + (c.at - meanAt) ** 2, 0)) *
      1000;
    const span = Math.max(...counts.map((c) => c.at)) - Math.min(...counts.map((c) => c.at));
    expect(counts.length).toBeGreaterThanOrEqual(20);
    expect(span).toBeGreaterThan(2_000);
    expect(Math.abs(rate / RATE - 1)).toBeLessThan(0.1);

    // Someone else's pass: refused, and its owner reserved with it afterwards. A used pass: refused.
    expect(stolen?.status).toBe(403);
    expect(stolen?.json).toMatchObject({ reserved: false, error: queueRequired, queue_url: `/queue/${onsaleId}/` });
    expect(reservations.get(owner)?.json).toMatchObject({ reserved: true });
    expect(reusedPass?.status).toBe(403);
    expect(reusedPass?.json).toMatchObject({ reserved: false, error: queueRequired, queue_url: `/queue/${onsaleId}/` });

    // The stock: taken exactly once. Every admitted browser was answered reserved, or refused as sold out (never
    // asked for a pass it held, never a 5xx).
    const answers = [...reservations.values()];
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    const reserved = answers.filter((a) => a.json.reserved === true).length;
    expect(reserved).toBe(CAPACITY + 1); // the owner's reservation, given back, went to someone else
    const stock = await sampleStock(database.pool, ticketTypeId);
    expect(stock.held + stock.sold).toBe(CAPACITY);
    expect(stock.activeHolds + stock.paidTickets).toBe(CAPACITY);
    expect(stock.held).toBe(stock.activeHolds);
    const { rows: tokenless } = await database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM holds h
        WHERE h.ticket_type_id = $1 AND h.status IN ('active', 'sold')
          AND NOT EXISTS (SELECT 1 FROM queue_entries q
                           WHERE q.onsale_id = $2 AND q.claimed_sale_id = h.sale_id AND q.pass_used_at IS NOT NULL)`,
      [ticketTypeId, onsaleId],
    );
    expect(tokenless[0]?.n).toBe(0);

    countFigure('load.waitingRoom.arrivals', ARRIVALS, 'browsers queued over two api processes (waiting room)');
    countFigure(
      'load.waitingRoom.statusRequests',
      queuers.reduce((s, q) => s + q.seen.length, 0),
      'queue status requests answered by either process',
    );
    countFigure('load.waitingRoom.refusedWithoutPass', refusals.length + 2, 'reservations refused for want of a pass');
    highestFigure(
      'load.waitingRoom.rateError',
      Math.abs(rate / RATE - 1) * 100,
      'admission rate seen against the configured one, worst run (%)',
    );
    highestFigure('load.waitingRoom.tokenless', tokenless[0]?.n ?? 0, 'holds without a used pass (must be 0)');

    // Places 1..N with no gap: a place given to no one would be admitted in nobody's turn (two tabs joining at once
    // must not use up two places).
    expect(entries.map((e) => e.position).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: ARRIVALS }, (_, i) => i + 1),
    );
  });
});
