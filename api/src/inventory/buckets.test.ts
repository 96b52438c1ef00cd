import { sql } from 'kysely';
import { apiCaller } from '../organiser-api/testing';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { endHolds, expireHolds, setStockBuckets, StockShortage, takeHolds } from './holds';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const EXPIRES = new Date('2031-01-01T00:00:00Z');

let nextId = 70_000;
async function ticketType(capacity: number, buckets: number): Promise<number> {
  nextId += 1;
  await t.db
    .insertInto('ticket_types')
    .values({
      id: nextId,
      event_id: SEED.event.onSale,
      event_date_id: 101,
      name: `Bucket ticket ${nextId}`,
      price_minor: 1000,
      currency: 'GBP',
      capacity,
      max_per_customer: 10,
    })
    .execute();
  await t.db.transaction().execute((tx) => setStockBuckets(tx, nextId, buckets));
  return nextId;
}

let nextSale = 0;
async function sale(): Promise<number> {
  nextSale += 1;
  const row = await t.db
    .insertInto('sales')
    .values({
      reference: `BKT${Date.now()}${nextSale}`,
      status: 'reserved',
      hold_expires_at: EXPIRES,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The row, its parked stock and its active holds, in one snapshot. */
async function stock(ticketTypeId: number) {
  const { rows } = await sql<{
    capacity: number;
    sold: number;
    held: number;
    parked: number;
    active: number;
    soldHolds: number;
  }>`SELECT t.capacity, t.sold, t.held,
       (SELECT coalesce(sum(free), 0)::int FROM stock_buckets b WHERE b.ticket_type_id = t.id) AS parked,
       (SELECT coalesce(sum(qty), 0)::int FROM holds h WHERE h.ticket_type_id = t.id AND h.status = 'active') AS active,
       (SELECT coalesce(sum(qty), 0)::int FROM holds h WHERE h.ticket_type_id = t.id AND h.status = 'sold') AS "soldHolds"
     FROM ticket_types t WHERE t.id = ${ticketTypeId}`.execute(t.db);
  const row = rows[0];
  if (!row) throw new Error('no ticket type');
  return row;
}

async function expectInvariant(ticketTypeId: number) {
  const s = await stock(ticketTypeId);
  expect(s.held).toBe(s.active + s.parked);
  expect(s.sold).toBe(s.soldHolds);
  expect(s.sold + s.held).toBeLessThanOrEqual(s.capacity);
  return s;
}

async function take(saleId: number, lines: { ticketTypeId: number; qty: number }[]): Promise<boolean> {
  try {
    await t.db.transaction().execute((tx) =>
      takeHolds(
        tx,
        saleId,
        lines.map((line) => ({ ...line, name: 'x' })),
        t.clock.now(),
        EXPIRES,
      ),
    );
    return true;
  } catch (error) {
    if (error instanceof StockShortage) return false;
    throw error;
  }
}

function end(saleId: number, status: 'released' | 'sold' | 'expired'): Promise<number> {
  return t.db.transaction().execute((tx) => endHolds(tx, saleId, status, t.clock.now()));
}

describe('stock buckets', () => {
  test('a take parks a chunk in a bucket; a release goes back to that bucket exactly once; a sale books on the row', async () => {
    const type = await ticketType(1000, 8);
    const a = await sale();
    expect(await take(a, [{ ticketTypeId: type, qty: 2 }])).toBe(true);
    const afterTake = await expectInvariant(type);
    expect(afterTake.active).toBe(2);
    expect(afterTake.parked).toBeGreaterThan(0);
    const [hold] = await t.db.selectFrom('holds').select(['bucket']).where('sale_id', '=', a).execute();
    expect(hold?.bucket).not.toBeNull();

    expect(await end(a, 'released')).toBe(2);
    expect(await end(a, 'released')).toBe(0);
    const afterRelease = await expectInvariant(type);
    expect(afterRelease).toMatchObject({ held: afterTake.held, active: 0, parked: afterTake.parked + 2 });

    const b = await sale();
    expect(await take(b, [{ ticketTypeId: type, qty: 3 }])).toBe(true);
    expect(await end(b, 'sold')).toBe(3);
    expect(await end(b, 'released')).toBe(0);
    const afterSale = await expectInvariant(type);
    expect(afterSale.sold).toBe(3);
  });

  test('random takes, releases, sales and expiries keep held = active holds + parked and never oversell', async () => {
    const type = await ticketType(60, 6);
    const plain = await ticketType(40, 1);
    let seed = 20_261_127;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const live: number[] = [];
    for (let step = 0; step < 150; step += 1) {
      const roll = random();
      if (roll < 0.55 || live.length === 0) {
        const id = await sale();
        const lines = [{ ticketTypeId: type, qty: 1 + Math.floor(random() * 4) }];
        if (random() < 0.4) lines.push({ ticketTypeId: plain, qty: 1 + Math.floor(random() * 3) });
        if (await take(id, lines)) live.push(id);
        else expect(await t.db.selectFrom('holds').select('id').where('sale_id', '=', id).execute()).toHaveLength(0);
      } else {
        const [id] = live.splice(Math.floor(random() * live.length), 1);
        if (id === undefined) continue;
        const status = roll < 0.7 ? 'released' : roll < 0.85 ? 'sold' : 'expired';
        await end(id, status);
      }
      await expectInvariant(type);
      await expectInvariant(plain);
    }
    // Everything left sells out to the last ticket, however it is spread over buckets.
    for (;;) {
      const id = await sale();
      if (!(await take(id, [{ ticketTypeId: type, qty: 1 }]))) break;
    }
    const final = await expectInvariant(type);
    expect(final.sold + final.active).toBe(60);
    expect(final.parked).toBe(0);
  });

  test('all or nothing across two types: the second short, the first keeps every ticket', async () => {
    const first = await ticketType(100, 4);
    const second = await ticketType(2, 4);
    const before = await stock(first);
    const id = await sale();
    expect(
      await take(id, [
        { ticketTypeId: first, qty: 3 },
        { ticketTypeId: second, qty: 3 },
      ]),
    ).toBe(false);
    expect(await stock(first)).toEqual(before);
    expect((await stock(second)).held).toBe(0);
    expect(await t.db.selectFrom('holds').select('id').where('sale_id', '=', id).execute()).toHaveLength(0);
  });

  test('the last tickets sell when they lie a few per bucket (drain at sell-out)', async () => {
    const type = await ticketType(40, 4);
    const sales: number[] = [];
    // Every bucket refilled, then most given back: the free stock lies spread over all four buckets.
    for (let i = 0; i < 8; i += 1) {
      const id = await sale();
      expect(await take(id, [{ ticketTypeId: type, qty: 5 }])).toBe(true);
      sales.push(id);
    }
    for (const id of sales.slice(0, 7)) await end(id, 'released');
    const spread = await t.db
      .selectFrom('stock_buckets')
      .select('free')
      .where('ticket_type_id', '=', type)
      .where('free', '>', 0)
      .execute();
    expect(spread.length).toBeGreaterThan(1);
    const big = await sale();
    expect(await take(big, [{ ticketTypeId: type, qty: 35 }])).toBe(true);
    const s = await expectInvariant(type);
    expect(s).toMatchObject({ active: 40, parked: 0, held: 40 });
    expect(await take(await sale(), [{ ticketTypeId: type, qty: 1 }])).toBe(false);
    // Holds taken from a bucket before the drain still go back to it.
    await end(sales[7] ?? 0, 'expired');
    expect(await expectInvariant(type)).toMatchObject({ active: 35, parked: 5 });
    expect(await take(await sale(), [{ ticketTypeId: type, qty: 5 }])).toBe(true);
  });

  test('a capacity change drains the buckets first; the bucket count can change with stock parked', async () => {
    const type = await ticketType(100, 8);
    const id = await sale();
    expect(await take(id, [{ ticketTypeId: type, qty: 4 }])).toBe(true);
    expect((await stock(type)).parked).toBeGreaterThan(0);
    const organiser = await apiCaller(t, SEED.organiser.demo, 'write');
    const lowered = await organiser.call('PATCH', `/ticket-types/${type}`, { capacity: 4 });
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json()).toMatchObject({ capacity: 4, held: 4, available: 0 });
    expect(await expectInvariant(type)).toMatchObject({ parked: 0, held: 4 });
    const below = await organiser.call('PATCH', `/ticket-types/${type}`, { capacity: 3 });
    expect(below.statusCode).toBe(409);

    await t.db.transaction().execute((tx) => setStockBuckets(tx, type, 2));
    await end(id, 'released');
    expect(await expectInvariant(type)).toMatchObject({ active: 0, held: 0, parked: 0 });
  });

  test("the organiser API sets a ticket type's stock buckets; out of range is a 400 that changes nothing", async () => {
    const type = await ticketType(100, 1);
    const organiser = await apiCaller(t, SEED.organiser.demo, 'write');
    const set = await organiser.call('PATCH', `/ticket-types/${type}`, { stock_buckets: 8 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ stock_buckets: 8, available: 100 });
    expect(
      await t.db.selectFrom('stock_buckets').select('bucket').where('ticket_type_id', '=', type).execute(),
    ).toHaveLength(8);
    expect(await take(await sale(), [{ ticketTypeId: type, qty: 3 }])).toBe(true);
    for (const wrong of [0, 65, 2.5, '4']) {
      const refused = await organiser.call('PATCH', `/ticket-types/${type}`, { stock_buckets: wrong });
      expect(refused.statusCode).toBe(400);
    }
    const back = await organiser.call('PATCH', `/ticket-types/${type}`, { stock_buckets: 1 });
    expect(back.json()).toMatchObject({ stock_buckets: 1, held: 3, available: 97 });
    expect(await expectInvariant(type)).toMatchObject({ parked: 0, held: 3, active: 3 });
  });

  test('expiry gives a bucketed hold back to its bucket', async () => {
    const type = await ticketType(50, 4);
    const id = await sale();
    await t.db.updateTable('sales').set({ hold_expires_at: t.clock.now() }).where('id', '=', id).execute();
    await t.db
      .transaction()
      .execute((tx) => takeHolds(tx, id, [{ ticketTypeId: type, qty: 2, name: 'x' }], t.clock.now(), t.clock.now()));
    const before = await expectInvariant(type);
    const swept = await expireHolds(t.db, t.clock.now());
    expect(swept.tickets).toBeGreaterThanOrEqual(2);
    expect(await expectInvariant(type)).toMatchObject({ active: 0, held: before.held, parked: before.parked + 2 });
  });
});

describe('the on-sale race over buckets', () => {
  async function buyer(ticketTypeId: number, quantity: number): Promise<Visitor> {
    const visitor = await t.visitor();
    const added = await visitor.post(paths.addToBasket, { ticket_id: ticketTypeId, quantity });
    expect(added.json()).toEqual({ success: true });
    return visitor;
  }

  test('200 parallel reservations for 50 tickets over 16 buckets: exactly 50 held, none oversold', async () => {
    const hot = await ticketType(50, 16);
    const buyers = await Promise.all(Array.from({ length: 200 }, () => buyer(hot, 1)));
    const bodies = (await Promise.all(buyers.map((visitor) => visitor.post(paths.reserve)))).map((r) => r.json());
    expect(bodies.filter((body) => body.reserved === true)).toHaveLength(50);
    expect(
      bodies
        .filter((body) => body.reserved !== true)
        .every((body) => body.error === `Sorry, Bucket ticket ${hot} has sold out.`),
    ).toBe(true);
    expect(await expectInvariant(hot)).toMatchObject({ held: 50, active: 50, parked: 0 });
  }, 60_000);

  test('multi-ticket reservations in parallel over buckets sell out greedily', async () => {
    const hot = await ticketType(25, 8);
    const buyers = await Promise.all(Array.from({ length: 40 }, (_, i) => buyer(hot, (i % 4) + 1)));
    const bodies = (await Promise.all(buyers.map((visitor) => visitor.post(paths.reserve)))).map((r) => r.json());
    const s = await expectInvariant(hot);
    const won = bodies.flatMap((body, i) => (body.reserved ? [(i % 4) + 1] : []));
    expect(won.reduce((sum, qty) => sum + qty, 0)).toBe(s.active);
    expect(s.active).toBeGreaterThanOrEqual(22);
  }, 60_000);
});
