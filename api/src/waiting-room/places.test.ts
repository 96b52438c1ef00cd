import { QueueStatusSchema } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/queue';
import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import { TEST_NOW } from '../testing/test-db';
import { Visitor } from '../testing/visitor';

// One place per browser, and a few per client address in all: three here, so a handful of browsers reach it. The
// per-minute limit is out of the way, so what is refused is the total.
const PLACES = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { serverRender: false, queue: { joinsPerClient: 1000, placesPerClient: PLACES, streamsPerProcess: 100 } },
  });
}, 60_000);
afterEach(async () => {
  await t.db.deleteFrom('onsales').execute();
  t.clock.set(TEST_NOW);
});
afterAll(() => t.close());

const at = (seconds: number) => new Date(TEST_NOW.getTime() + seconds * 1000);

async function newOnsale(opensIn: number, rate = 1): Promise<number> {
  const row = await t.db
    .insertInto('onsales')
    .values({
      organiser_id: SEED.organiser.demo,
      event_id: SEED.event.onSale,
      opens_at: at(opensIn),
      admission_per_second: rate,
      admission_base_at: at(opensIn),
      created_at: TEST_NOW,
      updated_at: TEST_NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A browser with its session cookie (as any page gives), on a client address of its own choosing. */
const browserAt = (address: string) => new Visitor(t.app, address).start();

async function placesOf(onsaleId: number): Promise<number> {
  const { count } = await t.db
    .selectFrom('queue_entries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('onsale_id', '=', onsaleId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function sessionRows(): Promise<number> {
  const { count } = await t.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

describe('no place without a session cookie', () => {
  test('the page sends a browser without the cookie back to itself with it, and queues it then', async () => {
    const id = await newOnsale(3600);
    const sessionsBefore = await sessionRows();
    const first = await t.app.inject({ method: 'GET', url: `/queue/${id}/` });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(`/queue/${id}/?cookie=1`);
    expect(first.headers['cache-control']).toContain('no-store');
    const sid = first.cookies.find((c) => c.name === 'checkout_sid');
    expect(sid?.value).toBeDefined();
    expect(await placesOf(id)).toBe(0);
    expect(await sessionRows()).toBe(sessionsBefore);

    // The browser follows with the cookie: the page, and its one place.
    const cookie = first.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const back = await t.app.inject({ method: 'GET', url: `/queue/${id}/?cookie=1`, headers: { cookie } });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('data-state="before_opening"');
    expect(await placesOf(id)).toBe(1);
    // A reload keeps it.
    expect((await t.app.inject({ method: 'GET', url: `/queue/${id}/`, headers: { cookie } })).statusCode).toBe(200);
    expect(await placesOf(id)).toBe(1);
  });

  test('a browser that comes back without the cookie is told cookies are needed, and given no place', async () => {
    const id = await newOnsale(3600);
    const page = await t.app.inject({ method: 'GET', url: `/queue/${id}/?cookie=1` });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain(messages.queueCookieNeeded);
    expect(page.body).toContain(`href="/queue/${id}/"`);
    expect(await placesOf(id)).toBe(0);
  });

  test.each([
    ['no cookie', ''],
    ['a session id this server did not issue', `checkout_sid=${'A'.repeat(43)}`],
  ])('status, events and rejoin with %s: 403 with the sentence, the cookie set, nothing written', async (_, cookie) => {
    const id = await newOnsale(0);
    t.clock.set(at(1));
    const sessionsBefore = await sessionRows();
    for (const url of [`/ajax/queue/${id}/status`, `/ajax/queue/${id}/events`]) {
      const answer = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ error: messages.queueCookieNeeded });
      expect(answer.cookies.map((c) => c.name)).toContain('checkout_sid');
    }
    // A POST without the session's XSRF header is refused before anything else.
    const rejoin = await t.app.inject({ method: 'POST', url: `/ajax/queue/${id}/rejoin`, headers: { cookie } });
    expect(rejoin.statusCode).toBe(403);
    expect(await placesOf(id)).toBe(0);
    expect(await sessionRows()).toBe(sessionsBefore);
  });
});

describe(`at most ${PLACES} places per client address in an on-sale`, () => {
  test('fresh sessions from one address: the first ones are placed, then 429 with the sentence, in all (not per minute)', async () => {
    const id = await newOnsale(0, 0.001);
    t.clock.set(at(1));
    const placed: number[] = [];
    for (let i = 0; i < PLACES; i += 1) {
      const status = QueueStatusSchema.parse(
        (await (await browserAt('203.0.113.7')).get(`/ajax/queue/${id}/status`)).json(),
      );
      placed.push(status.state === 'waiting' ? status.position : 1);
    }
    expect(placed).toEqual([1, 2, 3]);

    const extra = await browserAt('203.0.113.7');
    for (const url of [`/ajax/queue/${id}/status`, `/ajax/queue/${id}/events`]) {
      const refused = await extra.get(url);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: messages.queuePlacesTaken });
    }
    const page = await extra.get(`/queue/${id}/`);
    expect(page.statusCode).toBe(429);
    expect(page.headers['retry-after']).toBeUndefined();
    expect(page.body).toContain(messages.queuePlacesTaken.replace("'", '&#39;'));
    // An hour later it is still refused: the places are counted for the whole on-sale.
    t.clock.set(at(3600));
    expect((await (await browserAt('203.0.113.7')).get(`/ajax/queue/${id}/status`)).statusCode).toBe(429);
    expect(await placesOf(id)).toBe(PLACES);

    // Another address, and the same address in another on-sale, are not counted against it.
    expect((await (await browserAt('198.51.100.1')).get(`/ajax/queue/${id}/status`)).statusCode).toBe(200);
    const other = await newOnsale(0);
    expect((await extra.get(`/ajax/queue/${other}/status`)).statusCode).toBe(200);
  });

  test('a browser already in the queue keeps its one place, whatever it asks and whichever address it asks from', async () => {
    const id = await newOnsale(0, 0.001);
    t.clock.set(at(1));
    const inQueue = await browserAt('203.0.113.8');
    expect(await inQueue.get(`/ajax/queue/${id}/status`)).toMatchObject({ statusCode: 200 });
    for (let i = 0; i < PLACES - 1; i += 1)
      expect((await (await browserAt('203.0.113.8')).get(`/ajax/queue/${id}/status`)).statusCode).toBe(200);
    // The address is full; the browser already in asks again, joins again, opens the page: the same one place.
    for (let i = 0; i < 3; i += 1) {
      expect(QueueStatusSchema.parse((await inQueue.get(`/ajax/queue/${id}/status`)).json())).toMatchObject({
        state: 'admitted',
      });
      expect((await inQueue.post(`/ajax/queue/${id}/rejoin`)).statusCode).toBe(200);
      expect((await inQueue.get(`/queue/${id}/`)).statusCode).toBe(200);
    }
    const moved = new Visitor(t.app, '192.0.2.50');
    for (const [name, value] of inQueue.cookies) moved.cookies.set(name, value);
    expect((await moved.get(`/ajax/queue/${id}/status`)).statusCode).toBe(200);
    expect(await placesOf(id)).toBe(PLACES);
    const { count } = await t.db
      .selectFrom('queue_entries')
      .select((eb) => eb.fn.count<string>('session_id').distinct().as('count'))
      .where('onsale_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(PLACES);
  });

  test('many fresh sessions of one address joining at once: no more than the cap, every place given once', async () => {
    const id = await newOnsale(3600);
    const crowd = await Promise.all(Array.from({ length: 12 }, () => browserAt('203.0.113.9')));
    const answers = await Promise.all(crowd.map((browser) => browser.get(`/ajax/queue/${id}/status`)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(PLACES);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(12 - PLACES);
    expect(answers.filter((a) => a.statusCode !== 200 && a.statusCode !== 429)).toEqual([]);
    expect(await placesOf(id)).toBe(PLACES);
    const counted = await t.db.selectFrom('queue_client_places').select('places').where('onsale_id', '=', id).execute();
    expect(counted).toEqual([{ places: PLACES }]);
  });

  test('the addresses of one IPv6 /64 are one client; another /64 is another', async () => {
    const id = await newOnsale(3600);
    for (let i = 1; i <= PLACES; i += 1)
      expect((await (await browserAt(`2001:db8:5:6::${i}`)).get(`/ajax/queue/${id}/status`)).statusCode).toBe(200);
    expect((await (await browserAt('2001:db8:5:6:ffff::1')).get(`/ajax/queue/${id}/status`)).statusCode).toBe(429);
    expect((await (await browserAt('2001:db8:5:7::1')).get(`/ajax/queue/${id}/status`)).statusCode).toBe(200);
  });
});
