import { SEED } from '../../seed/catalogue';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { apiCaller, type ApiCaller } from '../testing';
import { afterSaleMessages } from './after-sale-message-operations';
import { eventDates } from './date-operations';
import { catalogueResource } from './resource';
import { waivers } from './waiver-operations';

describe('catalogueResource', () => {
  test('an organiser’s entity: list, create, update and delete under its segment, documented by the declaration', () => {
    const operations = catalogueResource(waivers);
    expect(operations.map((op) => [op.method, op.path, op.operationId, op.scope, op.status ?? 200])).toEqual([
      ['GET', '/waivers', 'listWaivers', 'read', 200],
      ['POST', '/waivers', 'createWaiver', 'write', 201],
      ['PATCH', '/waivers/:id', 'updateWaiver', 'write', 200],
      ['DELETE', '/waivers/:id', 'deleteWaiver', 'write', 204],
    ]);
    expect(operations.every((op) => op.tag === 'catalogue')).toBe(true);
    expect(operations[1]?.body).toBe(waivers.schemas.create);
    expect(operations[2]?.body).toBe(waivers.schemas.update);
    expect(operations[2]?.response).toBe(waivers.schemas.view);
  });

  test('an entity of an event: listed and created under the event, changed and deleted by its own id', () => {
    expect(catalogueResource(afterSaleMessages).map((op) => `${op.method} ${op.path}`)).toEqual([
      'GET /events/:id/after-sale-messages',
      'POST /events/:id/after-sale-messages',
      'PATCH /after-sale-messages/:id',
      'DELETE /after-sale-messages/:id',
    ]);
  });

  test('a declaration without a list makes no list operation', () => {
    expect(catalogueResource(eventDates).map((op) => op.operationId)).toEqual([
      'createEventDate',
      'updateEventDate',
      'deleteEventDate',
    ]);
  });
});

describe('operations made by the factory, over HTTP', () => {
  let t: TestApp;
  let folk: ApiCaller;
  let jazz: ApiCaller;
  beforeAll(async () => {
    t = await createTestApp();
    folk = await apiCaller(t, SEED.organiser.folk, 'write');
    jazz = await apiCaller(t, SEED.organiser.jazz, 'write');
  }, 60_000);
  afterAll(() => t.close());

  test('an entity of an event: another organiser’s event and entity are not found, naming what was looked for', async () => {
    const created = await folk.call('POST', `/events/${SEED.event.folk}/after-sale-messages`, {
      external_id: 'factory-thanks',
      message_html: '<p>Thanks</p>',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    const list = await jazz.call('GET', `/events/${SEED.event.folk}/after-sale-messages`);
    expect(list.statusCode).toBe(404);
    expect(list.json().error).toBe('There is no event with that id.');
    const change = await jazz.call('PATCH', `/after-sale-messages/${id}`, { sort_order: 3 });
    expect(change.statusCode).toBe(404);
    expect(change.json().error).toBe('There is no after-sale message with that id.');
    const again = await folk.call('POST', `/events/${SEED.event.folk}/after-sale-messages`, {
      external_id: 'factory-thanks',
      message_html: '<p>Again</p>',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      `After-sale message 'factory-thanks' exists in this event (id ${id}): change it instead.`,
    );
    expect((await folk.call('DELETE', `/after-sale-messages/${id}`)).statusCode).toBe(204);
    expect((await folk.call('DELETE', `/after-sale-messages/${id}`)).statusCode).toBe(404);
  });

  test('a list filtered by external id, page by page', async () => {
    for (const n of [1, 2, 3])
      expect(
        (
          await folk.call('POST', '/codes', {
            external_id: `factory-${n}`,
            code: `FACTORY${n}`,
            kind: 'fixed',
            amount_minor: 100,
            currency: 'GBP',
          })
        ).statusCode,
      ).toBe(201);
    const one = (await folk.call('GET', '/codes?external_id=factory-2')).json<{ data: { code: string }[] }>();
    expect(one.data.map((code) => code.code)).toEqual(['FACTORY2']);
    const first = (await folk.call('GET', '/codes?limit=1')).json<{ data: unknown[]; next_cursor: number | null }>();
    expect(first.data).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
  });
});
