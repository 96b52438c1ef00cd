import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { QueueStatusSchema, type QueueStatus } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/queue';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import { TEST_NOW } from '../testing/test-db';
import type { Visitor } from '../testing/visitor';
import { MAX_STREAMS_PER_SESSION } from './routes';

// A stand-in for the shell's build, so /checkout/ answers.
const shellDist = mkdtempSync(path.join(os.tmpdir(), 'queue-shell-'));
writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><head><title>Checkout</title></head><body></body>');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { shellDist, serverRender: false } });
});
afterEach(async () => {
  await t.db.deleteFrom('onsales').execute();
  t.clock.set(TEST_NOW);
});
afterAll(async () => {
  await t.close();
  rmSync(shellDist, { recursive: true, force: true });
});

const at = (seconds: number) => new Date(TEST_NOW.getTime() + seconds * 1000);

/** An on-sale of the seed's on-sale event, opening `opensIn` seconds from TEST_NOW, admitting `rate` a second. */
async function newOnsale(opensIn: number, rate: number, passSeconds = 600): Promise<number> {
  const row = await t.db
    .insertInto('onsales')
    .values({
      organiser_id: SEED.organiser.demo,
      event_id: SEED.event.onSale,
      opens_at: at(opensIn),
      admission_per_second: rate,
      pass_seconds: passSeconds,
      admission_base_at: at(opensIn),
      created_at: TEST_NOW,
      updated_at: TEST_NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function statusOf(visitor: Visitor, id: number): Promise<QueueStatus> {
  const response = await visitor.get(`/ajax/queue/${id}/status`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toContain('no-store');
  return QueueStatusSchema.parse(response.json());
}

/** Two early arrivals, in random order at the opening: [first, second] by their places. */
async function twoEarlyArrivals(id: number): Promise<[Visitor, Visitor]> {
  const a = await t.visitor();
  const b = await t.visitor();
  expect(await statusOf(a, id)).toEqual({ state: 'before_opening', opens_at: at(60).toISOString(), early: true });
  await statusOf(b, id);
  t.clock.set(at(60));
  const first = await statusOf(a, id);
  return first.state === 'admitted' ? [a, b] : [b, a];
}

/** The data events of a finished stream. */
function eventsOf(body: string): QueueStatus[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => QueueStatusSchema.parse(JSON.parse(block.slice('data: '.length))));
}

describe('GET /ajax/queue/<id>/status over the clock', () => {
  test('before the opening, waiting with the people ahead and the wait, admitted with the pass cookie, then lost', async () => {
    const id = await newOnsale(60, 0.1);
    const [first, second] = await twoEarlyArrivals(id);

    // The first place is admitted at the opening; the pass is an httpOnly cookie for the pass's lifetime.
    const admitted = await first.get(`/ajax/queue/${id}/status`);
    expect(admitted.json()).toEqual({
      state: 'admitted',
      pass_expires_at: at(660).toISOString(),
      return_url: '/checkout/',
    });
    expect(await statusOf(second, id)).toEqual({
      state: 'waiting',
      position: 2,
      ahead: 0,
      estimated_wait_seconds: 10,
    });
    // A reload (another tab, the same cookies) keeps the place.
    expect(await statusOf(second, id)).toMatchObject({ state: 'waiting', position: 2 });

    t.clock.set(at(70));
    const turn = await second.get(`/ajax/queue/${id}/status`);
    expect(turn.json()).toMatchObject({ state: 'admitted', pass_expires_at: at(670).toISOString() });
    const cookie = turn.cookies.find((c) => c.name === 'checkout_pass');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 600 });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // With the cookie kept, asking again issues nothing new.
    const again = await second.get(`/ajax/queue/${id}/status`);
    expect(again.cookies.find((c) => c.name === 'checkout_pass')).toBeUndefined();

    t.clock.set(at(671));
    expect(await statusOf(second, id)).toEqual({ state: 'turn_lost' });
  });

  test('a late arrival joins at the end, in order', async () => {
    const id = await newOnsale(0, 0.01);
    t.clock.set(at(1));
    const places: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const status = await statusOf(await t.visitor(), id);
      places.push(status.state === 'waiting' ? status.position : 1);
    }
    expect(places).toEqual([1, 2, 3]);
  });

  test('an ended on-sale sends the buyer to the checkout', async () => {
    const id = await newOnsale(0, 1);
    await t.db
      .updateTable('onsales')
      .set({ ends_at: at(10) })
      .where('id', '=', id)
      .execute();
    t.clock.set(at(11));
    expect(await statusOf(await t.visitor(), id)).toEqual({ state: 'ended' });
  });

  test('an unknown on-sale or a malformed id is a 404 with a sentence, never a 5xx', async () => {
    const visitor = await t.visitor();
    // A NUL (%00) is refused before routing with its own sentence (http/clean-text.test.ts).
    for (const id of ['999999', 'abc', '0', '1e3', '-1', '12345678901', "1'--"]) {
      const response = await visitor.get(`/ajax/queue/${id}/status`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: messages.queueNotFound });
      const events = await visitor.get(`/ajax/queue/${id}/events`);
      expect(events.statusCode).toBe(404);
      const page = await visitor.get(`/queue/${id}/`);
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain(messages.queueNotFound);
    }
  });
});

