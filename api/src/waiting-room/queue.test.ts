import type { Db } from '../db/schema';
import { createTestDatabase, TEST_NOW, type TestDatabase } from '../testing/test-db';
import { admissionOf, admittedThrough } from './admission';
import { gatedOnSale, joinQueue, loadOnsale, onsaleFigures, passHashOf, queueStatus, rejoinQueue } from './queue';

let database: TestDatabase;
let db: Db;
let organiserId: number;
let eventId: number;
let ticketTypeId: number;

const at = (seconds: number) => new Date(TEST_NOW.getTime() + seconds * 1000);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const type = await db
    .selectFrom('ticket_types')
    .innerJoin('events', 'events.id', 'ticket_types.event_id')
    .select(['ticket_types.id', 'events.id as event_id', 'events.organiser_id'])
    .orderBy('ticket_types.id')
    .executeTakeFirstOrThrow();
  organiserId = type.organiser_id;
  eventId = type.event_id;
  ticketTypeId = type.id;
});

afterEach(() => db.deleteFrom('onsales').execute());
afterAll(() => database.close());

async function newOnsale(opensIn: number, rate: number, more: { ends?: Date; event?: boolean } = {}): Promise<number> {
  const opens = at(opensIn);
  const row = await db
    .insertInto('onsales')
    .values({
      organiser_id: organiserId,
      event_id: more.event === false ? null : eventId,
      opens_at: opens,
      ends_at: more.ends ?? null,
      admission_per_second: rate,
      admission_base_at: opens,
      created_at: TEST_NOW,
      updated_at: TEST_NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function newSessions(count: number): Promise<number[]> {
  const rows = await db
    .insertInto('sessions')
    .values(
      Array.from({ length: count }, () => ({
        token_hash: passHashOf(Math.random().toString(36) + Math.random().toString(36)),
        created_at: TEST_NOW,
        last_seen_at: TEST_NOW,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

test('early arrivals are placed at the opening in draw order, later ones in arrival order, one entry each', async () => {
  const onsale = await newOnsale(60, 5);
  const early = await newSessions(20);
  for (const [i, session] of early.entries()) await joinQueue(db, onsale, session, at(i));
  // A reload or another tab of one browser keeps its entry.
  await joinQueue(db, onsale, early[0] ?? 0, at(30));
  const before = await db.selectFrom('queue_entries').selectAll().where('onsale_id', '=', onsale).execute();
  expect(before).toHaveLength(20);
  expect(before.every((entry) => entry.position === null && entry.draw !== null)).toBe(true);

  const late = await newSessions(5);
  for (const [i, session] of late.entries()) await joinQueue(db, onsale, session, at(61 + i));
  const entries = await db
    .selectFrom('queue_entries')
    .selectAll()
    .where('onsale_id', '=', onsale)
    .orderBy('position')
    .execute();
  expect(entries.map((entry) => entry.position)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  const earlyPlaced = entries.slice(0, 20);
  const draws = earlyPlaced.map((entry) => entry.draw ?? -1);
  expect(draws).toEqual([...draws].sort((a, b) => a - b));
  expect(entries.slice(20).map((entry) => entry.session_id)).toEqual(late);
});

test('50 browsers joining at once get 50 different places; each browser one entry', async () => {
  const onsale = await newOnsale(-10, 5);
  const sessions = await newSessions(50);
  const joins = await Promise.all(sessions.map((session) => joinQueue(db, onsale, session, at(0))));
  const again = await Promise.all(sessions.slice(0, 10).map((session) => joinQueue(db, onsale, session, at(1))));
  const positions = joins.map((joined) => joined?.entry.position);
  expect(new Set(positions).size).toBe(50);
  expect([...positions].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  expect(again.map((joined) => joined?.entry.position)).toEqual(positions.slice(0, 10));
  const { count } = await db
    .selectFrom('queue_entries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('onsale_id', '=', onsale)
    .executeTakeFirstOrThrow();
  expect(Number(count)).toBe(50);
});

test('at the opening, early arrivals and a crowd of new ones joining at once: early first, every place once', async () => {
  const onsale = await newOnsale(10, 5);
  const early = await newSessions(20);
  await Promise.all(early.map((session, i) => joinQueue(db, onsale, session, at(i / 10))));
  const crowd = await newSessions(30);
  const joins = await Promise.all([...crowd, ...early].map((session) => joinQueue(db, onsale, session, at(10))));
  const positions = joins.map((joined) => joined?.entry.position ?? 0);
  expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  const earlyPlaces = positions.slice(30);
  expect(Math.max(...earlyPlaces)).toBe(20);
});

test('two tabs of one browser joining or rejoining at once take one place, and places stay gap-free', async () => {
  const onsale = await newOnsale(-10, 0.01);
  const sessions = await newSessions(10);
  // Every browser's two tabs at the same moment.
  const joins = await Promise.all(
    sessions.flatMap((session) => [0, 1].map(() => joinQueue(db, onsale, session, at(0)))),
  );
  const bySession = new Map<number, Set<number | null | undefined>>();
  joins.forEach((joined, i) => {
    const session = sessions[Math.floor(i / 2)] ?? 0;
    bySession.set(session, (bySession.get(session) ?? new Set()).add(joined?.entry.position));
  });
  expect([...bySession.values()].every((places) => places.size === 1)).toBe(true);
  const placed = await db
    .selectFrom('queue_entries')
    .select('position')
    .where('onsale_id', '=', onsale)
    .orderBy('position')
    .execute();
  expect(placed.map((row) => row.position)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  expect((await loadOnsale(db, onsale))?.next_position).toBe(10);

  // Place 1 was admitted as it joined; with a 600 s pass, its turn is lost 600 s later.
  const { session_id: first } = await db
    .selectFrom('queue_entries')
    .select('session_id')
    .where('onsale_id', '=', onsale)
    .where('position', '=', 1)
    .executeTakeFirstOrThrow();
  expect((await queueStatus(db, onsale, first, at(600)))?.status).toEqual({ state: 'turn_lost' });
  await Promise.all([rejoinQueue(db, onsale, first, at(601)), rejoinQueue(db, onsale, first, at(601))]);
  const after = await db.selectFrom('queue_entries').select('position').where('session_id', '=', first).execute();
  expect(after.map((row) => row.position)).toEqual([11]);
  expect((await loadOnsale(db, onsale))?.next_position).toBe(11);
});

test('an arrival whose request began before the opening but is written after the early arrivals were placed joins the end', async () => {
  const onsale = await newOnsale(10, 5);
  const [early, late, slow] = await newSessions(3);
  if (early === undefined || late === undefined || slow === undefined) throw new Error('sessions');
  await joinQueue(db, onsale, early, at(1));
  await joinQueue(db, onsale, late, at(10)); // the opening: the early arrival is placed
  // This request read its clock before the opening; the placement is already done, so it is numbered next.
  const joined = await joinQueue(db, onsale, slow, at(9.9));
  expect(joined?.entry).toMatchObject({ position: 3, draw: null });
  const unplaced = await db
    .selectFrom('queue_entries')
    .select('id')
    .where('onsale_id', '=', onsale)
    .where('position', 'is', null)
    .execute();
  expect(unplaced).toEqual([]);
});

test('a place is admitted at its time with a pass; unused past its window it is a lost turn, and may queue again', async () => {
  const onsale = await newOnsale(0, 1);
  const [first, second, third] = await newSessions(3);
  if (first === undefined || second === undefined || third === undefined) throw new Error('sessions');
  const one = await queueStatus(db, onsale, first, at(0));
  expect(one?.status).toMatchObject({ state: 'admitted', return_url: '/checkout/' });
  expect(one?.pass?.token).toMatch(/^[\w-]{43}$/);
  // The same cookie presented again: no new pass.
  expect((await queueStatus(db, onsale, first, at(1), one?.pass?.token))?.pass).toBeUndefined();
  // A lost cookie: a new token, the same expiry; the old one no longer matches.
  const reissued = await queueStatus(db, onsale, first, at(2));
  expect(reissued?.pass?.expiresAt).toEqual(one?.pass?.expiresAt);
  const stored = await db.selectFrom('queue_entries').selectAll().where('session_id', '=', first).executeTakeFirst();
  expect(stored?.pass_hash).toBe(passHashOf(reissued?.pass?.token ?? ''));

  const two = await queueStatus(db, onsale, second, at(0.5));
  expect(two?.status).toEqual({ state: 'waiting', position: 2, ahead: 0, estimated_wait_seconds: 1 });
  await queueStatus(db, onsale, third, at(0.5));
  // Place 3 admitted at 2 s, its pass for 600 s: lost at 602 s.
  expect((await queueStatus(db, onsale, third, at(601)))?.status.state).toBe('admitted');
  expect((await queueStatus(db, onsale, third, at(602)))?.status).toEqual({ state: 'turn_lost' });

  const figures = await onsaleFigures(db, (await loadOnsale(db, onsale)) ?? fail('on-sale'), at(700));
  expect(figures).toEqual({ queued: 0, admitted: 3, passesUsed: 0, turnsLost: 3 });

  const back = await rejoinQueue(db, onsale, third, at(700));
  expect(back?.status).toMatchObject({ state: 'admitted' });
  const moved = await db.selectFrom('queue_entries').selectAll().where('session_id', '=', third).executeTakeFirst();
  expect(moved?.position).toBe(4);
  // Rejoining while waiting or admitted changes nothing.
  const still = await rejoinQueue(db, onsale, third, at(701));
  expect(still?.status.state).toBe('admitted');
  expect(
    (await db.selectFrom('queue_entries').select('position').where('session_id', '=', third).executeTakeFirst())
      ?.position,
  ).toBe(4);
});

test('an ended on-sale answers ended and gates nothing; gatedOnSale finds the gating on-sale', async () => {
  const onsale = await newOnsale(0, 1, { ends: at(100) });
  expect(await gatedOnSale(db, { ticketTypeIds: [ticketTypeId] }, at(99))).toBe(onsale);
  expect(await gatedOnSale(db, { ticketTypeIds: [ticketTypeId] }, at(-100))).toBe(onsale);
  expect(await gatedOnSale(db, { ticketTypeIds: [ticketTypeId] }, at(100))).toBeNull();
  expect(await gatedOnSale(db, { ticketTypeIds: [] }, at(0))).toBeNull();
  const [session] = await newSessions(1);
  expect((await queueStatus(db, onsale, session ?? 0, at(100)))?.status).toEqual({ state: 'ended' });
  expect(await queueStatus(db, onsale + 1000, session ?? 0, at(0))).toBeUndefined();
  await db.deleteFrom('onsales').execute();

  const listed = await newOnsale(0, 1, { event: false });
  expect(await gatedOnSale(db, { ticketTypeIds: [ticketTypeId] }, at(0))).toBeNull();
  await db.insertInto('onsale_ticket_types').values({ onsale_id: listed, ticket_type_id: ticketTypeId }).execute();
  expect(await gatedOnSale(db, { ticketTypeIds: [ticketTypeId] }, at(0))).toBe(listed);
});

test('admission through is what admission.ts says of the stored row', async () => {
  const onsale = await newOnsale(0, 2.5);
  const row = await loadOnsale(db, onsale);
  if (!row) throw new Error('on-sale');
  expect(admittedThrough(admissionOf(row), at(4))).toBe(11);
});
