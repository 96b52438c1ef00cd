import * as messages from '@checkout/shared/messages/queue';
import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import { TEST_NOW } from '../testing/test-db';

// Small limits, so a handful of requests reach them: three new places a minute per address, two streams a process.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { serverRender: false, queue: { joinsPerClient: 3, placesPerClient: 100, streamsPerProcess: 2 } },
  });
});
afterAll(() => t.close());

async function newOnsale(opensInSeconds: number): Promise<number> {
  const opens = new Date(TEST_NOW.getTime() + opensInSeconds * 1000);
  const row = await t.db
    .insertInto('onsales')
    .values({
      organiser_id: SEED.organiser.demo,
      event_id: SEED.event.onSale,
      opens_at: opens,
      admission_per_second: 1,
      admission_base_at: opens,
      created_at: TEST_NOW,
      updated_at: TEST_NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

test('one client address takes at most its new places a minute; browsers already in the queue keep polling', async () => {
  const id = await newOnsale(3600);
  const inQueue = await Promise.all([t.visitor(), t.visitor(), t.visitor()]);
  for (const visitor of inQueue) expect((await visitor.get(`/ajax/queue/${id}/status`)).statusCode).toBe(200);

  const fourth = await t.visitor();
  const refused = await fourth.get(`/ajax/queue/${id}/status`);
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toMatchObject({ error: messages.queueTooManyPlaces });
  const page = await fourth.get(`/queue/${id}/`);
  expect(page.statusCode).toBe(429);
  expect(page.headers['retry-after']).toBe('60');
  expect(page.body).toContain(messages.queueTooManyPlaces);
  const stream = await fourth.get(`/ajax/queue/${id}/events`);
  expect(stream.statusCode).toBe(429);
  const { count } = await t.db
    .selectFrom('queue_entries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('onsale_id', '=', id)
    .executeTakeFirstOrThrow();
  expect(Number(count)).toBe(3);

  // Those already in are not counted again, however often they ask.
  for (let i = 0; i < 5; i += 1) expect((await inQueue[0].get(`/ajax/queue/${id}/status`)).statusCode).toBe(200);

  // A minute later the address may take new places again.
  t.clock.set(new Date(TEST_NOW.getTime() + 125_000));
  expect((await fourth.get(`/ajax/queue/${id}/status`)).statusCode).toBe(200);
  t.clock.set(TEST_NOW);
});

test('past the streams a process keeps, a stream is refused with a sentence (the page then polls)', async () => {
  const id = await newOnsale(3600);
  await t.db.deleteFrom('rate_limit_counters').execute();
  const streams = await Promise.all([t.visitor(), t.visitor()]);
  const open = streams.map((visitor) => {
    const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return t.app.inject({ method: 'GET', url: `/ajax/queue/${id}/events`, headers: { cookie } });
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const refused = await (await t.visitor()).get(`/ajax/queue/${id}/events`);
  expect(refused.statusCode).toBe(503);
  expect(refused.json()).toMatchObject({ error: messages.queueStreamsBusy });
  await t.db.updateTable('onsales').set({ ends_at: TEST_NOW }).where('id', '=', id).execute();
  t.clock.set(new Date(TEST_NOW.getTime() + 1000));
  await Promise.all(open);
  t.clock.set(TEST_NOW);
});
