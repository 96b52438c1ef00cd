import { expireHolds } from '../inventory/holds';
import { enqueueJob } from '../jobs/queue';
import {
  bankPortal,
  CARDS,
  cardForm,
  freshTickets,
  key,
  payPaths,
  reservedBuyer,
  toBank,
} from '../payment/test-support';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';

const TOKEN = 'metrics-test-token-0123456789';
let t: TestApp;
let closed: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { observability: { ...defaults(), metricsToken: TOKEN } } });
  closed = await createTestApp({ config: { observability: { ...defaults(), metricsToken: undefined } } });
}, 60_000);
afterAll(async () => {
  await t.close();
  await closed.close();
});

function defaults() {
  return {
    sentryDsn: undefined,
    sentryEnvironment: 'test',
    jobRetentionDays: 14,
    outboxRetentionDays: 30,
    retentionSweepMs: 3_600_000,
    // Only the scrape relays, so each count below is what the calls before it committed.
    domainEventRelayMs: 3_600_000,
  };
}

async function scrape(app: TestApp = t): Promise<string> {
  const response = await app.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return response.body;
}

/** The value of one sample, e.g. sample(text, 'reservations_total{outcome="reserved",reason=""}'); 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/metrics', () => {
  test('is a 404 without METRICS_TOKEN, without the bearer token and with a wrong one', async () => {
    const unset = await closed.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(unset.statusCode).toBe(404);
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
      `Basic ${TOKEN}`,
      'Bearer ',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
  });

  test('answers Prometheus text with the process metrics and the database connection waits', async () => {
    const text = await scrape();
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toMatch(/db_connection_acquire_seconds_count\{database="(pglite|postgres)"\} [1-9]/);
    expect(text).toMatch(/db_connection_waiting\{database="(pglite|postgres)"\} \d+/);
    if (process.env.DATABASE_URL) expect(text).toMatch(/db_pool_connections\{state="idle"\} \d+/);
  });

  test('times each answer by call name, method and status class, never by raw URL', async () => {
    const visitor = await t.visitor();
    await visitor.get(`${paths.get}?nonce=${key()}`);
    await visitor.post(paths.addToBasket, { ticket_id: 'x', quantity: 1 });
    await t.app.inject({ method: 'GET', url: `/no-such-page/${key()}` });
    const text = await scrape();
    expect(
      sample(text, 'http_request_duration_seconds_count{route="getCheckout",method="GET",status_class="2xx"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_request_duration_seconds_count{route="addToBasket",method="POST",status_class="4xx"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_request_duration_seconds_count{route="not_found",method="GET",status_class="4xx"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('nonce');
    expect(text).not.toContain('/no-such-page/');
    expect(text).not.toContain('/ajax/');
  });

  test('counts reservations by outcome and refusal reason', async () => {
    const before = await scrape();
    const type = await freshTickets(t, 1);
    await reservedBuyer(t, type, 1);
    const late = await t.visitor();
    await late.post(paths.addToBasket, { ticket_id: type, quantity: 1 });
    expect((await late.post(paths.reserve)).json()).toMatchObject({ reserved: false });
    const empty = await t.visitor();
    await empty.post(paths.reserve);
    const after = await scrape();
    const delta = (series: string) => sample(after, series) - sample(before, series);
    expect(delta('reservations_total{outcome="reserved",reason=""}')).toBe(1);
    expect(delta('reservations_total{outcome="refused",reason="sold_out"}')).toBe(1);
    expect(delta('reservations_total{outcome="refused",reason="empty_basket"}')).toBe(1);
  });

  test('counts payments by provider and outcome: paid and declined', async () => {
    const before = await scrape();
    for (const number of [CARDS.success, CARDS.decline]) {
      const visitor = await reservedBuyer(t, await freshTickets(t, 5), 1);
      const { client_secret } = (await visitor.post(payPaths.getToken, { idempotency_key: key() })).json<{
        client_secret: string;
      }>();
      await visitor.post(payPaths.confirm, cardForm(client_secret, number));
    }
    const after = await scrape();
    const delta = (series: string) => sample(after, series) - sample(before, series);
    expect(delta('payments_total{provider="stripe",outcome="paid"}')).toBe(1);
    expect(delta('payments_total{provider="stripe",outcome="declined"}')).toBe(1);
    expect(delta('domain_events_total{type="order.paid"}')).toBe(1);
    // Counted after commit, once: a second scrape relays nothing new.
    const again = await scrape();
    expect(sample(again, 'payments_total{provider="stripe",outcome="paid"}')).toBe(
      sample(after, 'payments_total{provider="stripe",outcome="paid"}'),
    );
  });

  test('counts every committed domain event by type, from the outbox: a lapsed reservation is sale.expired', async () => {
    const before = await scrape();
    await reservedBuyer(t, await freshTickets(t, 5), 1);
    t.clock.advance(16 * 60_000);
    // Every reservation this file left unpaid lapses with it: one event per sale the sweep expired.
    const swept = await expireHolds(t.db, t.clock.now());
    expect(swept.sales).toBeGreaterThanOrEqual(1);
    const after = await scrape();
    expect(
      sample(after, 'domain_events_total{type="sale.expired"}') -
        sample(before, 'domain_events_total{type="sale.expired"}'),
    ).toBe(swept.sales);
  });

  test('counts bank payments that end unpaid: failed at the bank as declined, cancelled there as cancelled, once each', async () => {
    const before = await scrape();
    const bankStatus = (visitor: Visitor) => visitor.post(payPaths.bankStatus);
    // Failed, and the returning page asks twice.
    const failing = await reservedBuyer(t, await freshTickets(t, 5, { kind: 'square' }), 1);
    await bankPortal(t, await toBank(failing), 'fail');
    for (let poll = 0; poll < 2; poll += 1)
      expect((await bankStatus(failing)).json().truelayer_status).toMatchObject({ status: 'failed' });
    // Cancelled, and the page asks.
    const cancelling = await reservedBuyer(t, await freshTickets(t, 5, { kind: 'square' }), 1);
    await bankPortal(t, await toBank(cancelling), 'cancel');
    await bankStatus(cancelling);
    await bankStatus(cancelling);
    // Cancelled, and the buyer chooses to pay by bank again without the page asking: the new payment replaces it.
    const retrying = await reservedBuyer(t, await freshTickets(t, 5, { kind: 'square' }), 1);
    const first = await toBank(retrying);
    await bankPortal(t, first, 'cancel');
    expect(await toBank(retrying)).not.toBe(first);
    const after = await scrape();
    const delta = (series: string) => sample(after, series) - sample(before, series);
    expect(delta('payments_total{provider="truelayer",outcome="declined"}')).toBe(1);
    expect(delta('payments_total{provider="truelayer",outcome="cancelled"}')).toBe(2);
    expect(delta('payments_total{provider="truelayer",outcome="paid"}')).toBe(0);
  });

  test('reads the job queue at scrape time: due, pending and running jobs and the lag of the oldest due one', async () => {
    const now = t.clock.now();
    await enqueueJob(t.db, { kind: 'metrics.test', runAt: new Date(now.getTime() - 90_000) }, now);
    await enqueueJob(t.db, { kind: 'metrics.test', runAt: new Date(now.getTime() - 30_000) }, now);
    await enqueueJob(t.db, { kind: 'metrics.test', runAt: new Date(now.getTime() + 60_000) }, now);
    const text = await scrape();
    expect(sample(text, 'jobs_due{kind="metrics.test"}')).toBe(2);
    expect(sample(text, 'jobs_pending{kind="metrics.test"}')).toBe(3);
    expect(sample(text, 'jobs_lag_seconds{kind="metrics.test"}')).toBe(90);
    await t.db
      .updateTable('jobs')
      .set({ status: 'done', finished_at: now })
      .where('kind', '=', 'metrics.test')
      .execute();
    const drained = await scrape();
    expect(drained).not.toContain('jobs_due{kind="metrics.test"}');
  });
});
