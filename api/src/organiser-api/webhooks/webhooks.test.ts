import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { calls } from '@checkout/shared';
import { markPaid } from '../../delivery/test-support';
import { issueTickets } from '../../tickets/tickets';
import { guestVisitor, reservedVisitor } from '../../testing/identity';
import { expireHolds } from '../../inventory/holds';
import type { JobRunner } from '../../jobs/queue';
import { SEED } from '../../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../../testing/test-app';
import { apiCaller, type ApiCaller } from '../testing';
import { startWebhookRunner, WEBHOOK_USER_AGENT } from './deliver';
import { recordWebhookEvent, WEBHOOK_MAX_ATTEMPTS } from './record';
import { verifySignature } from './sign';

/** Webhooks end to end: endpoints through the API, deliveries to a real listener on 127.0.0.1, retries by the clock. */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver answering each request with the next status of `statuses` (the last one repeated). */
async function listener(statuses: number[] = [200]) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let runner: JobRunner;
const runnerErrors: unknown[] = [];
beforeAll(async () => {
  // The app's own runner waits an hour between runs: the tests run deliveries themselves with runDue.
  t = await createTestApp({
    config: { webhooks: { allowPrivateUrls: true, deliverEveryMs: 3_600_000, timeoutMs: 1000 } },
  });
  runner = startWebhookRunner(t.deps, (error) => runnerErrors.push(error), t.app.log, 3_600_000);
}, 60_000);
afterAll(async () => {
  await runner.stop();
  await t.close();
});
afterEach(() => expect(runnerErrors).toEqual([]));

async function createEndpoint(api: ApiCaller, url: string, events: string[] = ['order.paid']) {
  const response = await api.call('POST', '/webhooks', { url, events });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number; secret: string }>();
}

const orderPaid = (organiserId: number, data: Record<string, unknown> = { reference: 'ABC123' }) =>
  recordWebhookEvent(t.db, { organiserId, type: 'order.paid', data }, t.clock.now());

interface DeliveryView {
  id: number;
  event_id: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  attempt_log: { status_code: number | null; error: string | null }[];
}

async function deliveries(api: ApiCaller, endpointId: number): Promise<DeliveryView[]> {
  const response = await api.call('GET', `/webhooks/${endpointId}/deliveries`);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: DeliveryView[] }>().data;
}

const VALID_TYPES = 'order.paid, order.refunded, ticket.transferred, ticket.checked_in, sale.expired';