describe('POST /ajax/queue/<id>/rejoin', () => {
  test('after a lost turn, the buyer goes to the end of the queue; the XSRF header is required', async () => {
    const id = await newOnsale(60, 0.1, 60);
    const [first, second] = await twoEarlyArrivals(id);
    await statusOf(second, id);
    t.clock.set(at(200));
    expect(await statusOf(first, id)).toEqual({ state: 'turn_lost' });

    expect((await first.post(`/ajax/queue/${id}/rejoin`, {}, { xsrf: false })).statusCode).toBe(403);
    const rejoined = await first.post(`/ajax/queue/${id}/rejoin`);
    expect(rejoined.statusCode).toBe(200);
    const entry = await t.db
      .selectFrom('queue_entries')
      .select(['position', 'pass_hash'])
      .where('onsale_id', '=', id)
      .orderBy('position', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.position).toBe(3);
    // Place 3 is admitted at 80 s: the new turn comes at once, with a new pass.
    expect(QueueStatusSchema.parse(rejoined.json())).toMatchObject({ state: 'admitted' });
    expect(rejoined.cookies.find((c) => c.name === 'checkout_pass')?.value).toMatch(/^[\w-]{43}$/);
  });

  test('a buyer still waiting keeps the place', async () => {
    const id = await newOnsale(0, 0.001);
    t.clock.set(at(1));
    await statusOf(await t.visitor(), id);
    const visitor = await t.visitor();
    expect(await statusOf(visitor, id)).toMatchObject({ state: 'waiting', position: 2 });
    expect(QueueStatusSchema.parse((await visitor.post(`/ajax/queue/${id}/rejoin`)).json())).toMatchObject({
      state: 'waiting',
      position: 2,
    });
  });
});

