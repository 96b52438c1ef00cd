import { parseEnv } from '../config/env-schema';
import { sql } from 'kysely';
import { createTestDatabase, TEST_NOW, type TestDatabase } from '../testing/test-db';
import { SEED } from './catalogue';
import demoFile from './demo-catalogue.json';
import { demoCatalogueFile, demoSeedOn, seedIfEmpty } from './seed';

let database: TestDatabase;
// The first file to ask builds the empty snapshot (every migration on PGlite): as long as the apps' set-ups allow.
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
}, 60_000);
afterAll(() => database.close());

const count = async (table: 'organisers' | 'events' | 'ticket_types' | 'codes' | 'users') =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('seed', () => {
  test('seeds an empty catalogue once; running it again changes nothing', async () => {
    expect(await seedIfEmpty(database.db, { now: TEST_NOW, onSaleCapacity: 37 })).toBe(true);
    const before = await Promise.all([
      count('organisers'),
      count('events'),
      count('ticket_types'),
      count('codes'),
      count('users'),
    ]);
    expect(await seedIfEmpty(database.db, { now: TEST_NOW, onSaleCapacity: 37 })).toBe(false);
    expect(
      await Promise.all([count('organisers'), count('events'), count('ticket_types'), count('codes'), count('users')]),
    ).toEqual(before);
  });

  test("the 'On-sale test' event has ticket type 9001: 10.00 GBP, at most 10 per customer, the configured capacity", async () => {
    const row = await database.db
      .selectFrom('ticket_types as t')
      .innerJoin('events as e', 'e.id', 't.event_id')
      .select(['e.title', 't.price_minor', 't.currency', 't.max_per_customer', 't.capacity', 't.booking_fee_minor'])
      .where('t.id', '=', 9001)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      title: 'On-sale test',
      price_minor: 1000,
      currency: 'GBP',
      max_per_customer: 10,
      capacity: 37,
      booking_fee_minor: 0,
    });
    const types = await database.db
      .selectFrom('ticket_types')
      .select('id')
      .where('event_id', '=', SEED.event.onSale)
      .execute();
    expect(types).toEqual([{ id: 9001 }]);
  });

  test('every branch of the spec has something to reach it', async () => {
    const db = database.db;
    const organisers = await db.selectFrom('organisers').selectAll().execute();
    const events = await db.selectFrom('events').selectAll().execute();
    const types = await db.selectFrom('ticket_types').selectAll().execute();
    const dates = await db.selectFrom('event_dates').selectAll().execute();
    const codes = await db.selectFrom('codes').selectAll().execute();
    const questions = await db.selectFrom('questions').selectAll().execute();

    expect(organisers.some((o) => o.charity_id !== null)).toBe(true);
    expect(
      (await db.selectFrom('charities').select('gift_aid_enabled').execute()).some((c) => c.gift_aid_enabled),
    ).toBe(true);
    expect(new Set(organisers.map((o) => o.payment_provider))).toEqual(new Set(['stripe', 'square', null]));
    expect(new Set(types.map((t) => t.currency))).toEqual(new Set(['GBP', 'EUR', 'USD']));
    expect(questions.some((q) => q.timing === 'before_payment')).toBe(true);
    expect(questions.some((q) => q.timing === 'after_payment' && q.once_per_checkout)).toBe(true);
    expect(questions.filter((q) => q.osq_id === 500)).toHaveLength(2);
    expect(new Set(questions.map((q) => q.type))).toEqual(new Set(['text', 'checkbox', 'dropdown']));
    expect(types.some((t) => t.waiver_id !== null)).toBe(true);
    expect(await db.selectFrom('after_sale_messages').select('id').execute()).not.toHaveLength(0);
    expect(events.some((e) => e.has_livestream && e.access_online)).toBe(true);
    expect(types.some((t) => t.seated)).toBe(true);
    expect(types.some((t) => t.price_minor === 0)).toBe(true);
    expect(await db.selectFrom('gift_vouchers').select('id').execute()).toHaveLength(2);
    expect(await db.selectFrom('ticket_requirements').select('required_ticket_type_ids').execute()).toEqual([
      { required_ticket_type_ids: [SEED.ticket.galaAdult] },
    ]);
    expect(types.some((t) => t.min_per_customer > 1)).toBe(true);
    expect(types.some((t) => t.absorb_fee) && types.some((t) => t.hide_booking_fee)).toBe(true);
    const aquariumDates = dates.filter((d) => d.event_id === SEED.event.aquarium);
    expect(aquariumDates).toHaveLength(2);
    expect(events.find((e) => e.id === SEED.event.aquarium)?.timeslot_warning_message).toMatch(/different time slots/);
    expect(events.some((e) => e.refund_protection) && events.some((e) => !e.refund_protection)).toBe(true);
    const planEvent = events.find((e) => e.payment_plans_enabled);
    const planDate = dates.find((d) => d.event_id === planEvent?.id);
    expect(planDate && planDate.starts_at.getTime() - TEST_NOW.getTime()).toBeGreaterThan(180 * 86_400_000);
    expect(codes.find((c) => c.code === SEED.code.percent)?.kind).toBe('percent');
    expect(codes.find((c) => c.code === SEED.code.fixed)?.kind).toBe('fixed');
    expect(codes.find((c) => c.code === SEED.code.expired)?.expires_at?.getTime()).toBeLessThan(TEST_NOW.getTime());
    const usedUp = codes.find((c) => c.code === SEED.code.usedUp);
    expect(usedUp?.uses).toBe(usedUp?.max_uses);
    expect(events.filter((e) => e.fundraising_contact_notice)).toHaveLength(2);
    expect(organisers.some((o) => o.audience_diversity_notice)).toBe(true);
    expect(events.some((e) => e.require_phone_number)).toBe(true);
    expect(
      await db.selectFrom('user_addresses').select('id').where('user_id', '=', SEED.user.demo).execute(),
    ).toHaveLength(2);
    expect(
      await db.selectFrom('user_payment_methods').select('id').where('user_id', '=', SEED.user.demo).execute(),
    ).toHaveLength(2);
    // Every event is ahead of the seeding moment.
    expect(dates.every((d) => d.starts_at.getTime() > TEST_NOW.getTime())).toBe(true);
  });

  test('demo-catalogue.json names exactly the ids SEED gives tests', () => {
    const file = demoCatalogueFile(100);
    const ids = (list: readonly { external_id: string }[] | undefined) =>
      (list ?? []).map((entry) => Number(entry.external_id));
    const events = file.organisers.flatMap((organiser) => organiser.events ?? []);
    const sorted = (values: Iterable<number>) => [...values].sort((a, b) => a - b);
    expect(sorted(ids(file.charities))).toEqual(sorted(Object.values(SEED.charity)));
    expect(sorted(ids(file.organisers))).toEqual(sorted(Object.values(SEED.organiser)));
    expect(sorted(ids(events))).toEqual(sorted(Object.values(SEED.event)));
    expect(sorted(events.flatMap((event) => ids(event.ticket_types)))).toEqual(sorted(Object.values(SEED.ticket)));
    expect(sorted(file.organisers.flatMap((organiser) => ids(organiser.gift_vouchers)))).toEqual(
      sorted(Object.values(SEED.giftVoucher)),
    );
    expect(sorted(file.organisers.flatMap((organiser) => ids(organiser.waivers)))).toEqual(
      sorted(Object.values(SEED.waiver)),
    );
    const codes = [...(file.codes ?? []), ...file.organisers.flatMap((organiser) => organiser.codes ?? [])];
    expect(new Set(codes.map((code) => code.code))).toEqual(new Set(Object.values(SEED.code)));
    // Each demo event sits with the organiser SEED pairs it with in the tests' fixtures.
    const owner = (eventId: number) =>
      file.organisers.find((organiser) => ids(organiser.events).includes(eventId))?.external_id;
    expect(owner(SEED.event.onSale)).toBe(String(SEED.organiser.demo));
    expect(owner(SEED.event.canal)).toBe(String(SEED.organiser.canal));
    // The file as written is valid on its own (the parse above also checks it).
    expect(demoFile.organisers).toHaveLength(Object.keys(SEED.organiser).length);
  });
});

describe('whether a start seeds the demo catalogue (SEED_DEMO)', () => {
  test.each([
    [{}, true],
    [{ NODE_ENV: 'development' }, true],
    [{ NODE_ENV: 'production' }, false],
    [{ NODE_ENV: 'production', SEED_DEMO: '' }, false],
    [{ NODE_ENV: 'production', SEED_DEMO: '0' }, false],
    [{ NODE_ENV: 'production', SEED_DEMO: '1' }, true],
    [{ NODE_ENV: 'production', SEED_DEMO: 'true' }, true],
    [{ NODE_ENV: 'development', SEED_DEMO: 'false' }, false],
  ])('%j: %s', (env, seeds) => {
    expect(demoSeedOn(parseEnv(env))).toBe(seeds);
  });

  test('anything else stops the start-up, naming the variable', () => {
    expect(() => demoSeedOn(parseEnv({ SEED_DEMO: 'yes' }))).toThrow(/SEED_DEMO must be 1 or 0/);
  });
});
