import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEED } from '../../seed/catalogue';
import { demoCatalogueFile } from '../../seed/seed';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_NOW } from '../../testing/test-db';
import { ORGANISER_API_PREFIX } from '../plugin';
import { apiCaller, type ApiCaller } from '../testing';
import { importCatalogueFile } from './import';
import { CatalogueFileError, importCatalogueFromPath } from './import-file';

let t: TestApp;
let folk: ApiCaller;
let jazz: ApiCaller;
const dir = mkdtempSync(path.join(os.tmpdir(), 'catalogue-test-'));

beforeAll(async () => {
  t = await createTestApp();
  folk = await apiCaller(t, SEED.organiser.folk, 'write');
  jazz = await apiCaller(t, SEED.organiser.jazz, 'write');
}, 60_000);
afterAll(() => t.close());

const writeFile = (name: string, content: unknown) => {
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

/** One organiser's catalogue: an event with two dates, two ticket types (one needs the other), a question. */
const riverCatalogue = (overrides: { capacity?: number; currency?: string; slug?: string } = {}) => ({
  events: [
    {
      external_id: 'river-1',
      slug: overrides.slug ?? 'river-sessions',
      title: 'River Sessions',
      venue: { location: 'The Boathouse, Brighton', full_address: '1 Marina Way, Brighton BN2 5UF' },
      dates: [
        { external_id: 'fri', starts_at: '2030-03-01T19:30:00Z', ends_at: '2030-03-01T22:30:00Z' },
        { external_id: 'sat', starts_at: { days_from_now: 60, at: '19:30' } },
      ],
      ticket_types: [
        {
          external_id: 'adult',
          date: 'fri',
          name: 'Adult',
          price_minor: 2000,
          currency: overrides.currency ?? 'GBP',
          booking_fee_minor: 150,
          capacity: overrides.capacity ?? 100,
          max_per_customer: 8,
        },
        {
          external_id: 'child',
          date: 'fri',
          name: 'Child',
          price_minor: 800,
          currency: 'GBP',
          capacity: 40,
          requires: [{ title: 'An adult ticket', ticket_types: ['adult'] }],
        },
      ],
      questions: [{ external_id: 'diet', question: 'Dietary needs', type: 'text', timing: 'before_payment' }],
      after_sale_messages: [{ external_id: 'doors', message_html: '<p>Doors at 7pm.</p>' }],
    },
  ],
  gift_vouchers: [{ external_id: 'gv', name: 'River voucher', currency: 'GBP', values_minor: [1000, 2000] }],
  codes: [{ external_id: 'river10', code: 'RIVER10', kind: 'percent', percent_bp: 1000, event: 'river-1' }],
});

const rowCounts = async () =>
  Promise.all(
    (['events', 'event_dates', 'ticket_types', 'ticket_requirements', 'questions', 'codes', 'organisers'] as const).map(
      async (table) => (await t.db.selectFrom(table).select('id').execute()).length,
    ),
  );

describe('POST /catalogue/import', () => {
  test('creates the catalogue, answers the ids by external id; the same body again changes nothing', async () => {
    const first = await folk.call('POST', '/catalogue/import', riverCatalogue());
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.counts.events).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect(body.counts.ticket_types).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const event = body.organiser.events[0];
    expect(event.external_id).toBe('river-1');
    expect(event.id).toBeGreaterThanOrEqual(100_000);
    const child = await t.db
      .selectFrom('ticket_requirements')
      .select('required_ticket_type_ids')
      .where('ticket_type_id', '=', event.ticket_types.child)
      .execute();
    expect(child).toEqual([{ required_ticket_type_ids: [event.ticket_types.adult] }]);
    const code = await t.db.selectFrom('codes').selectAll().where('code', '=', 'RIVER10').executeTakeFirstOrThrow();
    expect(code).toMatchObject({ organiser_id: SEED.organiser.folk, event_id: event.id });

    const before = await rowCounts();
    const again = await folk.call('POST', '/catalogue/import', riverCatalogue());
    expect(again.statusCode).toBe(200);
    for (const counts of Object.values(again.json().counts as Record<string, { created: number; updated: number }>))
      expect([counts.created, counts.updated]).toEqual([0, 0]);
    expect(again.json().organiser.events[0].ticket_types).toEqual(event.ticket_types);
    expect(await rowCounts()).toEqual(before);
  });

  test('two imports of the same new catalogue at once: one creates, the other finds it, no duplicates', async () => {
    const lumen = await apiCaller(t, SEED.organiser.lumen, 'write');
    const { codes: _codes, ...catalogue } = riverCatalogue({ slug: 'lumen-river' });
    catalogue.events[0]!.external_id = 'lumen-river';
    const [a, b] = await Promise.all([
      lumen.call('POST', '/catalogue/import', catalogue),
      lumen.call('POST', '/catalogue/import', catalogue),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const created = [a, b].map((response) => response.json().counts.events.created as number);
    expect(created.sort()).toEqual([0, 1]);
    const rows = await t.db.selectFrom('events').select('id').where('external_id', '=', 'lumen-river').execute();
    expect(rows).toHaveLength(1);
  });

  test('a capacity below what is sold or held is refused with a sentence, and nothing of the body is written', async () => {
    const { organiser } = (await folk.call('POST', '/catalogue/import', riverCatalogue())).json();
    const adult = organiser.events[0].ticket_types.adult as number;
    await t.db.updateTable('ticket_types').set({ sold: 6, held: 2 }).where('id', '=', adult).execute();
    const body = riverCatalogue({ capacity: 7 });
    body.events[0]!.title = 'Renamed';
    const response = await folk.call('POST', '/catalogue/import', body);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(
      "Ticket type 'adult' of event 'river-1' has 8 sold or held: its capacity cannot go below 8.",
    );
    const event = await t.db.selectFrom('events').select('title').where('id', '=', organiser.events[0].id).execute();
    expect(event).toEqual([{ title: 'River Sessions' }]);
    expect((await folk.call('POST', '/catalogue/import', riverCatalogue({ capacity: 8 }))).statusCode).toBe(200);
    const currency = await folk.call('POST', '/catalogue/import', riverCatalogue({ currency: 'EUR' }));
    expect(currency.statusCode).toBe(409);
    expect(currency.json().error).toMatch(/'adult'.*its currency cannot change/);
    await t.db.updateTable('ticket_types').set({ sold: 0, held: 0, capacity: 100 }).where('id', '=', adult).execute();
  });

  test("another organiser's slug, code or organiser external id is refused; its catalogue is untouched", async () => {
    const slug = await jazz.call('POST', '/catalogue/import', riverCatalogue());
    expect(slug.statusCode).toBe(409);
    expect(slug.json().error).toMatch(/^Event 'river-1' cannot be saved: its slug is taken/);
    const code = await jazz.call('POST', '/catalogue/import', riverCatalogue({ slug: 'jazz-river' }));
    expect(code.statusCode).toBe(409);
    expect(code.json().error).toMatch(/^Code 'river10' cannot be saved: this code is taken/);
    expect(await t.db.selectFrom('events').select('id').where('slug', '=', 'jazz-river').execute()).toEqual([]);
    const other = await jazz.call('POST', '/catalogue/import', {
      external_id: String(SEED.organiser.folk),
      marketing_signup_message: 'hijacked',
    });
    expect(other.statusCode).toBe(409);
    const folkRow = await t.db
      .selectFrom('organisers')
      .select('marketing_signup_message')
      .where('id', '=', SEED.organiser.folk)
      .executeTakeFirstOrThrow();
    expect(folkRow.marketing_signup_message).not.toBe('hijacked');
  });

  test('bad input: a 4xx with a sentence, nothing written', async () => {
    const before = await rowCounts();
    const readOnly = await apiCaller(t, SEED.organiser.folk, 'read');
    expect((await readOnly.call('POST', '/catalogue/import', riverCatalogue())).statusCode).toBe(403);
    const unknownField = await folk.call('POST', '/catalogue/import', { ...riverCatalogue(), organisers: [] });
    expect(unknownField.statusCode).toBe(400);
    const negative = riverCatalogue();
    negative.events[0]!.ticket_types[0]!.price_minor = -1;
    expect((await folk.call('POST', '/catalogue/import', negative)).statusCode).toBe(400);
    const missingDate = riverCatalogue();
    missingDate.events[0]!.ticket_types[1]!.date = 'sun';
    const refused = await folk.call('POST', '/catalogue/import', missingDate);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      "Ticket type 'child' of event 'river-1' names date 'sun', which the event does not have.",
    );
    const headers = { authorization: `Bearer ${folk.key}` };
    const badJson = await t.app.inject({
      method: 'POST',
      url: `${ORGANISER_API_PREFIX}/catalogue/import`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"events": [',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error).toEqual(expect.any(String));
    const form = await t.app.inject({
      method: 'POST',
      url: `${ORGANISER_API_PREFIX}/catalogue/import`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'events=1',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().error).toEqual(expect.any(String));
    expect(await rowCounts()).toEqual(before);
  });
});

describe('the catalogue command (a whole file, trusted)', () => {
  const file = {
    charities: [{ external_id: 'cats', name: 'Cat Rescue', donation_checkout_title: 'Add a donation?' }],
    organisers: [
      {
        external_id: 'hall',
        name: 'Town Hall Events',
        slug: 'town-hall-events',
        charity: 'cats',
        payment_provider: 'stripe',
        waivers: [{ external_id: 'w', title: 'Terms', body_html: '<p>Be nice.</p>' }],
        events: [
          {
            external_id: 'ball',
            slug: 'town-hall-ball',
            title: 'Town Hall Ball',
            dates: [{ external_id: 'd', starts_at: { days_from_now: 10, at: '20:00' } }],
            ticket_types: [
              {
                external_id: 't',
                date: 'd',
                name: 'Entry',
                price_minor: 0,
                currency: 'GBP',
                capacity: 50,
                waiver: 'w',
              },
            ],
          },
        ],
      },
    ],
    codes: [{ external_id: 'all5', code: 'HALLFIVE', kind: 'fixed', amount_minor: 500, currency: 'GBP' }],
  };

  test('imports every organiser of a file once; the second run finds everything unchanged', async () => {
    const first = await importCatalogueFromPath(t.db, writeFile('hall.json', file), TEST_NOW);
    expect(first.counts.organisers.created).toBe(1);
    const hall = first.organisers[0]!;
    const ball = await t.db.selectFrom('events').selectAll().where('id', '=', hall.events[0]!.id).executeTakeFirst();
    expect(ball).toMatchObject({ organiser_id: hall.id, title: 'Town Hall Ball' });
    const organiser = await t.db.selectFrom('organisers').selectAll().where('id', '=', hall.id).executeTakeFirst();
    expect(organiser?.charity_id).toBe(first.charities.cats);
    const second = await importCatalogueFromPath(t.db, writeFile('hall.json', file), TEST_NOW);
    for (const counts of Object.values(second.counts)) expect([counts.created, counts.updated]).toEqual([0, 0]);
  });

  test('a bad entity late in the file leaves nothing of the file', async () => {
    const before = await rowCounts();
    const broken = structuredClone(file);
    broken.organisers[0]!.external_id = 'hall-2';
    broken.organisers[0]!.slug = 'hall-two';
    broken.organisers[0]!.events[0]!.slug = 'hall-two-ball';
    broken.organisers[0]!.events[0]!.ticket_types[0]!.waiver = 'missing';
    await expect(importCatalogueFromPath(t.db, writeFile('broken.json', broken), TEST_NOW)).rejects.toThrow(
      "Nothing was imported: Ticket type 't' of event 'ball' names waiver 'missing', which does not exist.",
    );
    expect(await rowCounts()).toEqual(before);
  });

  test('a file that is not JSON, or not a catalogue, is refused with what is wrong', async () => {
    await expect(importCatalogueFromPath(t.db, writeFile('bad.json', '{"organisers": ['), TEST_NOW)).rejects.toThrow(
      CatalogueFileError,
    );
    await expect(
      importCatalogueFromPath(t.db, writeFile('wrong.json', { organisers: [{ external_id: 'x' }] }), TEST_NOW),
    ).rejects.toThrow(/is not a valid catalogue:\n {2}'organisers\.0\.name'/);
  });

  test('the demo file imported again over the seeded demo changes nothing', async () => {
    const result = await t.db
      .transaction()
      .execute((tx) => importCatalogueFile(tx, demoCatalogueFile(100), { now: TEST_NOW, stableIds: true }));
    for (const counts of Object.values(result.counts)) expect([counts.created, counts.updated]).toEqual([0, 0]);
    expect(result.organisers.find((o) => o.id === SEED.organiser.demo)?.events[0]?.ticket_types).toEqual({
      [String(SEED.ticket.onSale)]: SEED.ticket.onSale,
    });
  });
});

describe('reading the catalogue', () => {
  test('GET /events lists only the organiser’s events, page by page, with filters', async () => {
    const all = await folk.call('GET', '/events');
    expect(all.statusCode).toBe(200);
    const ids = (all.json().data as { id: number }[]).map((event) => event.id);
    expect(ids).toEqual(expect.arrayContaining([SEED.event.folk, SEED.event.summerFields]));
    expect(ids).not.toContain(SEED.event.jazz);
    const first = (await folk.call('GET', '/events?limit=1')).json();
    expect(first.data).toHaveLength(1);
    const second = (await folk.call('GET', `/events?limit=1&after=${first.next_cursor}`)).json();
    expect(second.data[0].id).toBeGreaterThan(first.data[0].id);
    const byExternal = (await folk.call('GET', '/events?external_id=river-1')).json();
    expect(byExternal.data.map((event: { external_id: string }) => event.external_id)).toEqual(['river-1']);
    // Folk by the Sea is 30 days after TEST_NOW, Summer Fields 300.
    const soon = (await folk.call('GET', `/events?starts_before=2030-03-01T00:00:00Z`)).json();
    expect(soon.data.map((event: { id: number }) => event.id)).toEqual([SEED.event.folk]);
    const later = (await folk.call('GET', `/events?starts_after=2030-06-01T00:00:00Z`)).json();
    expect(later.data.map((event: { id: number }) => event.id)).toEqual([SEED.event.summerFields]);
    expect((await folk.call('GET', '/events?published=false')).json().data).toEqual([]);
    expect((await folk.call('GET', '/events?starts_after=yesterday')).statusCode).toBe(400);
    expect((await folk.call('GET', '/events?limit=0')).statusCode).toBe(400);
  });

  test('GET /events/:id gives dates and ticket types with their stock; another organiser’s event is not found', async () => {
    const response = await folk.call('GET', `/events/${SEED.event.folk}`);
    expect(response.statusCode).toBe(200);
    const event = response.json();
    expect(event.venue.location).toBe('Theatre Royal, Brighton');
    expect(event.ticket_types.map((type: { id: number }) => type.id)).toEqual([
      SEED.ticket.folkStalls,
      SEED.ticket.folkBalcony,
    ]);
    expect(event.ticket_types[0]).toMatchObject({ capacity: 200, sold: 0, held: 0, available: 200 });
    const other = await folk.call('GET', `/events/${SEED.event.jazz}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('There is no event with that id.');
    expect((await folk.call('GET', '/events/abc')).statusCode).toBe(400);
  });

  test('the API document lists the catalogue operations and names their entities', async () => {
    const document = (await t.app.inject({ method: 'GET', url: `${ORGANISER_API_PREFIX}/openapi.json` })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        `${ORGANISER_API_PREFIX}/catalogue/import`,
        `${ORGANISER_API_PREFIX}/events`,
        `${ORGANISER_API_PREFIX}/events/{id}`,
        `${ORGANISER_API_PREFIX}/ticket-types/{id}`,
      ]),
    );
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['OrganiserCatalogue', 'CatalogueEvent', 'TicketType', 'Moment', 'EventView']),
    );
  });

  test('GET /organiser is the key’s own; GET /charities lists the charities', async () => {
    const organiser = (await jazz.call('GET', '/organiser')).json();
    expect(organiser).toMatchObject({ id: SEED.organiser.jazz, currency: 'USD', external_id: '5' });
    const charities = (await jazz.call('GET', '/charities')).json();
    expect(charities.data.map((charity: { id: number }) => charity.id)).toContain(SEED.charity.lifeboat);
  });
});

describe('changing ticket types and the organiser', () => {
  async function expressEvent() {
    const express = await apiCaller(t, SEED.organiser.express, 'write');
    const { codes: _codes, ...catalogue } = riverCatalogue({ slug: `express-river-${Date.now()}` });
    catalogue.events[0]!.external_id = `express-${Date.now()}`;
    const response = await express.call('POST', '/catalogue/import', catalogue);
    expect(response.statusCode).toBe(200);
    const types = response.json().organiser.events[0].ticket_types as { adult: number; child: number };
    return { express, ...types };
  }

  test('PATCH /ticket-types/:id changes what it is given; below sold + held is refused with the sentence', async () => {
    const { express, adult } = await expressEvent();
    const changed = await express.call('PATCH', `/ticket-types/${adult}`, { price_minor: 2200, capacity: 90 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: adult, price_minor: 2200, capacity: 90, name: 'Adult', available: 90 });
    await t.db.updateTable('ticket_types').set({ sold: 4, held: 1 }).where('id', '=', adult).execute();
    const below = await express.call('PATCH', `/ticket-types/${adult}`, { capacity: 4, name: 'Changed' });
    expect(below.statusCode).toBe(409);
    expect(below.json().error).toBe("Ticket type 'Changed' has 5 sold or held: its capacity cannot go below 5.");
    const currency = await express.call('PATCH', `/ticket-types/${adult}`, { currency: 'EUR' });
    expect(currency.statusCode).toBe(409);
    const limits = await express.call('PATCH', `/ticket-types/${adult}`, { min_per_customer: 9 });
    expect(limits.statusCode).toBe(409);
    const row = await t.db.selectFrom('ticket_types').selectAll().where('id', '=', adult).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Adult', capacity: 90, currency: 'GBP', min_per_customer: 1 });
    expect((await express.call('PATCH', `/ticket-types/${adult}`, { capacity: -1 })).statusCode).toBe(400);
    expect((await express.call('PATCH', `/ticket-types/${adult}`, { colour: 'red' })).statusCode).toBe(400);
  });

  test('another organiser’s ticket type is not found and not changed; a read-only key is refused', async () => {
    const { adult } = await expressEvent();
    for (const [method, body] of [
      ['PATCH', { capacity: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const response = await folk.call(method, `/ticket-types/${adult}`, body);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('There is no ticket type with that id.');
    }
    const readOnly = await apiCaller(t, SEED.organiser.express, 'read');
    expect((await readOnly.call('PATCH', `/ticket-types/${adult}`, { capacity: 1 })).statusCode).toBe(403);
    expect((await readOnly.call('DELETE', `/ticket-types/${adult}`)).statusCode).toBe(403);
    expect((await readOnly.call('PATCH', '/organiser', { marketing_signup_message: 'x' })).statusCode).toBe(403);
    const row = await t.db.selectFrom('ticket_types').select('capacity').where('id', '=', adult).executeTakeFirst();
    expect(row).toEqual({ capacity: 100 });
  });

  test('DELETE /ticket-types/:id: refused once held or sold; otherwise gone, and companion rules forget it', async () => {
    const { express, adult, child } = await expressEvent();
    await t.db.updateTable('ticket_types').set({ held: 1 }).where('id', '=', adult).execute();
    const refusedDelete = await express.call('DELETE', `/ticket-types/${adult}`);
    expect(refusedDelete.statusCode).toBe(409);
    expect(refusedDelete.json().error).toBe(
      "Ticket type 'Adult' has been sold or held: it cannot be deleted. Set 'on_sale' to false instead.",
    );
    await t.db.updateTable('ticket_types').set({ held: 0 }).where('id', '=', adult).execute();
    expect((await express.call('DELETE', `/ticket-types/${adult}`)).statusCode).toBe(204);
    expect(await t.db.selectFrom('ticket_types').select('id').where('id', '=', adult).execute()).toEqual([]);
    expect(
      await t.db.selectFrom('ticket_requirements').select('id').where('ticket_type_id', '=', child).execute(),
    ).toEqual([]);
    expect((await express.call('DELETE', `/ticket-types/${adult}`)).statusCode).toBe(404);
  });

  test('POST /events creates an event with its contents once; POST /events/:id/ticket-types adds a type', async () => {
    const europa = await apiCaller(t, SEED.organiser.europa, 'write');
    const { events } = riverCatalogue({ slug: 'europa-river', currency: 'EUR' });
    const event = { ...events[0]!, external_id: 'europa-river' };
    event.ticket_types = event.ticket_types.map((type) => ({ ...type, currency: 'EUR' }));
    const created = await europa.call('POST', '/events', event);
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.ticket_types.map((type: { external_id: string }) => type.external_id)).toEqual(['adult', 'child']);
    const again = await europa.call('POST', '/events', event);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/^Event 'europa-river' exists/);

    const vip = { external_id: 'vip', date: 'fri', name: 'VIP', price_minor: 9000, currency: 'EUR', capacity: 10 };
    const added = await europa.call('POST', `/events/${body.id}/ticket-types`, vip);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ external_id: 'vip', price_minor: 9000, capacity: 10, available: 10 });
    expect((await europa.call('POST', `/events/${body.id}/ticket-types`, vip)).statusCode).toBe(409);
    const noDate = await europa.call('POST', `/events/${body.id}/ticket-types`, {
      ...vip,
      external_id: 'x',
      date: 'sun',
    });
    expect(noDate.statusCode).toBe(409);
    expect(noDate.json().error).toBe(
      "Ticket type 'x' of event 'europa-river' names date 'sun', which the event does not have.",
    );
    // Another organiser's event: not found, nothing added.
    const other = await folk.call('POST', `/events/${body.id}/ticket-types`, { ...vip, external_id: 'folk-vip' });
    expect(other.statusCode).toBe(404);
    const readOnly = await apiCaller(t, SEED.organiser.europa, 'read');
    expect((await readOnly.call('POST', '/events', { ...event, external_id: 'ro' })).statusCode).toBe(403);
    expect((await europa.call('POST', '/events', { ...event, external_id: 'no-dates', dates: [] })).statusCode).toBe(
      400,
    );
    const types = await t.db.selectFrom('ticket_types').select('external_id').where('event_id', '=', body.id).execute();
    expect(types.map((type) => type.external_id).sort()).toEqual(['adult', 'child', 'vip']);
  });

  test('PATCH /organiser changes only the settings given', async () => {
    const canal = await apiCaller(t, SEED.organiser.canal, 'write');
    const response = await canal.call('PATCH', '/organiser', { marketing_signup_message: 'Concert news' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: SEED.organiser.canal, marketing_signup_message: 'Concert news' });
    expect((await canal.call('PATCH', '/organiser', { name: 'Renamed' })).statusCode).toBe(400);
    expect((await canal.call('PATCH', '/organiser', { marketing_signup_message: 5 })).statusCode).toBe(400);
    expect((await canal.call('GET', '/organiser')).json().name).toBe('Canal Concerts Amsterdam');
  });
});