describe('GET /ajax/queue/<id>/events', () => {
  test('sends the status at once and each second, and ends once admitted', async () => {
    const id = await newOnsale(60, 0.1);
    const [, second] = await twoEarlyArrivals(id);
    const cookie = [...second.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const stream = t.app.inject({ method: 'GET', url: `/ajax/queue/${id}/events`, headers: { cookie } });
    // Admitted at 70 s: the clock gets there while the stream is open.
    setTimeout(() => t.clock.set(at(70)), 1500);
    const response = await stream;
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.body.startsWith('retry: 3000\n\n')).toBe(true);
    const events = eventsOf(response.body);
    expect(events[0]).toEqual({ state: 'waiting', position: 2, ahead: 0, estimated_wait_seconds: 10 });
    expect(events.at(-1)).toEqual({
      state: 'admitted',
      pass_expires_at: at(670).toISOString(),
      return_url: '/checkout/',
    });
    expect(events.slice(0, -1).every((e) => e.state === 'waiting')).toBe(true);
    // The stream words the turn; the pass is handed over by the status call (a stream cannot set a cookie).
    expect(response.cookies.find((c) => c.name === 'checkout_pass')).toBeUndefined();
    const entry = await t.db
      .selectFrom('queue_entries')
      .select('pass_hash')
      .where('onsale_id', '=', id)
      .where('position', '=', 2)
      .executeTakeFirstOrThrow();
    expect(entry.pass_hash).toBeNull();
    expect((await second.get(`/ajax/queue/${id}/status`)).cookies.map((c) => c.name)).toContain('checkout_pass');
  });

  test('an early arrival is placed at the opening while its stream is open', async () => {
    const id = await newOnsale(1, 1);
    const visitor = await t.visitor();
    const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const stream = t.app.inject({ method: 'GET', url: `/ajax/queue/${id}/events`, headers: { cookie } });
    setTimeout(() => t.clock.set(at(2)), 1200);
    const events = eventsOf((await stream).body);
    expect(events[0]).toEqual({ state: 'before_opening', opens_at: at(1).toISOString(), early: true });
    expect(events.at(-1)).toMatchObject({ state: 'admitted' });
  });

  test('early arrivals with streams open are all placed at the opening, each once, and told their turn', async () => {
    const id = await newOnsale(1, 1);
    const visitors = await Promise.all([t.visitor(), t.visitor(), t.visitor()]);
    const streams = visitors.map((visitor) => {
      const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      return t.app.inject({ method: 'GET', url: `/ajax/queue/${id}/events`, headers: { cookie } });
    });
    setTimeout(() => t.clock.set(at(2)), 1200);
    setTimeout(() => t.clock.set(at(10)), 2600);
    for (const response of await Promise.all(streams)) {
      const events = eventsOf(response.body);
      expect(events[0]).toMatchObject({ state: 'before_opening' });
      expect(events.at(-1)).toMatchObject({ state: 'admitted' });
    }
    const places = await t.db
      .selectFrom('queue_entries')
      .select('position')
      .where('onsale_id', '=', id)
      .orderBy('position')
      .execute();
    expect(places.map((row) => row.position)).toEqual([1, 2, 3]);
  });

  test('a final state is sent once and the stream ends at once', async () => {
    const id = await newOnsale(0, 1);
    await t.db
      .updateTable('onsales')
      .set({ ends_at: at(10) })
      .where('id', '=', id)
      .execute();
    t.clock.set(at(11));
    const visitor = await t.visitor();
    const response = await visitor.get(`/ajax/queue/${id}/events`);
    expect(eventsOf(response.body)).toEqual([{ state: 'ended' }]);
  });

  test(`a browser holds at most ${MAX_STREAMS_PER_SESSION} streams in a process; one more is refused with a sentence`, async () => {
    const id = await newOnsale(3600, 1);
    const visitor = await t.visitor();
    const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const open = Array.from({ length: MAX_STREAMS_PER_SESSION }, () =>
      t.app.inject({ method: 'GET', url: `/ajax/queue/${id}/events`, headers: { cookie } }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const refused = await visitor.get(`/ajax/queue/${id}/events`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: messages.queueTooManyStreams });
    // The organiser ends the on-sale: the open streams see it within the on-sale's cache time and end.
    await t.db
      .updateTable('onsales')
      .set({ ends_at: at(1) })
      .where('id', '=', id)
      .execute();
    t.clock.set(at(2));
    for (const response of await Promise.all(open)) expect(eventsOf(response.body).at(-1)).toEqual({ state: 'ended' });
  });
});

describe('the live stream over a real connection', () => {
  test('keeps sending while open, and a browser that goes away frees its place among its streams', async () => {
    const id = await newOnsale(3600, 1);
    const visitor = await t.visitor();
    const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const read = () =>
      new Promise<{ events: number; abort: () => void }>((resolve, reject) => {
        let events = 0;
        const request = http.get(`${address}/ajax/queue/${id}/events`, { headers: { cookie } }, (response) => {
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (events += chunk.split('data: ').length - 1));
          response.on('error', () => undefined);
        });
        request.on('error', () => undefined);
        setTimeout(() => resolve({ events, abort: () => request.destroy() }), 2300);
        request.on('timeout', () => reject(new Error('timeout')));
      });
    const streams = await Promise.all(Array.from({ length: MAX_STREAMS_PER_SESSION }, read));
    for (const stream of streams) expect(stream.events).toBeGreaterThanOrEqual(3);
    for (const stream of streams) stream.abort();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Every stream was let go: another one is not refused.
    await t.db
      .updateTable('onsales')
      .set({ ends_at: at(1) })
      .where('id', '=', id)
      .execute();
    t.clock.set(at(2));
    const again = await visitor.get(`/ajax/queue/${id}/events`);
    expect(again.statusCode).toBe(200);
    // The on-sale's row is trusted for up to 2 s in this process: the end shows within that.
    expect(eventsOf(again.body).at(-1)).toEqual({ state: 'ended' });
  });
});

