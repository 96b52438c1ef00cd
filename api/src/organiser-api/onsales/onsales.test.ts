import { SEED } from '../../seed/catalogue';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_NOW } from '../../testing/test-db';
import { admissionOf, admittedThrough } from '../../waiting-room/admission';
import { loadOnsale } from '../../waiting-room/queue';
import { apiCaller, type ApiCaller } from '../testing';

let t: TestApp;
let folk: ApiCaller;
let jazz: ApiCaller;
let folkReadOnly: ApiCaller;
let eventId: number;
let typeIds: number[];
let serial = 0;

const at = (seconds: number) => new Date(TEST_NOW.getTime() + seconds * 1000).toISOString();

/** A fresh event of the folk organiser with two ticket types: on-sales of one test never meet another's. */
async function newEvent(): Promise<{ id: number; types: number[] }> {
  serial += 1;
  const created = await folk.call('POST', '/catalogue/import', {
    events: [
      {
        external_id: `onsale-${serial}`,
        slug: `onsale-${serial}`,
        title: `On-sale ${serial}`,
        dates: [{ external_id: 'night', starts_at: '2030-09-01T19:00:00Z' }],
        ticket_types: [
          {
            external_id: 'stalls',
            date: 'night',
            name: 'Stalls',
            price_minor: 3000,
            currency: 'GBP',
            capacity: 100,
          },
          {
            external_id: 'circle',
            date: 'night',
            name: 'Circle',
            price_minor: 2000,
            currency: 'GBP',
            capacity: 50,
          },
        ],
      },
    ],
  });
  expect(created.statusCode).toBe(200);
  const event = created.json().organiser.events[0] as { id: number; ticket_types: Record<string, number> };
  return { id: event.id, types: [event.ticket_types.stalls ?? 0, event.ticket_types.circle ?? 0] };
}

beforeAll(async () => {
  t = await createTestApp();
  folk = await apiCaller(t, SEED.organiser.folk, 'write');
  jazz = await apiCaller(t, SEED.organiser.jazz, 'write');
  folkReadOnly = await apiCaller(t, SEED.organiser.folk, 'read');
  const event = await newEvent();
  eventId = event.id;
  typeIds = event.types;
}, 60_000);
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

