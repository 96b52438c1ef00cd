import { SEED } from '../../seed/catalogue';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { apiCaller, type ApiCaller } from '../testing';

let t: TestApp;
let folk: ApiCaller;
let jazz: ApiCaller;
let folkReadOnly: ApiCaller;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  folk = await apiCaller(t, SEED.organiser.folk, 'write');
  jazz = await apiCaller(t, SEED.organiser.jazz, 'write');
  folkReadOnly = await apiCaller(t, SEED.organiser.folk, 'read');
  const event = await folk.call('POST', '/events', {
    external_id: 'lantern',
    slug: 'lantern-walk',
    title: 'Lantern Walk',
    dates: [{ external_id: 'night', starts_at: '2030-11-01T18:00:00Z' }],
  });
  expect(event.statusCode).toBe(201);
  eventId = event.json<{ id: number }>().id;
}, 60_000);
afterAll(() => t.close());

const messageRow = (id: number) =>
  t.db.selectFrom('after_sale_messages').selectAll().where('id', '=', id).executeTakeFirst();

describe('after-sale messages', () => {
  test('POST adds once; GET lists; PATCH changes; DELETE removes; another organiser’s: 404; read-only: 403', async () => {
    const created = await folk.call('POST', `/events/${eventId}/after-sale-messages`, {
      external_id: 'meet',
      message_html: '<p>Meet at the gate.</p>',
    });
    expect(created.statusCode).toBe(201);
    const message = created.json<{ id: number }>();
    expect(message).toMatchObject({ event_id: eventId, external_id: 'meet', sort_order: 0 });
    const again = await folk.call('POST', `/events/${eventId}/after-sale-messages`, {
      external_id: 'meet',
      message_html: 'x',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      `After-sale message 'meet' exists in this event (id ${message.id}): change it instead.`,
    );
    const list = (await folk.call('GET', `/events/${eventId}/after-sale-messages`)).json<{ data: { id: number }[] }>();
    expect(list.data.map((row) => row.id)).toEqual([message.id]);

    const before = await messageRow(message.id);
    expect((await jazz.call('GET', `/events/${eventId}/after-sale-messages`)).statusCode).toBe(404);
    expect(
      (await jazz.call('POST', `/events/${eventId}/after-sale-messages`, { external_id: 'j', message_html: 'x' }))
        .statusCode,
    ).toBe(404);
    for (const [method, body] of [
      ['PATCH', { message_html: 'Taken' }],
      ['DELETE', undefined],
    ] as const) {
      const other = await jazz.call(method, `/after-sale-messages/${message.id}`, body);
      expect(other.statusCode).toBe(404);
      expect(other.json().error).toBe('There is no after-sale message with that id.');
      expect((await folkReadOnly.call(method, `/after-sale-messages/${message.id}`, body)).statusCode).toBe(403);
    }
    for (const body of [{ message_html: '' }, { sort_order: 1.5 }, { subject: 'x' }]) {
      const bad = await folk.call('PATCH', `/after-sale-messages/${message.id}`, body);
      expect(bad.statusCode).toBe(400);
      expect(typeof bad.json().error).toBe('string');
    }
    expect(await messageRow(message.id)).toEqual(before);

    const changed = await folk.call('PATCH', `/after-sale-messages/${message.id}`, { sort_order: 2 });
    expect(changed.json()).toMatchObject({ sort_order: 2, message_html: '<p>Meet at the gate.</p>' });
    expect((await folk.call('DELETE', `/after-sale-messages/${message.id}`)).statusCode).toBe(204);
    expect(await messageRow(message.id)).toBeUndefined();
    expect((await folk.call('DELETE', `/after-sale-messages/${message.id}`)).statusCode).toBe(404);
  });
});