describe('endpoints', () => {
  test('create shows the secret once; list, get, change, disable', async () => {
    const api = await apiCaller(t, SEED.organiser.lifeboat);
    const created = await api.call('POST', '/webhooks', {
      url: 'https://example.com/hooks',
      events: ['order.paid', 'sale.expired', 'order.paid'],
    });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json<{ id: number; secret: string; events: string[] }>();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(endpoint).toMatchObject({ events: ['order.paid', 'sale.expired'], disabled: false, disabled_at: null });

    const got = await api.call('GET', `/webhooks/${endpoint.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual({ ...created.json<Record<string, unknown>>(), secret: undefined });
    expect(got.body).not.toContain(endpoint.secret);
    const listed = await api.call('GET', '/webhooks');
    expect(listed.json<{ data: { id: number }[] }>().data.map((row) => row.id)).toEqual([endpoint.id]);
    expect(listed.body).not.toContain(endpoint.secret);

    const patched = await api.call('PATCH', `/webhooks/${endpoint.id}`, {
      url: 'https://example.com/other',
      events: ['ticket.checked_in'],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ url: 'https://example.com/other', events: ['ticket.checked_in'] });

    const deleted = await api.call('DELETE', `/webhooks/${endpoint.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ disabled: true, disabled_at: t.clock.now().toISOString() });
    // Kept for its log, and can be enabled again.
    expect((await api.call('GET', `/webhooks/${endpoint.id}`)).json()).toMatchObject({ disabled: true });
    const enabled = await api.call('PATCH', `/webhooks/${endpoint.id}`, { disabled: false });
    expect(enabled.json()).toMatchObject({ disabled: false, disabled_at: null });
  });

  test("another organiser's endpoint is a 404 for every operation, and nothing changes", async () => {
    const owner = await apiCaller(t, SEED.organiser.folk);
    const other = await apiCaller(t, SEED.organiser.jazz);
    const { id } = await createEndpoint(owner, 'https://example.com/folk');
    await orderPaid(SEED.organiser.folk);
    const before = await owner.call('GET', `/webhooks/${id}`);
    const [delivery] = await deliveries(owner, id);
    for (const [method, path, body] of [
      ['GET', `/webhooks/${id}`, undefined],
      ['PATCH', `/webhooks/${id}`, { url: 'https://evil.example/' }],
      ['DELETE', `/webhooks/${id}`, undefined],
      ['GET', `/webhooks/${id}/deliveries`, undefined],
      ['POST', `/webhooks/${id}/deliveries/${delivery?.id ?? 0}/retry`, undefined],
    ] as const) {
      const response = await other.call(method, path, body);
      expect([method, path, response.statusCode]).toEqual([method, path, 404]);
      expect(response.json<{ error: string }>().error).toMatch(
        /^There is no webhook (endpoint|delivery) with that id\.$/,
      );
    }
    expect((await other.call('GET', '/webhooks')).json()).toEqual({ data: [] });
    expect((await owner.call('GET', `/webhooks/${id}`)).body).toBe(before.body);
    await owner.call('DELETE', `/webhooks/${id}`);
  });

  test('a read-only key reads but cannot change anything (403)', async () => {
    const writer = await apiCaller(t, SEED.organiser.lumen);
    const reader = await apiCaller(t, SEED.organiser.lumen, 'read');
    const { id } = await createEndpoint(writer, 'https://example.com/lumen');
    expect((await reader.call('GET', `/webhooks/${id}`)).statusCode).toBe(200);
    expect((await reader.call('GET', `/webhooks/${id}/deliveries`)).statusCode).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/webhooks', { url: 'https://example.com/x', events: ['order.paid'] }],
      ['PATCH', `/webhooks/${id}`, { disabled: true }],
      ['DELETE', `/webhooks/${id}`, undefined],
      ['POST', `/webhooks/${id}/deliveries/1/retry`, undefined],
    ] as const)
      expect((await reader.call(method, path, body)).statusCode).toBe(403);
    expect((await writer.call('GET', `/webhooks/${id}`)).json()).toMatchObject({ disabled: false });
  });

  test.each([
    ['a non-http scheme', { url: 'ftp://example.com/x', events: ['order.paid'] }, 'The URL must start with https://'],
    ['not a URL', { url: 'example.com/hooks', events: ['order.paid'] }, 'The URL is not a valid absolute URL'],
    ['credentials in the URL', { url: 'https://u:p@example.com/', events: ['order.paid'] }, 'must not contain a user'],
    ['a URL too long', { url: `https://example.com/${'a'.repeat(2100)}`, events: ['order.paid'] }, 'at most 2048'],
    ['an unknown event', { url: 'https://example.com/', events: ['order.shipped'] }, `one of: ${VALID_TYPES}`],
    ['no events', { url: 'https://example.com/', events: [] }, 'at least 1 items'],
    ['events not a list', { url: 'https://example.com/', events: 'order.paid' }, 'must be a list'],
    ['no url', { events: ['order.paid'] }, "'url' is required"],
    ['an unknown field', { url: 'https://example.com/', events: ['order.paid'], secret: 'mine' }, 'not valid'],
  ])('%s is refused with 400 and a sentence, and nothing is created', async (_name, body, sentence) => {
    const api = await apiCaller(t, SEED.organiser.europa);
    const response = await api.call('POST', '/webhooks', body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain(sentence);
    expect((await api.call('GET', '/webhooks')).json()).toEqual({ data: [] });
  });

  test('a bad URL or event in a change is refused and changes nothing', async () => {
    const api = await apiCaller(t, SEED.organiser.villageHall);
    const { id } = await createEndpoint(api, 'https://example.com/vh');
    expect((await api.call('PATCH', `/webhooks/${id}`, { url: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await api.call('PATCH', `/webhooks/${id}`, { events: ['order.paid', 'ping'] })).statusCode).toBe(400);
    expect((await api.call('PATCH', `/webhooks/${id}`, { disabled: 'yes' })).statusCode).toBe(400);
    expect((await api.call('GET', `/webhooks/${id}`)).json()).toMatchObject({
      url: 'https://example.com/vh',
      events: ['order.paid'],
      disabled: false,
    });
  });
});

describe('deliveries', () => {
  test('a listener receives the event, signed with the endpoint secret', async () => {
    const receiver = await listener();
    try {
      const api = await apiCaller(t, SEED.organiser.canal);
      const { id, secret } = await createEndpoint(api, receiver.url, ['order.paid']);
      const eventId = await orderPaid(SEED.organiser.canal, { reference: 'CANAL1', total_minor: 1250 });
      // Not subscribed: no delivery.
      await recordWebhookEvent(
        t.db,
        { organiserId: SEED.organiser.canal, type: 'sale.expired', data: {} },
        t.clock.now(),
      );
      await runner.runDue();
      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
      const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
      const header = request?.headers['checkout-signature'];
      expect(
        verifySignature(secret, typeof header === 'string' ? header : undefined, request?.body ?? '', nowSeconds),
      ).toEqual({
        ok: true,
        timestamp: nowSeconds,
      });
      expect(verifySignature('whsec_wrong', String(header), request?.body ?? '', nowSeconds).ok).toBe(false);
      expect(JSON.parse(request?.body ?? '')).toEqual({
        id: eventId,
        type: 'order.paid',
        created: nowSeconds,
        data: { reference: 'CANAL1', total_minor: 1250 },
      });
      const [delivery] = await deliveries(api, id);
      expect(delivery).toMatchObject({
        event_id: eventId,
        event_type: 'order.paid',
        status: 'delivered',
        attempts: 1,
        last_status_code: 200,
        last_error: null,
        next_attempt_at: null,
      });
      expect(delivery?.attempt_log).toMatchObject([{ status_code: 200, error: null }]);
      // Delivered once: nothing more is sent.
      t.clock.advance(60_000);
      await runner.runDue();
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  test('a listener that answers 500 gets the event again after the backoff; the log shows both attempts', async () => {
    const receiver = await listener([500, 200]);
    try {
      const api = await apiCaller(t, SEED.organiser.express);
      const { id } = await createEndpoint(api, receiver.url);
      const eventId = await orderPaid(SEED.organiser.express);
      await runner.runDue();
      let [delivery] = await deliveries(api, id);
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500 });
      expect(delivery?.last_error).toContain('answered 500');
      expect(delivery?.next_attempt_at).toBe(new Date(t.clock.now().getTime() + 30_000).toISOString());
      t.clock.advance(29_000);
      await runner.runDue();
      expect(receiver.received).toHaveLength(1);
      t.clock.advance(1_000);
      await runner.runDue();
      [delivery] = await deliveries(api, id);
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200, last_error: null });
      expect(delivery?.attempt_log).toMatchObject([{ status_code: 500 }, { status_code: 200, error: null }]);
      // The same event both times: a receiver can ignore the repeat by its id.
      expect(receiver.received.map((r) => (JSON.parse(r.body) as { id: string }).id)).toEqual([eventId, eventId]);
    } finally {
      await receiver.close();
    }
  });

  test('a listener that never succeeds: failed after the last attempt; a retry by hand sends it again', async () => {
    const receiver = await listener([503]);
    const timeouts = await new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
      // Accepts the request and never answers: the attempt times out.
      const server = createServer(() => undefined);
      server.listen(0, '127.0.0.1', () =>
        resolve({
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
          close: () => {
            server.closeAllConnections();
            return new Promise<void>((done) => server.close(() => done()));
          },
        }),
      );
    });
    try {
      const api = await apiCaller(t, SEED.organiser.jazz);
      const { id } = await createEndpoint(api, receiver.url);
      await orderPaid(SEED.organiser.jazz);
      for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt += 1) {
        await runner.runDue();
        t.clock.advance(30_000 * 2 ** (attempt - 1));
      }
      await runner.runDue();
      expect(receiver.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
      const [failed] = await deliveries(api, id);
      expect(failed).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, last_status_code: 503 });
      expect(failed?.attempt_log).toHaveLength(WEBHOOK_MAX_ATTEMPTS);

      // Retried by hand to a receiver that does not answer: a timeout is recorded as the attempt's error.
      expect((await api.call('PATCH', `/webhooks/${id}`, { url: timeouts.url })).statusCode).toBe(200);
      const retryPath = `/webhooks/${id}/deliveries/${failed?.id ?? 0}/retry`;
      const [first, second] = await Promise.all([api.call('POST', retryPath), api.call('POST', retryPath)]);
      expect([first?.statusCode, second?.statusCode].sort()).toEqual([202, 409]);
      await runner.runDue();
      let [delivery] = await deliveries(api, id);
      expect(delivery).toMatchObject({
        status: 'pending',
        last_status_code: null,
        last_error: 'No answer within 1 s.',
      });

      // And once the receiver is back, the next attempt delivers it.
      const healthy = await listener([204]);
      try {
        expect((await api.call('PATCH', `/webhooks/${id}`, { url: healthy.url })).statusCode).toBe(200);
        t.clock.advance(30_000);
        await runner.runDue();
        [delivery] = await deliveries(api, id);
        expect(delivery).toMatchObject({ status: 'delivered', last_status_code: 204 });
        const again = await api.call('POST', retryPath);
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({ error: 'Only a failed delivery can be retried; this one is delivered.' });
      } finally {
        await healthy.close();
      }
    } finally {
      await receiver.close();
      await timeouts.close();
    }
  });

  test('a refused connection is an attempt that failed, retried like any other', async () => {
    const receiver = await listener();
    const url = receiver.url;
    await receiver.close();
    const api = await apiCaller(t, SEED.organiser.europa);
    const { id } = await createEndpoint(api, url);
    await orderPaid(SEED.organiser.europa);
    await runner.runDue();
    const [delivery] = await deliveries(api, id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null });
    expect(delivery?.last_error).toContain('ECONNREFUSED');
    await api.call('DELETE', `/webhooks/${id}`);
  });

  test('a disabled endpoint receives nothing: its pending deliveries stop and new events skip it', async () => {
    const receiver = await listener();
    try {
      const api = await apiCaller(t, SEED.organiser.villageHall);
      const { id } = await createEndpoint(api, receiver.url);
      await orderPaid(SEED.organiser.villageHall);
      expect((await api.call('DELETE', `/webhooks/${id}`)).statusCode).toBe(200);
      await orderPaid(SEED.organiser.villageHall);
      await runner.runDue();
      expect(receiver.received).toEqual([]);
      const log = await deliveries(api, id);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ status: 'failed', attempts: 0 });
      expect(log[0]?.last_error).toContain('disabled');
      const retried = await api.call('POST', `/webhooks/${id}/deliveries/${log[0]?.id ?? 0}/retry`);
      expect(retried.statusCode).toBe(409);
    } finally {
      await receiver.close();
    }
  });

  test('the delivery log is paged by cursor', async () => {
    const api = await apiCaller(t, SEED.organiser.demo);
    const { id } = await createEndpoint(api, 'http://127.0.0.1:9/never', ['order.refunded']);
    for (let i = 0; i < 3; i += 1)
      await recordWebhookEvent(
        t.db,
        { organiserId: SEED.organiser.demo, type: 'order.refunded', data: { i } },
        t.clock.now(),
      );
    const first = (await api.call('GET', `/webhooks/${id}/deliveries?limit=2`)).json<{
      data: { id: number }[];
      next_cursor: number | null;
    }>();
    expect(first.data).toHaveLength(2);
    const second = (await api.call('GET', `/webhooks/${id}/deliveries?limit=2&after=${first.next_cursor ?? 0}`)).json<{
      data: { id: number }[];
      next_cursor: number | null;
    }>();
    expect(second.data).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    expect((await api.call('GET', `/webhooks/${id}/deliveries?limit=0`)).statusCode).toBe(400);
    await api.call('DELETE', `/webhooks/${id}`);
    await runner.runDue();
  });
});