describe('on-sales', () => {
  test("a ticket type added to an on-sale's event later spreads its stock over the on-sale's buckets too", async () => {
    const event = await newEvent();
    const created = await folk.call('POST', '/onsales', {
      event_id: event.id,
      opens_at: at(3600),
      admission_per_second: 5,
    });
    expect(created.statusCode).toBe(201);
    const balcony = {
      external_id: 'balcony',
      date: 'night',
      name: 'Balcony',
      price_minor: 1500,
      currency: 'GBP',
      capacity: 40,
    };
    const again = await folk.call('POST', '/catalogue/import', {
      events: [
        {
          external_id: `onsale-${serial}`,
          slug: `onsale-${serial}`,
          title: `On-sale ${serial}`,
          dates: [{ external_id: 'night', starts_at: '2030-09-01T19:00:00Z' }],
          ticket_types: [balcony],
        },
      ],
    });
    expect(again.statusCode).toBe(200);
    const balconyId = (again.json().organiser.events[0] as { ticket_types: Record<string, number> }).ticket_types
      .balcony;
    const row = await t.db
      .selectFrom('ticket_types')
      .select('stock_buckets')
      .where('id', '=', balconyId ?? 0)
      .executeTakeFirstOrThrow();
    expect(row.stock_buckets).toBe(16);
    expect(await folk.call('DELETE', `/onsales/${created.json().id}`)).toMatchObject({ statusCode: 204 });
  });

  test('create, list, get with figures, update, delete', async () => {
    const created = await folk.call('POST', '/onsales', {
      event_id: eventId,
      opens_at: at(3600),
      admission_per_second: 5,
    });
    expect(created.statusCode).toBe(201);
    const onsale = created.json();
    expect(onsale).toMatchObject({
      event_id: eventId,
      ticket_type_ids: typeIds,
      opens_at: at(3600),
      ends_at: null,
      admission_per_second: 5,
      pass_seconds: 600,
      state: 'scheduled',
      queue_url: `/queue/${onsale.id}/`,
    });
    // The gated types' stock is spread over 16 buckets.
    const buckets = await t.db.selectFrom('ticket_types').select('stock_buckets').where('id', 'in', typeIds).execute();
    expect(buckets.map((row) => row.stock_buckets)).toEqual([16, 16]);

    const list = await folkReadOnly.call('GET', '/onsales');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((row: { id: number }) => row.id)).toContain(onsale.id);

    const got = await folkReadOnly.call('GET', `/onsales/${onsale.id}`);
    expect(got.json()).toMatchObject({
      id: onsale.id,
      figures: { queued: 0, admitted: 0, passes_used: 0, turns_lost: 0 },
    });

    const moved = await folk.call('PATCH', `/onsales/${onsale.id}`, { opens_at: at(7200), pass_seconds: 120 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ opens_at: at(7200), pass_seconds: 120 });

    expect((await folk.call('DELETE', `/onsales/${onsale.id}`)).statusCode).toBe(204);
    expect((await folk.call('GET', `/onsales/${onsale.id}`)).statusCode).toBe(404);
  });

  test('listed ticket types; a ticket type in a live queue already is refused (409)', async () => {
    const [stalls, circle] = typeIds;
    const first = await folk.call('POST', '/onsales', {
      ticket_type_ids: [stalls],
      opens_at: at(60),
      admission_per_second: 1,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ event_id: null, ticket_type_ids: [stalls] });
    const clash = await folk.call('POST', '/onsales', { event_id: eventId, opens_at: at(60), admission_per_second: 1 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatch(/already in on-sale/);
    const other = await folk.call('POST', '/onsales', {
      ticket_type_ids: [circle],
      opens_at: at(60),
      admission_per_second: 1,
    });
    expect(other.statusCode).toBe(201);
    await folk.call('DELETE', `/onsales/${first.json().id}`);
    await folk.call('DELETE', `/onsales/${other.json().id}`);
  });

  test("another organiser's event, ticket types and on-sales are not found", async () => {
    const theirs = await jazz.call('POST', '/onsales', {
      event_id: eventId,
      opens_at: at(60),
      admission_per_second: 1,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ errors: { event_id: expect.any(String) } });
    const types = await jazz.call('POST', '/onsales', {
      ticket_type_ids: typeIds,
      opens_at: at(60),
      admission_per_second: 1,
    });
    expect(types.statusCode).toBe(404);
    expect(types.json()).toMatchObject({ errors: { ticket_type_ids: expect.any(String) } });

    const mine = await folk.call('POST', '/onsales', { event_id: eventId, opens_at: at(60), admission_per_second: 1 });
    const id = mine.json().id as number;
    expect((await jazz.call('GET', `/onsales/${id}`)).statusCode).toBe(404);
    expect((await jazz.call('PATCH', `/onsales/${id}`, { admission_per_second: 2 })).statusCode).toBe(404);
    expect((await jazz.call('DELETE', `/onsales/${id}`)).statusCode).toBe(404);
    expect((await jazz.call('GET', '/onsales')).json().data).toEqual([]);
    expect(
      (await folkReadOnly.call('POST', '/onsales', { event_id: eventId, opens_at: at(60), admission_per_second: 1 }))
        .statusCode,
    ).toBe(403);
    await folk.call('DELETE', `/onsales/${id}`);
  });

  test.each([
    ['neither event nor ticket types', { opens_at: at(60), admission_per_second: 1 }],
    ['both', { event_id: 1, ticket_type_ids: [1], opens_at: at(60), admission_per_second: 1 }],
    ['no opening', { event_id: 1, admission_per_second: 1 }],
    ['an opening that is not a timestamp', { event_id: 1, opens_at: 'soon', admission_per_second: 1 }],
    ['a rate of 0', { event_id: 1, opens_at: at(60), admission_per_second: 0 }],
    ['a rate over 10000', { event_id: 1, opens_at: at(60), admission_per_second: 10_001 }],
    ['a rate as text', { event_id: 1, opens_at: at(60), admission_per_second: 'fast' }],
    ['a pass of 10 seconds', { event_id: 1, opens_at: at(60), admission_per_second: 1, pass_seconds: 10 }],
    ['an empty list of ticket types', { ticket_type_ids: [], opens_at: at(60), admission_per_second: 1 }],
    ['an id that is not one', { ticket_type_ids: ['x'], opens_at: at(60), admission_per_second: 1 }],
    ['an unknown field', { event_id: 1, opens_at: at(60), admission_per_second: 1, colour: 'red' }],
    ['not an object', [1, 2]],
    ['null', null],
  ])('a body with %s is a 400 naming what is wrong', async (_name, body) => {
    const response = await folk.call('POST', '/onsales', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(expect.any(String));
  });

  test('malformed JSON, a bad id, an end before the opening: clear 4xx, never 5xx', async () => {
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/v1/onsales',
      headers: { authorization: `Bearer ${folk.key}`, 'content-type': 'application/json' },
      payload: '{"event_id": ',
    });
    expect(raw.statusCode).toBe(400);
    expect((await folk.call('GET', '/onsales/abc')).statusCode).toBe(400);
    expect((await folk.call('GET', '/onsales/99999999')).statusCode).toBe(404);
    const ends = await folk.call('POST', '/onsales', {
      event_id: eventId,
      opens_at: at(60),
      ends_at: at(30),
      admission_per_second: 1,
    });
    expect(ends.statusCode).toBe(400);
    expect(ends.json().errors).toMatchObject({ ends_at: expect.any(String) });
    const created = await folk.call('POST', '/onsales', {
      event_id: eventId,
      opens_at: at(60),
      admission_per_second: 1,
    });
    const id = created.json().id as number;
    expect((await folk.call('PATCH', `/onsales/${id}`, { admission_per_second: -1 })).statusCode).toBe(400);
    expect((await folk.call('PATCH', `/onsales/${id}`, { opens_at: at(-60) })).statusCode).toBe(409);
    expect((await folk.call('PATCH', `/onsales/${id}`, { ends_at: at(10) })).statusCode).toBe(400);
    await folk.call('DELETE', `/onsales/${id}`);
  });

  test('after the opening: the rate rebases (no one un-admitted), the opening stays, delete is refused, end lifts it', async () => {
    const created = await folk.call('POST', '/onsales', {
      event_id: eventId,
      opens_at: at(0),
      admission_per_second: 10,
    });
    const id = created.json().id as number;
    t.clock.set(new Date(TEST_NOW.getTime() + 7_350));
    const before = (await loadOnsale(t.db, id)) ?? fail('on-sale');
    const admitted = admittedThrough(admissionOf(before), t.clock.now());
    expect(admitted).toBe(74);

    const slower = await folk.call('PATCH', `/onsales/${id}`, { admission_per_second: 1 });
    expect(slower.statusCode).toBe(200);
    expect(slower.json()).toMatchObject({ admission_per_second: 1, state: 'open' });
    const after = (await loadOnsale(t.db, id)) ?? fail('on-sale');
    expect(admittedThrough(admissionOf(after), t.clock.now())).toBe(admitted);
    expect(admittedThrough(admissionOf(after), new Date(t.clock.now().getTime() + 2_000))).toBe(76);

    expect((await folk.call('PATCH', `/onsales/${id}`, { opens_at: at(3600) })).statusCode).toBe(409);
    expect((await folk.call('DELETE', `/onsales/${id}`)).statusCode).toBe(409);
    const ended = await folk.call('PATCH', `/onsales/${id}`, { ends_at: t.clock.now().toISOString() });
    expect(ended.json()).toMatchObject({ state: 'ended' });
  });

  test('the catalogue import carries an on-sale, applied idempotently', async () => {
    const { id: event, types } = await newEvent();
    const file = (onsale: Record<string, unknown>) => ({
      events: [
        {
          external_id: `onsale-${serial}`,
          slug: `onsale-${serial}`,
          title: `On-sale ${serial}`,
          dates: [{ external_id: 'night', starts_at: '2030-09-01T19:00:00Z' }],
          ticket_types: [
            {
              external_id: 'stalls',
              date: 'night',
              name: 'Stalls',
              price_minor: 3000,
              currency: 'GBP',
              capacity: 100,
            },
            {
              external_id: 'circle',
              date: 'night',
              name: 'Circle',
              price_minor: 2000,
              currency: 'GBP',
              capacity: 50,
            },
          ],
          onsale,
        },
      ],
    });
    const first = await folk.call('POST', '/catalogue/import', file({ opens_at: at(600), admission_per_second: 20 }));
    expect(first.statusCode).toBe(200);
    expect(first.json().counts.onsales).toEqual({ created: 1, updated: 0, unchanged: 0 });
    const again = await folk.call('POST', '/catalogue/import', file({ opens_at: at(600), admission_per_second: 20 }));
    expect(again.json().counts.onsales).toEqual({ created: 0, updated: 0, unchanged: 1 });
    const changed = await folk.call(
      'POST',
      '/catalogue/import',
      file({ opens_at: at(900), admission_per_second: 40, pass_seconds: 300 }),
    );
    expect(changed.json().counts.onsales).toEqual({ created: 0, updated: 1, unchanged: 0 });
    const list = (await folk.call('GET', '/onsales')).json().data as { event_id: number | null }[];
    const mine = list.filter((row) => row.event_id === event);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      opens_at: at(900),
      admission_per_second: 40,
      pass_seconds: 300,
      ticket_type_ids: types,
    });

    const unknownType = await folk.call(
      'POST',
      '/catalogue/import',
      file({ opens_at: at(900), admission_per_second: 40, ticket_types: ['balcony'] }),
    );
    expect(unknownType.statusCode).toBe(409);
    const badRate = await folk.call('POST', '/catalogue/import', file({ opens_at: at(900), admission_per_second: 0 }));
    expect(badRate.statusCode).toBe(400);
  });
});
