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

async function newWaiver() {
  serial += 1;
  const response = await folk.call('POST', '/waivers', {
    external_id: `climb-${serial}`,
    title: 'Climbing terms',
    body_html: '<p>I climb at my own risk.</p>',
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number; external_id: string }>();
}

const waiverRow = (id: number) => t.db.selectFrom('waivers').selectAll().where('id', '=', id).executeTakeFirst();

describe('waivers', () => {
  test('POST creates once; GET lists the organiser’s own; PATCH changes; DELETE removes', async () => {
    const created = await newWaiver();
    expect(created).toMatchObject({ title: 'Climbing terms', external_id: `climb-${serial}` });
    const again = await folk.call('POST', '/waivers', { external_id: created.external_id, title: 'x', body_html: 'y' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(`Waiver '${created.external_id}' exists (id ${created.id}): change it instead.`);
    const list = (await folk.call('GET', '/waivers?limit=100')).json<{ data: { id: number }[] }>().data;
    expect(list.map((waiver) => waiver.id)).toContain(created.id);
    const jazzList = (await jazz.call('GET', '/waivers?limit=100')).json<{ data: { id: number }[] }>().data;
    expect(jazzList.map((waiver) => waiver.id)).not.toContain(created.id);
    const changed = await folk.call('PATCH', `/waivers/${created.id}`, { title: 'Climbing wall terms' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      id: created.id,
      external_id: created.external_id,
      title: 'Climbing wall terms',
      body_html: '<p>I climb at my own risk.</p>',
    });
    expect((await folk.call('DELETE', `/waivers/${created.id}`)).statusCode).toBe(204);
    expect(await waiverRow(created.id)).toBeUndefined();
    expect((await folk.call('DELETE', `/waivers/${created.id}`)).statusCode).toBe(404);
  });

  test('another organiser’s: 404 and unchanged; read-only: 403; bad input: 400', async () => {
    const created = await newWaiver();
    const before = await waiverRow(created.id);
    for (const [method, body] of [
      ['PATCH', { title: 'Taken' }],
      ['DELETE', undefined],
    ] as const) {
      const other = await jazz.call(method, `/waivers/${created.id}`, body);
      expect(other.statusCode).toBe(404);
      expect(other.json().error).toBe('There is no waiver with that id.');
      expect((await folkReadOnly.call(method, `/waivers/${created.id}`, body)).statusCode).toBe(403);
    }
    expect(
      (await folkReadOnly.call('POST', '/waivers', { external_id: 'ro', title: 'x', body_html: 'y' })).statusCode,
    ).toBe(403);
    for (const body of [{ title: '' }, { body_html: 5 }, { external_id: 'has space' }, { signed: true }]) {
      const bad = await folk.call('PATCH', `/waivers/${created.id}`, body);
      expect(bad.statusCode).toBe(400);
      expect(typeof bad.json().error).toBe('string');
    }
    expect(await waiverRow(created.id)).toEqual(before);
  });

  test('named by a ticket type or signed: not deleted; signed: its text kept; with the sentences', async () => {
    const created = await newWaiver();
    const event = await folk.call('POST', '/events', {
      external_id: 'crag',
      slug: 'crag-day',
      title: 'Crag Day',
      dates: [{ external_id: 'day', starts_at: '2030-10-01T09:00:00Z' }],
      ticket_types: [
        {
          external_id: 'climber',
          date: 'day',
          name: 'Climber',
          price_minor: 3000,
          currency: 'GBP',
          capacity: 12,
          waiver: created.external_id,
        },
      ],
    });
    expect(event.statusCode).toBe(201);
    const typeId = event.json<{ ticket_types: { id: number }[] }>().ticket_types[0]?.id ?? 0;
    const namedBy = await folk.call('DELETE', `/waivers/${created.id}`);
    expect(namedBy.statusCode).toBe(409);
    expect(namedBy.json().error).toBe(
      `Waiver '${created.external_id}' is named by ticket type 'Climber' (id ${typeId}): change its 'waiver' first.`,
    );
    await t.db.updateTable('ticket_types').set({ waiver_id: null }).where('id', '=', typeId).execute();

    const now = t.clock.now();
    const sale = await t.db
      .insertInto('sales')
      .values({ reference: 'WSIGNED', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('waiver_signatures')
      .values({
        sale_id: sale.id,
        waiver_id: created.id,
        signer_name: 'Ada Climber',
        signer_key: 'ada',
        signed_at: now,
      })
      .execute();
    const before = await waiverRow(created.id);
    const deleted = await folk.call('DELETE', `/waivers/${created.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error).toBe(`Waiver '${created.external_id}' has been signed: it cannot be deleted.`);
    const text = await folk.call('PATCH', `/waivers/${created.id}`, { body_html: '<p>Other terms.</p>' });
    expect(text.statusCode).toBe(409);
    expect(text.json().error).toBe(
      `Waiver '${created.external_id}' has been signed: its text cannot change. ` +
        'Create a new waiver and name it in the ticket types instead.',
    );
    expect(await waiverRow(created.id)).toEqual(before);
    const renamed = await folk.call('PATCH', `/waivers/${created.id}`, { external_id: 'climb-signed' });
    expect(renamed.json()).toMatchObject({ external_id: 'climb-signed', body_html: '<p>I climb at my own risk.</p>' });
  });
});
