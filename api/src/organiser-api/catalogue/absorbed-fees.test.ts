import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEED } from '../../seed/catalogue';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_NOW } from '../../testing/test-db';
import { apiCaller, type ApiCaller } from '../testing';
import { importCatalogueFromPath } from './import-file';
import { ABSORBED_FEE_ABOVE_PRICE } from './schemas';

/**
 * An organiser absorbs a booking fee out of the ticket's price, so a ticket type whose price is below its fee cannot
 * absorb it (shared/src/rules/fees.ts): refused with a sentence naming `absorb_fee` by the import, the catalogue
 * command and every ticket type write, and nothing is written.
 */

let t: TestApp;
let folk: ApiCaller;
const dir = mkdtempSync(path.join(os.tmpdir(), 'absorbed-fees-test-'));

beforeAll(async () => {
  t = await createTestApp();
  folk = await apiCaller(t, SEED.organiser.folk, 'write');
}, 60_000);
afterAll(() => t.close());

const FIELD_SENTENCE = `'absorb_fee': ${ABSORBED_FEE_ABOVE_PRICE}`;

let serial = 0;
const typeOf = (fields: { price_minor: number; booking_fee_minor?: number; absorb_fee?: boolean }) => {
  serial += 1;
  return {
    external_id: `type-${serial}`,
    date: 'fri',
    name: `Fee type ${serial}`,
    currency: 'GBP',
    capacity: 20,
    ...fields,
  };
};
const eventOf = (ticketTypes: ReturnType<typeof typeOf>[]) => {
  serial += 1;
  return {
    external_id: `fees-${serial}`,
    slug: `fee-nights-${serial}`,
    title: 'Fee Nights',
    venue: { location: 'The Quay, Bristol' },
    dates: [{ external_id: 'fri', starts_at: '2030-05-03T19:00:00Z' }],
    ticket_types: ticketTypes,
  };
};

