import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import { TEST_NOW } from '../testing/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { serverRender: false } });
}, 60_000);
afterAll(() => t.close());

test('an id past the 32-bit column on the queue routes is a 404, never a 5xx', async () => {
  const visitor = await t.visitor();
  for (const id of ['9999999999', '2147483648']) {
    const status = await visitor.get(`/ajax/queue/${id}/status`);
    const events = await visitor.get(`/ajax/queue/${id}/events`);
    const page = await visitor.get(`/queue/${id}/`);
    expect([status.statusCode, events.statusCode, page.statusCode]).toEqual([404, 404, 404]);
  }
});

test('a tiny admission rate (1e-300 a second) still answers the queue, its page and the organiser view', async () => {
  const { apiCaller } = await import('../organiser-api/testing');
  const demo = await apiCaller(t, SEED.organiser.demo, 'write');
  await t.db.deleteFrom('onsales').execute();
  const created = await demo.call('POST', '/onsales', {
    event_id: SEED.event.onSale,
    opens_at: TEST_NOW.toISOString(),
    admission_per_second: 1e-300,
  });
  expect(created.statusCode).toBe(201);
  const id = created.json<{ id: number }>().id;
  const a = await t.visitor();
  const b = await t.visitor();
  const first = await a.get(`/ajax/queue/${id}/status`);
  const second = await b.get(`/ajax/queue/${id}/status`);
  const page = await b.get(`/queue/${id}/`);
  const view = await demo.call('GET', `/onsales/${id}`);
  const third = await (await t.visitor()).get(`/ajax/queue/${id}/status`);
  expect([first.statusCode, second.statusCode, page.statusCode, view.statusCode, third.statusCode]).toEqual([
    200, 200, 200, 200, 200,
  ]);
});

describe('the reserve gate', () => {
  async function listOnsale(typeIds: number[]): Promise<number> {
    const event = await t.db
      .selectFrom('events')
      .select('organiser_id')
      .where('id', '=', SEED.event.onSale)
      .executeTakeFirstOrThrow();
    const now = t.clock.now();
    const row = await t.db
      .insertInto('onsales')
      .values({
        organiser_id: event.organiser_id,
        event_id: null,
        opens_at: now,
        admission_per_second: 1000,
        admission_base_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('onsale_ticket_types')
      .values(typeIds.map((id) => ({ onsale_id: row.id, ticket_type_id: id })))
      .execute();
    return row.id;
  }

  test("another on-sale's pass does not open this one's tickets; a pass claimed by a reservation of free tickets stays single use", async () => {
    const { freshTicketType, salePaths } = await import('../testing/sale-support');
    await t.db.deleteFrom('onsales').execute();
    const gatedA = await freshTicketType(t, 10);
    const gatedB = await freshTicketType(t, 10);
    const free = await freshTicketType(t, 10);
    const a = await listOnsale([gatedA]);
    const b = await listOnsale([gatedB]);
    const visitor = await t.visitor();
    expect((await visitor.get(`/ajax/queue/${a}/status`)).json()).toMatchObject({ state: 'admitted' });
    expect(visitor.cookies.get('checkout_pass')).toMatch(/^[\w-]{43}$/);

    // A pass of A, tickets of B: refused, pointed at B's queue.
    expect((await visitor.post(salePaths.add, { ticket_id: gatedB, quantity: 1 })).json()).toEqual({ success: true });
    const refused = await visitor.post(salePaths.reserve);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ queue_url: `/queue/${b}/` });

    // Free tickets reserved with the pass claimed: the pass stays unused, then opens A's tickets once.
    expect((await visitor.post(salePaths.remove, { ticket_id: gatedB })).statusCode).toBe(200);
    expect((await visitor.post(salePaths.add, { ticket_id: free, quantity: 1 })).json()).toEqual({ success: true });
    expect((await visitor.post(salePaths.reserve)).json()).toMatchObject({ reserved: true });
    expect((await visitor.post(salePaths.destroy)).json()).toEqual({ success: true });
    expect((await visitor.post(salePaths.remove, { ticket_id: free })).statusCode).toBe(200);
    t.clock.advance(1_000);
    expect((await visitor.post(salePaths.add, { ticket_id: gatedA, quantity: 2 })).json()).toEqual({ success: true });
    expect((await visitor.post(salePaths.reserve)).json()).toMatchObject({ reserved: true });
    expect((await visitor.post(salePaths.destroy)).json()).toEqual({ success: true });
    t.clock.advance(1_000);
    expect((await visitor.post(salePaths.reserve)).statusCode).toBe(403);
  });
});
