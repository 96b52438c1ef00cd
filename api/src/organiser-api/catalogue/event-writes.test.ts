import { SEED } from '../../seed/catalogue';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { apiCaller, type ApiCaller } from '../testing';

let t: TestApp;
let folk: ApiCaller;
let jazz: ApiCaller;
let folkReadOnly: ApiCaller;

beforeAll(async () => {
  t = await createTestApp();
  folk = await apiCaller(t, SEED.organiser.folk, 'write');
  jazz = await apiCaller(t, SEED.organiser.jazz, 'write');
  folkReadOnly = await apiCaller(t, SEED.organiser.folk, 'read');
}, 60_000);
afterAll(() => t.close());

let serial = 0;

/** A new event of the folk organiser: two dates, a ticket type on each, a question, a code for the event. */
async function newEvent() {
  serial += 1;
  const externalId = `harbour-${serial}`;
  const response = await folk.call('POST', '/events', {
    external_id: externalId,
    slug: `harbour-nights-${serial}`,
    title: 'Harbour Nights',
    venue: { location: 'The Quay, Bristol' },
    dates: [
      { external_id: 'fri', starts_at: '2030-05-03T19:00:00Z' },
      { external_id: 'sat', starts_at: '2030-05-04T19:00:00Z', ends_at: '2030-05-04T22:00:00Z' },
    ],
    ticket_types: [
      { external_id: 'fri-adult', date: 'fri', name: 'Friday adult', price_minor: 1500, currency: 'GBP', capacity: 50 },
      {
        external_id: 'sat-adult',
        date: 'sat',
        name: 'Saturday adult',
        price_minor: 1500,
        currency: 'GBP',
        capacity: 50,
        requires: [{ title: 'A Friday ticket', ticket_types: ['fri-adult'] }],
      },
    ],
    questions: [{ external_id: 'diet', question: 'Dietary needs', type: 'text', timing: 'before_payment' }],
  });
  expect(response.statusCode).toBe(201);
  const event = response.json<{
    id: number;
    dates: { id: number; external_id: string }[];
    ticket_types: { id: number; external_id: string }[];
  }>();
  const id = (list: { id: number; external_id: string }[], externalId: string) =>
    list.find((item) => item.external_id === externalId)?.id ?? 0;
  const code = await t.db
    .insertInto('codes')
    .values({
      code: `HARBOUR${serial}`,
      external_id: `harbour-code-${serial}`,
      kind: 'percent',
      percent_bp: 1000,
      organiser_id: SEED.organiser.folk,
      event_id: event.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: event.id,
    externalId,
    fri: id(event.dates, 'fri'),
    sat: id(event.dates, 'sat'),
    friAdult: id(event.ticket_types, 'fri-adult'),
    satAdult: id(event.ticket_types, 'sat-adult'),
    code: code.id,
  };
}

const eventRow = (id: number) => t.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
const dateRow = (id: number) => t.db.selectFrom('event_dates').selectAll().where('id', '=', id).executeTakeFirst();
const typeIds = async (eventId: number) =>
  (await t.db.selectFrom('ticket_types').select('id').where('event_id', '=', eventId).orderBy('id').execute()).map(
    (row) => row.id,
  );

describe('PATCH /events/:id', () => {
  test("'Need more time?' minutes: set on an event, read back, 0 to take the offer away; out of bounds is a 400", async () => {
    const event = await newEvent();
    expect((await folk.call('GET', `/events/${event.id}`)).json().hold_extension_minutes).toBe(0);
    const set = await folk.call('PATCH', `/events/${event.id}`, { hold_extension_minutes: 5 });
    expect(set.statusCode).toBe(200);
    expect(set.json().hold_extension_minutes).toBe(5);
    expect((await eventRow(event.id))?.hold_extension_minutes).toBe(5);
    for (const minutes of [-1, 61, 2.5, '5']) {
      const bad = await folk.call('PATCH', `/events/${event.id}`, { hold_extension_minutes: minutes });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toContain('hold_extension_minutes');
    }
    expect((await folk.call('PATCH', `/events/${event.id}`, { hold_extension_minutes: 0 })).statusCode).toBe(200);
    expect((await folk.call('GET', `/events/${event.id}`)).json().hold_extension_minutes).toBe(0);
  });

  test('changes the fields given, the venue as a whole; the rest stays; read back through GET', async () => {
    const event = await newEvent();
    const response = await folk.call('PATCH', `/events/${event.id}`, {
      title: 'Harbour Nights 2030',
      venue: { location: 'The Old Quay, Bristol', full_address: '2 Quay St, Bristol BS1 4DB' },
      published: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: event.id,
      external_id: event.externalId,
      title: 'Harbour Nights 2030',
      slug: `harbour-nights-${serial}`,
      published: false,
      venue: { location: 'The Old Quay, Bristol', full_address: '2 Quay St, Bristol BS1 4DB', map_address: null },
    });
    const read = await folk.call('GET', `/events/${event.id}`);
    expect(read.json()).toMatchObject({ title: 'Harbour Nights 2030', published: false });
    expect(read.json().ticket_types).toHaveLength(2);
    expect((await folk.call('PATCH', `/events/${event.id}`, {})).statusCode).toBe(200);
  });

  test('another organiser’s event: 404, nothing changed; a read-only key: 403; bad input: 400; a taken slug: 409', async () => {
    const event = await newEvent();
    const before = await eventRow(event.id);
    const other = await jazz.call('PATCH', `/events/${event.id}`, { title: 'Taken over' });
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('There is no event with that id.');
    expect((await folkReadOnly.call('PATCH', `/events/${event.id}`, { title: 'x' })).statusCode).toBe(403);
    for (const body of [{ slug: 'Not A Slug' }, { colour: 'red' }, { title: '' }, { delivery_fee_minor: -1 }]) {
      const bad = await folk.call('PATCH', `/events/${event.id}`, body);
      expect(bad.statusCode).toBe(400);
      expect(typeof bad.json().error).toBe('string');
    }
    const taken = await folk.call('PATCH', `/events/${event.id}`, { slug: 'harbour-nights-1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(`Event '${event.externalId}' cannot be saved: its slug is taken by another event.`);
    expect(await eventRow(event.id)).toEqual(before);
  });
});

describe('DELETE /events/:id', () => {
  test('refused once a ticket type was held or sold, or its code used, with the sentence; nothing changed', async () => {
    const event = await newEvent();
    await t.db.updateTable('ticket_types').set({ held: 1 }).where('id', '=', event.satAdult).execute();
    const held = await folk.call('DELETE', `/events/${event.id}`);
    expect(held.statusCode).toBe(409);
    expect(held.json().error).toBe(
      `Event '${event.externalId}' has tickets sold, held or in a basket (Saturday adult): it cannot be deleted. ` +
        "Set 'published' to false instead.",
    );
    await t.db.updateTable('ticket_types').set({ held: 0 }).where('id', '=', event.satAdult).execute();
    await t.db.updateTable('codes').set({ uses: 1 }).where('id', '=', event.code).execute();
    const used = await folk.call('DELETE', `/events/${event.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toBe(
      `Event '${event.externalId}': its code 'HARBOUR${serial}' has been used, so it cannot be deleted. ` +
        "Set 'published' to false instead.",
    );
    expect(await eventRow(event.id)).toBeDefined();
    expect(await typeIds(event.id)).toEqual([event.friAdult, event.satAdult]);
  });

  test('removes a never-sold event with its dates, types, questions and codes; another organiser’s: 404', async () => {
    const event = await newEvent();
    expect((await jazz.call('DELETE', `/events/${event.id}`)).statusCode).toBe(404);
    expect((await folkReadOnly.call('DELETE', `/events/${event.id}`)).statusCode).toBe(403);
    expect(await eventRow(event.id)).toBeDefined();
    expect((await folk.call('DELETE', `/events/${event.id}`)).statusCode).toBe(204);
    expect(await eventRow(event.id)).toBeUndefined();
    expect(await dateRow(event.fri)).toBeUndefined();
    expect(await typeIds(event.id)).toEqual([]);
    expect(await t.db.selectFrom('questions').select('id').where('event_id', '=', event.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('codes').select('id').where('id', '=', event.code).execute()).toEqual([]);
    expect((await folk.call('GET', `/events/${event.id}`)).statusCode).toBe(404);
    expect((await folk.call('DELETE', `/events/${event.id}`)).statusCode).toBe(404);
  });
});

describe('the dates of an event', () => {
  test('POST adds a date once; PATCH changes it; both read back through GET /events/:id', async () => {
    const event = await newEvent();
    const added = await folk.call('POST', `/events/${event.id}/dates`, {
      external_id: 'sun',
      starts_at: '2030-05-05T14:00:00+01:00',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ external_id: 'sun', starts_at: '2030-05-05T13:00:00.000Z', ends_at: null });
    const again = await folk.call('POST', `/events/${event.id}/dates`, {
      external_id: 'sun',
      starts_at: '2030-05-06T14:00:00Z',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(`Date 'sun' exists in this event (id ${added.json().id}): change it instead.`);

    const changed = await folk.call('PATCH', `/dates/${event.sat}`, { ends_at: '2030-05-04T23:00:00Z' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      id: event.sat,
      external_id: 'sat',
      starts_at: '2030-05-04T19:00:00.000Z',
      ends_at: '2030-05-04T23:00:00.000Z',
    });
    const dates = (await folk.call('GET', `/events/${event.id}`)).json().dates as { external_id: string }[];
    expect(dates.map((date) => date.external_id)).toEqual(['fri', 'sat', 'sun']);
  });

  test('refusals: ends before it starts, another organiser’s, read-only, bad input; nothing changed', async () => {
    const event = await newEvent();
    const before = await dateRow(event.sat);
    const backwards = await folk.call('PATCH', `/dates/${event.sat}`, { ends_at: '2030-05-04T18:00:00Z' });
    expect(backwards.statusCode).toBe(409);
    expect(backwards.json().error).toBe(`Date 'sat' of event '${event.externalId}' ends before it starts.`);
    const other = await jazz.call('PATCH', `/dates/${event.sat}`, { starts_at: '2030-01-01T00:00:00Z' });
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('There is no date with that id.');
    expect((await jazz.call('DELETE', `/dates/${event.sat}`)).statusCode).toBe(404);
    const otherAdd = await jazz.call('POST', `/events/${event.id}/dates`, {
      external_id: 'x',
      starts_at: '2030-01-01T00:00:00Z',
    });
    expect(otherAdd.statusCode).toBe(404);
    expect((await folkReadOnly.call('PATCH', `/dates/${event.sat}`, { ends_at: null })).statusCode).toBe(403);
    expect((await folkReadOnly.call('DELETE', `/dates/${event.sat}`)).statusCode).toBe(403);
    for (const body of [{ starts_at: 'tomorrow' }, { external_id: null }, { starts_at: '2030-05-04' }, { seats: 3 }]) {
      const bad = await folk.call('PATCH', `/dates/${event.sat}`, body);
      expect(bad.statusCode).toBe(400);
      expect(typeof bad.json().error).toBe('string');
    }
    const clash = await folk.call('PATCH', `/dates/${event.sat}`, { external_id: 'fri' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatch(/^Date 'sat' of event 'harbour-\d+' cannot be saved: /);
    expect(await dateRow(event.sat)).toEqual(before);
    expect(await t.db.selectFrom('event_dates').select('id').where('event_id', '=', event.id).execute()).toHaveLength(
      2,
    );
  });

  test('DELETE: refused while a type of the date is sold or held, and for the only date; otherwise goes with its types', async () => {
    const event = await newEvent();
    await t.db.updateTable('ticket_types').set({ sold: 2 }).where('id', '=', event.satAdult).execute();
    const sold = await folk.call('DELETE', `/dates/${event.sat}`);
    expect(sold.statusCode).toBe(409);
    expect(sold.json().error).toBe(
      `Date 'sat' of event '${event.externalId}' has tickets sold, held or in a basket (Saturday adult): ` +
        "it cannot be deleted. Set its ticket types' 'on_sale' to false instead.",
    );
    expect(await dateRow(event.sat)).toBeDefined();
    await t.db.updateTable('ticket_types').set({ sold: 0 }).where('id', '=', event.satAdult).execute();

    // The Friday type is required by the Saturday one: the rule goes with it.
    expect((await folk.call('DELETE', `/dates/${event.fri}`)).statusCode).toBe(204);
    expect(await dateRow(event.fri)).toBeUndefined();
    expect(await typeIds(event.id)).toEqual([event.satAdult]);
    expect(
      await t.db.selectFrom('ticket_requirements').select('id').where('ticket_type_id', '=', event.satAdult).execute(),
    ).toEqual([]);
    const only = await folk.call('DELETE', `/dates/${event.sat}`);
    expect(only.statusCode).toBe(409);
    expect(only.json().error).toBe(
      `Date 'sat' of event '${event.externalId}' is the event's only date: delete the event instead.`,
    );
    expect((await folk.call('DELETE', `/dates/${event.fri}`)).statusCode).toBe(404);
  });
});

describe('PATCH /ticket-types/:id with date, waiver and requires', () => {
  test('moves an unsold type to another date, names a waiver, replaces its companion rules; refusals named', async () => {
    const event = await newEvent();
    const waiver = await folk.call('POST', '/waivers', {
      external_id: `terms-${serial}`,
      title: 'Terms',
      body_html: 'x',
    });
    expect(waiver.statusCode).toBe(201);
    const changed = await folk.call('PATCH', `/ticket-types/${event.satAdult}`, {
      date: 'fri',
      waiver: `terms-${serial}`,
      requires: [],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ date_id: event.fri, waiver_id: waiver.json<{ id: number }>().id });
    expect(
      await t.db.selectFrom('ticket_requirements').select('id').where('ticket_type_id', '=', event.satAdult).execute(),
    ).toEqual([]);
    const back = await folk.call('PATCH', `/ticket-types/${event.satAdult}`, {
      waiver: null,
      requires: [{ title: 'A Friday ticket', ticket_types: ['fri-adult'] }],
    });
    expect(back.json()).toMatchObject({ waiver_id: null });
    const rules = await t.db
      .selectFrom('ticket_requirements')
      .select('required_ticket_type_ids')
      .where('ticket_type_id', '=', event.satAdult)
      .execute();
    expect(rules).toEqual([{ required_ticket_type_ids: [event.friAdult] }]);

    const before = await t.db
      .selectFrom('ticket_types')
      .selectAll()
      .where('id', '=', event.satAdult)
      .executeTakeFirst();
    const noDate = await folk.call('PATCH', `/ticket-types/${event.satAdult}`, { date: 'sun' });
    expect(noDate.statusCode).toBe(409);
    expect(noDate.json().error).toBe("Ticket type 'Saturday adult' names date 'sun', which the event does not have.");
    const noWaiver = await folk.call('PATCH', `/ticket-types/${event.satAdult}`, { waiver: 'none' });
    expect(noWaiver.json().error).toBe("Ticket type 'Saturday adult' names waiver 'none', which does not exist.");
    const noType = await folk.call('PATCH', `/ticket-types/${event.satAdult}`, {
      requires: [{ title: 'x', ticket_types: ['vip'] }],
    });
    expect(noType.statusCode).toBe(409);
    await t.db.updateTable('ticket_types').set({ sold: 1 }).where('id', '=', event.satAdult).execute();
    const sold = await folk.call('PATCH', `/ticket-types/${event.satAdult}`, { date: 'sat' });
    expect(sold.statusCode).toBe(409);
    expect(sold.json().error).toBe(
      "Ticket type 'Saturday adult' has been sold or is in a basket: its date cannot change.",
    );
    expect(
      await t.db.selectFrom('ticket_types').selectAll().where('id', '=', event.satAdult).executeTakeFirst(),
    ).toEqual({
      ...before,
      sold: 1,
    });
    expect((await folk.call('PATCH', `/ticket-types/${event.satAdult}`, { date: 5 })).statusCode).toBe(400);
  });
});