const typeCount = async () => (await t.db.selectFrom('ticket_types').select('id').execute()).length;
const typeRow = (id: number) =>
  t.db
    .selectFrom('ticket_types')
    .select(['price_minor', 'booking_fee_minor', 'absorb_fee', 'capacity'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** A new event of the folk organiser with one ticket type; answers their ids. */
async function createdEvent(type: ReturnType<typeof typeOf>): Promise<{ eventId: number; typeId: number }> {
  const response = await folk.call('POST', '/events', eventOf([type]));
  expect(response.statusCode).toBe(201);
  const body = response.json<{ id: number; ticket_types: { id: number }[] }>();
  return { eventId: body.id, typeId: body.ticket_types[0]?.id ?? 0 };
}

describe('a ticket type whose price is below its booking fee cannot absorb it', () => {
  test.each<[string, { price_minor: number; booking_fee_minor?: number; absorb_fee?: boolean }, boolean]>([
    ['a fee above the price, absorbed', { price_minor: 100, booking_fee_minor: 150, absorb_fee: true }, false],
    ['a free ticket absorbing a fee', { price_minor: 0, booking_fee_minor: 50, absorb_fee: true }, false],
    ['a fee equal to the price, absorbed', { price_minor: 150, booking_fee_minor: 150, absorb_fee: true }, true],
    ['a fee above the price, paid by the customer', { price_minor: 100, booking_fee_minor: 150 }, true],
    ['no fee, absorbed', { price_minor: 0, absorb_fee: true }, true],
  ])('POST /events/:id/ticket-types: %s', async (_name, fields, accepted) => {
    const { eventId } = await createdEvent(typeOf({ price_minor: 1000 }));
    const before = await typeCount();
    const response = await folk.call('POST', `/events/${eventId}/ticket-types`, typeOf(fields));
    if (accepted) {
      expect(response.statusCode).toBe(201);
      return;
    }
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: FIELD_SENTENCE, errors: { absorb_fee: FIELD_SENTENCE } });
    expect(await typeCount()).toBe(before);
  });

  test('the import and POST /events refuse the whole body, naming the field; nothing is written', async () => {
    const before = await typeCount();
    const body = {
      events: [
        eventOf([
          typeOf({ price_minor: 1000 }),
          typeOf({ price_minor: 300, booking_fee_minor: 500, absorb_fee: true }),
        ]),
      ],
    };
    const imported = await folk.call('POST', '/catalogue/import', body);
    expect(imported.statusCode).toBe(400);
    const at = (field: string) => ({ [field]: `'${field}': ${ABSORBED_FEE_ABOVE_PRICE}` });
    expect(imported.json().errors).toEqual(at('events.0.ticket_types.1.absorb_fee'));
    const created = await folk.call('POST', '/events', body.events[0]);
    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toEqual(at('ticket_types.1.absorb_fee'));
    expect(await typeCount()).toBe(before);
  });

  test('the catalogue command refuses the file with the same sentence', async () => {
    const file = path.join(dir, 'absorbed.json');
    writeFileSync(
      file,
      JSON.stringify({
        organisers: [
          {
            external_id: 'fee-hall',
            name: 'Fee Hall',
            slug: 'fee-hall',
            events: [eventOf([typeOf({ price_minor: 100, booking_fee_minor: 150, absorb_fee: true })])],
          },
        ],
      }),
    );
    const before = await typeCount();
    await expect(importCatalogueFromPath(t.db, file, TEST_NOW)).rejects.toThrow(ABSORBED_FEE_ABOVE_PRICE);
    expect(await typeCount()).toBe(before);
  });

  test('PATCH /ticket-types/:id: a change that leaves the price below an absorbed fee is a 409; nothing changes', async () => {
    const { typeId } = await createdEvent(typeOf({ price_minor: 1000, booking_fee_minor: 150, absorb_fee: true }));
    const label = (name: string) =>
      `Ticket type '${name}' cannot absorb its booking fee (price_minor 100, booking_fee_minor 150). ${FIELD_SENTENCE}`;
    const row = await typeRow(typeId);
    const name = (
      await t.db.selectFrom('ticket_types').select('name').where('id', '=', typeId).executeTakeFirstOrThrow()
    ).name;

    const lowered = await folk.call('PATCH', `/ticket-types/${typeId}`, { price_minor: 100, capacity: 30 });
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json().error).toBe(label(name));
    const raised = await folk.call('PATCH', `/ticket-types/${typeId}`, { booking_fee_minor: 1500 });
    expect(raised.statusCode).toBe(409);
    expect(raised.json().error).toMatch(/cannot absorb its booking fee \(price_minor 1000, booking_fee_minor 1500\)/);
    expect(await typeRow(typeId)).toEqual(row);

    // The customer paying the fee instead, or a price that still covers it, is fine.
    const onTop = await folk.call('PATCH', `/ticket-types/${typeId}`, { price_minor: 100, absorb_fee: false });
    expect(onTop.statusCode).toBe(200);
    const absorbed = await folk.call('PATCH', `/ticket-types/${typeId}`, { absorb_fee: true });
    expect(absorbed.statusCode).toBe(409);
    const covered = await folk.call('PATCH', `/ticket-types/${typeId}`, { price_minor: 150, absorb_fee: true });
    expect(covered.statusCode).toBe(200);
    expect(await typeRow(typeId)).toMatchObject({ price_minor: 150, booking_fee_minor: 150, absorb_fee: true });
  });

  test('a type written before the rule must be put right before any other change to it', async () => {
    const { typeId } = await createdEvent(typeOf({ price_minor: 1000 }));
    await t.db
      .updateTable('ticket_types')
      .set({ price_minor: 100, booking_fee_minor: 150, absorb_fee: true })
      .where('id', '=', typeId)
      .execute();
    const capacity = await folk.call('PATCH', `/ticket-types/${typeId}`, { capacity: 40 });
    expect(capacity.statusCode).toBe(409);
    expect(capacity.json().error).toContain(FIELD_SENTENCE);
    const fixed = await folk.call('PATCH', `/ticket-types/${typeId}`, { capacity: 40, absorb_fee: false });
    expect(fixed.statusCode).toBe(200);
    expect(await typeRow(typeId)).toEqual({
      price_minor: 100,
      booking_fee_minor: 150,
      absorb_fee: false,
      capacity: 40,
    });
  });
});