describe('events from the real flows', () => {
  test('a reservation that lapses is reported as sale.expired to its organiser, with its lines and not its reference', async () => {
    const receiver = await listener();
    try {
      const api = await apiCaller(t, SEED.organiser.demo);
      const { id, secret } = await createEndpoint(api, receiver.url, ['sale.expired']);
      const visitor = await reservedVisitor(t, [{ ticket_id: SEED.ticket.onSale, quantity: 2 }]);
      const reference = (await visitor.get(paths.get)).json<{ sale_reference: string }>().sale_reference;
      expect((await expireHolds(t.db, t.clock.now())).sales).toBe(0);
      t.clock.advance(t.deps.config.holdSeconds * 1000);
      expect((await expireHolds(t.db, t.clock.now())).sales).toBe(1);
      // Swept again: no second event.
      await expireHolds(t.db, t.clock.now());
      const events = await t.db
        .selectFrom('webhook_events')
        .select(['type', 'data'])
        .where('organiser_id', '=', SEED.organiser.demo)
        .where('type', '=', 'sale.expired')
        .execute();
      expect(events).toHaveLength(1);
      expect(events[0]?.data).toEqual({
        lines: [{ ticket_type_id: SEED.ticket.onSale, name: expect.any(String), qty: 2 }],
        expired_at: t.clock.now().toISOString(),
      });
      await runner.runDue();
      const [request] = receiver.received;
      const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
      expect(
        verifySignature(secret, String(request?.headers['checkout-signature']), request?.body ?? '', nowSeconds).ok,
      ).toBe(true);
      expect(JSON.parse(request?.body ?? '')).toMatchObject({ type: 'sale.expired', data: events[0]?.data });
      // An unpaid sale's reference is its recovery link: no receiver of the event can open the checkout with it.
      expect(request?.body).not.toContain(reference);
      await api.call('DELETE', `/webhooks/${id}`);
    } finally {
      await receiver.close();
    }
  });

  test('a sale.expired event stored with a reference (before it was left out) goes out without it', async () => {
    const receiver = await listener();
    try {
      const api = await apiCaller(t, SEED.organiser.canal);
      const { id } = await createEndpoint(api, receiver.url, ['sale.expired']);
      const lines = [{ ticket_type_id: 1, name: 'Adult', qty: 1 }];
      await recordWebhookEvent(
        t.db,
        { organiserId: SEED.organiser.canal, type: 'sale.expired', data: { reference: 'CT-ABCDEFGHJKLMNPQR', lines } },
        t.clock.now(),
      );
      await runner.runDue();
      const [request] = receiver.received;
      expect(JSON.parse(request?.body ?? '').data).toEqual({ lines });
      expect(request?.body).not.toContain('CT-ABCDEFGHJKLMNPQR');
      await api.call('DELETE', `/webhooks/${id}`);
    } finally {
      await receiver.close();
    }
  });

  test('an accepted transfer is reported as ticket.transferred with the old codes and the new owner', async () => {
    const api = await apiCaller(t, SEED.organiser.demo);
    const { id } = await createEndpoint(api, 'http://127.0.0.1:9/unused', ['ticket.transferred']);
    const visitor = await guestVisitor(t, 'giver@example.com', 'Gail Giver', [
      { ticket_id: SEED.ticket.onSale, quantity: 2 },
    ]);
    const reference = (await visitor.get(paths.get)).json<{ sale_reference: string }>().sale_reference;
    const sale = await t.db
      .selectFrom('sales')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    await markPaid(t.db, sale.id, t.clock.now());
    await issueTickets(t.db, sale.id, t.clock.now());
    const before = await t.db
      .selectFrom('tickets')
      .select(['id', 'code'])
      .where('sale_id', '=', sale.id)
      .orderBy('position')
      .execute();
    const sent = await visitor.post(calls.setTransfers.path, {
      transfers: [{ ticket_id: SEED.ticket.onSale, name: 'Rae Recipient', email: 'rae.webhook@example.com', qty: 1 }],
    });
    expect(sent.json()).toEqual({ success: true });
    const transfer = await t.db
      .selectFrom('ticket_transfers')
      .select(['id', 'token'])
      .where('sale_id', '=', sale.id)
      .executeTakeFirstOrThrow();
    // The recipient opens the link (the offer, which accepts nothing) and presses Accept.
    const recipient = await t.visitor();
    expect((await recipient.get(`/transfers/accept/${transfer.token}`)).statusCode).toBe(200);
    expect((await recipient.post(`/transfers/accept/${transfer.token}`)).statusCode).toBe(200);
    // Accepting again changes nothing and reports nothing.
    await recipient.post(`/transfers/accept/${transfer.token}`);
    const moved = await t.db
      .selectFrom('transfer_tickets as tt')
      .innerJoin('tickets', 'tickets.id', 'tt.ticket_id')
      .select(['tickets.id', 'tickets.code'])
      .where('tt.transfer_id', '=', transfer.id)
      .execute();
    const events = await t.db
      .selectFrom('webhook_events')
      .select(['data'])
      .where('organiser_id', '=', SEED.organiser.demo)
      .where('type', '=', 'ticket.transferred')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toEqual({
      transfer: expect.objectContaining({ id: transfer.id, order_reference: reference }) as unknown,
      new_owner: { name: 'Rae Recipient', email: 'rae.webhook@example.com' },
      tickets: moved.map((ticket) =>
        expect.objectContaining({
          id: ticket.id,
          code: ticket.code,
          previous_code: before.find((old) => old.id === ticket.id)?.code,
          ticket_type_id: SEED.ticket.onSale,
        }),
      ) as unknown,
    });
    expect(moved.every((ticket) => before.find((old) => old.id === ticket.id)?.code !== ticket.code)).toBe(true);
    expect((await deliveries(api, id)).map((d) => d.event_id)).toHaveLength(1);
    await api.call('DELETE', `/webhooks/${id}`);
    await runner.runDue();
  });
});
