import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildAppWithDeps } from '../app/app';
import { loadCaptchaConfig } from '../config/captcha';
import { parseEnv } from '../config/env-schema';
import type { Db } from '../db/schema';
import { apiCaller } from '../organiser-api/testing';
import { SEED } from '../seed/catalogue';
import { hashToken } from '../session/tokens';
import { createTestApp, type TestApp } from '../testing/test-app';
import { salePaths } from '../testing/sale-support';
import { Visitor } from '../testing/visitor';
import { CACHED_TICKET_TYPE_COLUMNS } from './catalogue-cache';
import { loadSaleTotals } from '../pricing/amounts';
import { readCheckoutSale } from './checkout-read';

/** Counts the statements sent through the database handle it is installed on. */
class StatementCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count += 1;
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

let t: TestApp;
/** Other api processes on the same database: each has its own catalogue cache. */
const others: FastifyInstance[] = [];

async function anotherApp(db: Db = t.db): Promise<FastifyInstance> {
  const captcha = { ...loadCaptchaConfig(parseEnv({})), reserveLimit: 0 };
  const { app } = await buildAppWithDeps({
    db,
    clock: t.clock,
    config: { logLevel: 'silent', captcha, devPages: true },
  });
  others.push(app);
  return app;
}

/** The same browser (its cookies) on another api process. */
function sameBrowserOn(app: FastifyInstance, visitor: Visitor): Visitor {
  const other = new Visitor(app);
  for (const [name, value] of visitor.cookies) other.cookies.set(name, value);
  return other;
}

async function basketVisitor(lines: [number, number][], reserve = false): Promise<Visitor> {
  const visitor = await t.visitor();
  for (const [ticket, quantity] of lines) {
    const added = await visitor.post(salePaths.add, { ticket_id: ticket, quantity });
    expect(added.json().success).toBe(true);
  }
  if (reserve) expect((await visitor.post(salePaths.reserve)).json().reserved).toBe(true);
  return visitor;
}

/** The answer without what differs between two reads of the same checkout (none today: `get` has no request id). */
const answer = async (visitor: Visitor) => (await visitor.get(salePaths.get)).body;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await Promise.all(others.map((app) => app.close()));
  await t.close();
});

test('a checkout read is one statement once the catalogue is cached, basket or reserved', async () => {
  const counter = new StatementCounter();
  const app = await anotherApp(t.db.withPlugin(counter));
  const visitor = sameBrowserOn(
    app,
    await basketVisitor([
      [SEED.ticket.galaAdult, 2],
      [SEED.ticket.kayakTaster, 1],
    ]),
  );
  await visitor.get(salePaths.get);
  counter.count = 0;
  await visitor.get(salePaths.get);
  expect(counter.count).toBe(1);
  expect((await visitor.post(salePaths.reserve)).json().reserved).toBe(true);
  await visitor.get(salePaths.get);
  counter.count = 0;
  await visitor.get(salePaths.get);
  expect(counter.count).toBe(1);
});

test('a catalogue change made through another api process is in the next read, as a process without a cache reads it', async () => {
  const visitor = await basketVisitor(
    [
      [SEED.ticket.galaAdult, 1],
      [SEED.ticket.summerWeekend, 1],
    ],
    true,
  );
  const writer = await anotherApp();
  const folk = await apiCaller({ ...t, app: writer }, SEED.organiser.folk, 'write');
  // Each change is one the answer shows: the event's title (organiser API), a question and an upcoming date of the
  // organiser's (statements as any other writer would send them), a ticket type's name, price and date, the
  // organiser's name and the charity's.
  const changes: [string, () => Promise<unknown>][] = [
    [
      'event title',
      async () =>
        expect(
          (await folk.call('PATCH', `/events/${SEED.event.summerFields}`, { title: 'Summer Fields Revisited' }))
            .statusCode,
        ).toBe(200),
    ],
    [
      'question',
      () =>
        t.db
          .insertInto('questions')
          .values({
            event_id: SEED.event.gala,
            question: 'Table name?',
            type: 'text',
            timing: 'before_payment',
            mandatory: false,
            once_per_checkout: true,
            sort_order: 99,
          })
          .execute(),
    ],
    [
      'upcoming date',
      () =>
        t.db
          .insertInto('event_dates')
          .values({ event_id: SEED.event.folk, starts_at: new Date('2030-01-02T19:00:00Z') })
          .execute(),
    ],
    [
      'ticket type name',
      () =>
        t.db
          .updateTable('ticket_types')
          .set({ name: 'Weekend Camping' })
          .where('id', '=', SEED.ticket.summerWeekend)
          .execute(),
    ],
    [
      'ticket type price',
      () =>
        t.db
          .updateTable('ticket_types')
          .set({ price_minor: 9_900, booking_fee_minor: 450 })
          .where('id', '=', SEED.ticket.galaAdult)
          .execute(),
    ],
    [
      'ticket type date',
      async () => {
        const { id } = await t.db
          .insertInto('event_dates')
          .values({ event_id: SEED.event.summerFields, starts_at: new Date('2030-07-04T10:00:00Z') })
          .returning('id')
          .executeTakeFirstOrThrow();
        await t.db
          .updateTable('ticket_types')
          .set({ event_date_id: id })
          .where('id', '=', SEED.ticket.summerWeekend)
          .execute();
      },
    ],
    [
      'organiser name',
      () => t.db.updateTable('organisers').set({ name: 'Folk & Co' }).where('id', '=', SEED.organiser.folk).execute(),
    ],
    [
      'charity',
      () =>
        t.db
          .updateTable('charities')
          .set({ name: 'Lifeboats Together' })
          .where('id', '=', SEED.charity.lifeboat)
          .execute(),
    ],
  ];
  for (const [what, change] of changes) {
    const before = await answer(visitor);
    expect(await answer(visitor)).toBe(before);
    await change();
    const after = await answer(visitor);
    expect({ what, changed: after !== before }).toEqual({ what, changed: true });
    expect({ what, after }).toEqual({ what, after: await answer(sameBrowserOn(await anotherApp(), visitor)) });
  }
  const last = JSON.parse(await answer(visitor)) as { organisers: { name: string }[] };
  expect(last.organisers.map((organiser) => organiser.name)).toContain('Folk & Co');
});