describe('the queue page', () => {
  test('GET /queue/<id>/ shows the state, a live region, the progress, and reloads itself without JavaScript', async () => {
    const id = await newOnsale(60, 0.1);
    const visitor = await t.visitor();
    const before = await visitor.get(`/queue/${id}/`);
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(before.body).toContain('Sales open at Tuesday 1 January at 12:01pm GMT.');
    expect(before.body).toContain('role="status" aria-live="polite"');
    expect(before.body).toContain('<meta http-equiv="refresh" content="15">');
    expect(before.body).toMatch(/<script src="\/assets\/queue\.[0-9a-f]{10}\.js" defer><\/script>/);
    expect(before.headers['content-security-policy']).toContain("script-src 'self'");

    const other = await t.visitor();
    await other.get(`/queue/${id}/`);
    t.clock.set(at(60));
    const pages = [await visitor.get(`/queue/${id}/`), await other.get(`/queue/${id}/`)];
    const waiting = pages.find((page) => page.body.includes('data-state="waiting"'));
    const admitted = pages.find((page) => page.body.includes('data-state="admitted"'));
    expect(waiting?.body).toContain('<progress id="queue-progress" max="2" value="1"></progress>');
    expect(waiting?.body).toContain(messages.queueProgressLabel);
    expect(admitted?.body).toContain(messages.queueAdmittedHeading.replace("'", '&#39;'));
    expect(admitted?.body).not.toContain('http-equiv="refresh"');
    // The page hands the pass over too, so the checkout link works without the script.
    expect(admitted?.cookies.find((c) => c.name === 'checkout_pass')?.value).toMatch(/^[\w-]{43}$/);
  });
});

describe('GET /checkout/ with gated tickets in the basket', () => {
  test('goes to the queue (303) without a pass, and to the checkout with one', async () => {
    const id = await newOnsale(0, 0.01);
    t.clock.set(at(1));
    const ahead = await t.visitor();
    await statusOf(ahead, id);

    const buyer = await t.visitor();
    expect((await buyer.get('/checkout/')).statusCode).toBe(200);
    expect((await buyer.post(paths.addToBasket, { ticket_id: SEED.ticket.onSale, quantity: 1 })).json()).toEqual({
      success: true,
    });
    const sent = await buyer.get('/checkout/');
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`/queue/${id}/`);

    expect(await statusOf(buyer, id)).toMatchObject({ state: 'waiting', position: 2 });
    expect((await buyer.get('/checkout/')).statusCode).toBe(303);
    t.clock.set(at(101));
    expect(await statusOf(buyer, id)).toMatchObject({ state: 'admitted' });
    expect((await buyer.get('/checkout/')).statusCode).toBe(200);
  });

  test('a basket without gated tickets is served as before', async () => {
    await newOnsale(0, 1);
    const buyer = await t.visitor();
    await buyer.post(paths.addToBasket, { ticket_id: SEED.ticket.galaAdult, quantity: 1 });
    expect((await buyer.get('/checkout/')).statusCode).toBe(200);
  });
});