test('reservations and payments move no catalogue version; a catalogue write moves only its organiser', async () => {
  const versions = () => t.db.selectFrom('catalogue_versions').selectAll().orderBy('organiser_id').execute();
  const before = await versions();
  await basketVisitor([[SEED.ticket.onSale, 2]], true);
  expect(await versions()).toEqual(before);
  await t.db.updateTable('events').set({ title: 'Jazz at Dusk' }).where('id', '=', SEED.event.jazz).execute();
  const after = await versions();
  const moved = after.filter(
    (row) => before.find((was) => was.organiser_id === row.organiser_id)?.version !== row.version,
  );
  expect(moved.map((row) => row.organiser_id)).toEqual([SEED.organiser.jazz]);
});

test("the ticket types' version trigger fires on exactly the columns the cache keeps, never on stock", async () => {
  const { rows } = await sql<{ column: string }>`
    SELECT a.attname AS column FROM pg_trigger g
    JOIN pg_attribute a ON a.attrelid = g.tgrelid AND a.attnum = ANY (g.tgattr::int2[])
    WHERE g.tgname = 'ticket_types_catalogue_version'`.execute(t.db);
  expect(rows.map((row) => row.column).sort()).toEqual([...CACHED_TICKET_TYPE_COLUMNS].sort());
  const versions = () => t.db.selectFrom('catalogue_versions').selectAll().orderBy('organiser_id').execute();
  const before = await versions();
  await t.db
    .updateTable('ticket_types')
    .set((eb) => ({ held: eb('held', '+', 0), sold: eb('sold', '+', 0), capacity: eb('capacity', '+', 0) }))
    .where('id', '=', SEED.ticket.onSale)
    .execute();
  expect(await versions()).toEqual(before);
});

test('a price changed under a cached checkout: the total shown is the one the payment takes, and each buyer sees only their lines', async () => {
  const app = await anotherApp();
  const buyer = sameBrowserOn(app, await basketVisitor([[SEED.ticket.kayakTaster, 2]], true));
  const other = sameBrowserOn(app, await basketVisitor([[SEED.ticket.galaAdult, 1]], true));
  const shown = async (visitor: Visitor) =>
    (await visitor.get(salePaths.get)).json<{ basket_total: number; tickets: { ticket_id: number }[] }>();
  const before = await shown(buyer);
  const { price_minor } = await t.db
    .selectFrom('ticket_types')
    .select('price_minor')
    .where('id', '=', SEED.ticket.kayakTaster)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('ticket_types')
    .set({ price_minor: price_minor + 500 })
    .where('id', '=', SEED.ticket.kayakTaster)
    .execute();
  const after = await shown(buyer);
  // What payment charges is computed from the rows, not the cache (pricing/amounts.ts).
  const read = await readCheckoutSale(t.db, hashToken(buyer.cookies.get('checkout_sid') ?? ''));
  if (!read) throw new Error('the buyer has no sale');
  const charged = await loadSaleTotals(t.db, read.sale, t.deps.config.sale.refundProtectionBp, t.clock.now());
  expect(after.basket_total).toBeGreaterThan(before.basket_total);
  expect(Math.round(after.basket_total * 100)).toBe(charged.basketTotalMinor);
  // One process's cache serves both buyers: neither sees the other's lines.
  expect(after.tickets.map((line) => line.ticket_id)).toEqual([SEED.ticket.kayakTaster]);
  expect((await shown(other)).tickets.map((line) => line.ticket_id)).toEqual([SEED.ticket.galaAdult]);
});

test("the read's sale is the sale's row, every column and type", async () => {
  const visitor = await basketVisitor([[SEED.ticket.aquariumEarly, 1]], true);
  const read = await readCheckoutSale(t.db, hashToken(visitor.cookies.get('checkout_sid') ?? ''));
  const row = await t.db
    .selectFrom('sales')
    .selectAll()
    .where('id', '=', read?.sale.id ?? 0)
    .executeTakeFirstOrThrow();
  expect(read?.sale).toStrictEqual(row);
});
