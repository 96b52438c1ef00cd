import { calls } from '@checkout/shared';
import { markPaid } from '../delivery/test-support';
import { issueTickets } from '../tickets/tickets';
import { guestVisitor } from '../testing/identity';
import { createApiKey } from '../organiser-api/keys';
import { apiMessages } from '../organiser-api/plugin';
import { apiCaller, type ApiCaller } from '../organiser-api/testing';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import { doorMessages } from './messages';

/** Door check-in: one admission per code, whatever the number of doors scanning it at once. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const ORGANISER = SEED.organiser.demo;
const HOUR = 60 * 60 * 1000;

let buyers = 0;
/** A paid guest sale of the on-sale event (organiser 'demo') with its tickets issued. */
async function paidTickets(quantity = 1) {
  buyers += 1;
  const email = `door${buyers}@example.com`;
  const visitor = await guestVisitor(t, email, 'Dana Door', [{ ticket_id: SEED.ticket.onSale, quantity }]);
  const reference = (await visitor.get(paths.get)).json<{ sale_reference: string }>().sale_reference;
  const sale = await t.db.selectFrom('sales').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  await markPaid(t.db, sale.id, t.clock.now());
  await issueTickets(t.db, sale.id, t.clock.now());
  const tickets = await t.db
    .selectFrom('tickets')
    .selectAll()
    .where('sale_id', '=', sale.id)
    .orderBy('position')
    .execute();
  return { visitor, sale, email, tickets };
}

async function doorToken(api: ApiCaller, body: Record<string, unknown> = { name: 'Main door' }) {
  const response = await api.call('POST', '/door-tokens', body);
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number; token: string; door_url: string; expires_at: string; event_id: number | null }>();
}

const asDoor = (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const ticketRow = (id: number) => t.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const checkedInEvents = () =>
  t.db.selectFrom('webhook_events').selectAll().where('type', '=', 'ticket.checked_in').execute();

describe('POST /api/v1/check-ins', () => {
  test('admits a ticket once, with what the door shows; a second scan is refused with the time and the door', async () => {
    const api = await apiCaller(t, ORGANISER);
    const { tickets, email } = await paidTickets();
    const ticket = tickets[0]!;
    const { token } = await doorToken(api);
    const before = (await checkedInEvents()).length;
    // As printed ('ABCD EFGH …') and in lower case: the same code.
    const typed = ticket.code.toLowerCase().replace(/(.{4})(?=.)/g, '$1 ');
    const first = await asDoor(token, 'POST', '/check-ins', { code: typed });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      result: 'admitted',
      ticket: {
        id: ticket.id,
        code: ticket.code,
        ticket_type: expect.any(String),
        position: 1,
        event: { id: SEED.event.onSale, title: 'On-sale test' },
        holder: { name: 'Dana Door', email },
        admitted_at: t.clock.now().toISOString(),
        door: 'Main door',
      },
    });
    expect(await ticketRow(ticket.id)).toMatchObject({ checked_in_at: t.clock.now(), checked_in_by: 'Main door' });
    const events = await checkedInEvents();
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)).toMatchObject({ organiser_id: ORGANISER, data: expect.objectContaining({ id: ticket.id }) });

    const later = new Date(t.clock.now().getTime() + HOUR);
    const admittedAt = t.clock.now();
    t.clock.set(later);
    try {
      const second = await api.call('POST', '/check-ins', { code: ticket.code, door: 'Side door' });
      expect(second.statusCode).toBe(409);
      const body = second.json<{ error: string; admitted_at: string; type: string }>();
      expect(body.admitted_at).toBe(admittedAt.toISOString());
      expect(body.type).toBe('already_admitted');
      expect(body.error).toMatch(/^Already admitted at \d\d:\d\d on \d{1,2} [A-Z][a-z]+ \d{4} \(Main door\)\.$/);
      expect(body.error).toBe(doorMessages.alreadyAdmitted(admittedAt, 'Europe/London', 'Main door'));
      expect(await ticketRow(ticket.id)).toMatchObject({ checked_in_at: admittedAt, checked_in_by: 'Main door' });
      expect(await checkedInEvents()).toHaveLength(before + 1);
    } finally {
      t.clock.set(admittedAt);
    }
  });

  test('the refusal gives the time in the event’s zone', () => {
    expect(doorMessages.alreadyAdmitted(new Date('2031-03-12T19:04:00Z'), 'Europe/London', 'Main door')).toBe(
      'Already admitted at 19:04 on 12 March 2031 (Main door).',
    );
    expect(doorMessages.alreadyAdmitted(new Date('2031-07-12T19:04:00Z'), 'Europe/London', null)).toBe(
      'Already admitted at 20:04 on 12 July 2031.',
    );
  });

  test('20 scans of one code at once, at several doors: exactly one admits, one webhook event', async () => {
    const api = await apiCaller(t, ORGANISER);
    const { tickets } = await paidTickets();
    const ticket = tickets[0]!;
    const doors = await Promise.all([1, 2, 3, 4].map((n) => doorToken(api, { name: `Door ${n}` })));
    const before = (await checkedInEvents()).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => asDoor(doors[i % 4]!.token, 'POST', '/check-ins', { code: ticket.code })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(await checkedInEvents()).toHaveLength(before + 1);
    const admittedBy = answers.find((answer) => answer.statusCode === 200)!.json<{ ticket: { door: string } }>()
      .ticket.door;
    expect((await ticketRow(ticket.id)).checked_in_by).toBe(admittedBy);
  });

  test('a refunded code is refused with its sentence and stays unadmitted', async () => {
    const api = await apiCaller(t, ORGANISER);
    const { tickets } = await paidTickets();
    const ticket = tickets[0]!;
    await t.db
      .updateTable('tickets')
      .set({ voided_at: t.clock.now(), void_reason: 'refunded' })
      .where('id', '=', ticket.id)
      .execute();
    const response = await api.call('POST', '/check-ins', { code: ticket.code });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: doorMessages.refunded });
    expect((await ticketRow(ticket.id)).checked_in_at).toBeNull();
  });

  test('a transferred-away code is refused with its sentence; the new code admits', async () => {
    const api = await apiCaller(t, ORGANISER);
    const { visitor, tickets } = await paidTickets(2);
    const oldCode = tickets[0]!.code;
    const sent = await visitor.post(calls.setTransfers.path, {
      transfers: [{ ticket_id: SEED.ticket.onSale, name: 'Rae Recipient', email: 'rae.door@example.com', qty: 1 }],
    });
    expect(sent.statusCode).toBe(200);
    const mail = await t.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', 'rae.door@example.com')
      .executeTakeFirstOrThrow();
    const link = /\/transfers\/accept\/[A-Za-z0-9_-]+/.exec(mail.text_body ?? '')?.[0];
    // The recipient opens the offer (which accepts nothing) and presses Accept.
    const recipient = await t.visitor();
    expect((await recipient.get(link!)).statusCode).toBe(200);
    expect((await recipient.post(link!)).statusCode).toBe(200);
    const moved = await ticketRow(tickets[0]!.id);
    expect(moved.code).not.toBe(oldCode);

    const refusedOld = await api.call('POST', '/check-ins', { code: oldCode });
    expect(refusedOld.statusCode).toBe(409);
    expect(refusedOld.json()).toMatchObject({ error: doorMessages.transferred });
    const admittedNew = await api.call('POST', '/check-ins', { code: moved.code });
    expect(admittedNew.statusCode).toBe(200);
    expect(admittedNew.json()).toMatchObject({
      ticket: { holder: { name: 'Rae Recipient', email: 'rae.door@example.com' } },
    });
  });

  test("another organiser's key or door token gets the unknown code's 404, and changes nothing", async () => {
    const { tickets } = await paidTickets();
    const ticket = tickets[0]!;
    const stranger = await apiCaller(t, SEED.organiser.folk);
    const { token } = await doorToken(stranger);
    const unknown = await stranger.call('POST', '/check-ins', { code: 'A'.repeat(20) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: doorMessages.unknownCode });
    for (const response of [
      await stranger.call('POST', '/check-ins', { code: ticket.code }),
      await asDoor(token, 'POST', '/check-ins', { code: ticket.code }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ ...unknown.json<object>(), request_id: expect.any(String) });
    }
    expect((await ticketRow(ticket.id)).checked_in_at).toBeNull();
  });

  test('a door token of one event refuses another event’s ticket of the organiser', async () => {
    const api = await apiCaller(t, ORGANISER);
    const other = await t.db
      .insertInto('events')
      .values({ organiser_id: ORGANISER, slug: 'door-other-event', title: 'Another evening' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { tickets } = await paidTickets();
    const { token, event_id } = await doorToken(api, { name: 'Gate', event_id: other.id });
    expect(event_id).toBe(other.id);
    const response = await asDoor(token, 'POST', '/check-ins', { code: tickets[0]!.code });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: doorMessages.otherEvent('On-sale test') });
    expect((await ticketRow(tickets[0]!.id)).checked_in_at).toBeNull();
    const limited = await doorToken(api, { name: 'Gate', event_id: SEED.event.onSale });
    expect((await asDoor(limited.token, 'POST', '/check-ins', { code: tickets[0]!.code })).statusCode).toBe(200);
  });

  test.each([
    ['too short', { code: 'ABC' }],
    ['a digit base32 has not', { code: 'A'.repeat(19) + '1' }],
    ['no code', {}],
    ['a number', { code: 12 }],
    ['too long', { code: 'A'.repeat(65) }],
    ['an empty door', { code: 'A'.repeat(20), door: ' ' }],
  ])('%s: 400 with a sentence', async (_name, body) => {
    const api = await apiCaller(t, ORGANISER);
    const response = await api.call('POST', '/check-ins', body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error.length).toBeGreaterThan(10);
  });

  test('a read-only key may read the log but not admit (403)', async () => {
    const reader = await apiCaller(t, ORGANISER, 'read');
    const { tickets } = await paidTickets();
    const response = await reader.call('POST', '/check-ins', { code: tickets[0]!.code });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: apiMessages.readOnly });
    expect((await ticketRow(tickets[0]!.id)).checked_in_at).toBeNull();
    expect((await reader.call('GET', '/check-ins')).statusCode).toBe(200);
  });
});

describe('door tokens', () => {
  test('a door token reads its door, and can call nothing else (403)', async () => {
    const api = await apiCaller(t, ORGANISER);
    const created = await doorToken(api, { name: 'Main door', event_id: SEED.event.onSale, expires_in_hours: 6 });
    expect(created.door_url).toBe(`/door/#token=${created.token}`);
    expect(created.expires_at).toBe(new Date(t.clock.now().getTime() + 6 * HOUR).toISOString());
    const me = await asDoor(created.token, 'GET', '/door/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      name: 'Main door',
      organiser_name: expect.any(String),
      event: { id: SEED.event.onSale, title: 'On-sale test' },
      expires_at: created.expires_at,
    });
    for (const [method, url, body] of [
      ['GET', '/me', undefined],
      ['GET', '/check-ins', undefined],
      ['POST', '/door-tokens', { name: 'Sneaky' }],
    ] as const) {
      const response = await asDoor(created.token, method, url, body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: apiMessages.doorOnly });
    }
    const rows = await t.db.selectFrom('organiser_api_keys').selectAll().where('id', '=', created.id).execute();
    expect(JSON.stringify(rows)).not.toContain(created.token);
    expect(rows[0]).toMatchObject({ scope: 'door', event_id: SEED.event.onSale, name: 'Main door' });
  });

  test('an expired door token is refused (401); so is a revoked one, and revoking twice is a 404', async () => {
    const api = await apiCaller(t, ORGANISER);
    const { tickets } = await paidTickets(2);
    const short = await doorToken(api, { name: 'Short', expires_in_hours: 1 });
    const start = t.clock.now();
    t.clock.set(new Date(start.getTime() + HOUR));
    try {
      const expired = await asDoor(short.token, 'POST', '/check-ins', { code: tickets[0]!.code });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ error: apiMessages.badKey });
    } finally {
      t.clock.set(start);
    }
    const revoked = await doorToken(api);
    expect((await api.call('DELETE', `/door-tokens/${revoked.id}`)).statusCode).toBe(204);
    expect((await asDoor(revoked.token, 'POST', '/check-ins', { code: tickets[1]!.code })).statusCode).toBe(401);
    expect((await api.call('DELETE', `/door-tokens/${revoked.id}`)).statusCode).toBe(404);
    expect((await ticketRow(tickets[0]!.id)).checked_in_at).toBeNull();
    expect((await ticketRow(tickets[1]!.id)).checked_in_at).toBeNull();
  });

  test("revoking: another organiser's token or a plain key is a 404, and still works", async () => {
    const api = await apiCaller(t, ORGANISER);
    const mine = await doorToken(api);
    const stranger = await apiCaller(t, SEED.organiser.folk);
    expect((await stranger.call('DELETE', `/door-tokens/${mine.id}`)).statusCode).toBe(404);
    const key = await createApiKey(t.db, { organiserId: ORGANISER, scope: 'read' }, t.clock.now());
    expect((await api.call('DELETE', `/door-tokens/${key.keyId}`)).statusCode).toBe(404);
    expect((await asDoor(mine.token, 'GET', '/door/me')).statusCode).toBe(200);
  });

  test.each([
    ['no name', {}],
    ['hours out of range', { name: 'Door', expires_in_hours: 73 }],
    ['zero hours', { name: 'Door', expires_in_hours: 0 }],
    ['fractional hours', { name: 'Door', expires_in_hours: 1.5 }],
    ['a name too long', { name: 'D'.repeat(61) }],
  ])('%s: 400', async (_name, body) => {
    const api = await apiCaller(t, ORGANISER);
    expect((await api.call('POST', '/door-tokens', body)).statusCode).toBe(400);
  });

  test("another organiser's event is a 404; a read-only key cannot make tokens", async () => {
    const api = await apiCaller(t, ORGANISER);
    const response = await api.call('POST', '/door-tokens', { name: 'Door', event_id: SEED.event.folk });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: doorMessages.noEvent });
    const reader = await apiCaller(t, ORGANISER, 'read');
    expect((await reader.call('POST', '/door-tokens', { name: 'Door' })).statusCode).toBe(403);
  });
});

describe('GET /api/v1/check-ins', () => {
  test("lists the organiser's admitted tickets page by page, and none of another organiser's", async () => {
    const api = await apiCaller(t, ORGANISER);
    const { tickets } = await paidTickets(3);
    for (const ticket of tickets)
      expect((await api.call('POST', '/check-ins', { code: ticket.code })).statusCode).toBe(200);
    const all: number[] = [];
    let after = 0;
    for (;;) {
      const page = (await api.call('GET', `/check-ins?limit=2&after=${after}&event_id=${SEED.event.onSale}`)).json<{
        data: { id: number }[];
        next_cursor: number | null;
      }>();
      all.push(...page.data.map((row) => row.id));
      if (page.next_cursor === null) break;
      after = page.next_cursor;
    }
    expect(all).toEqual(expect.arrayContaining(tickets.map((ticket) => ticket.id)));
    const stranger = await apiCaller(t, SEED.organiser.folk);
    const theirs = (await stranger.call('GET', '/check-ins')).json<{ data: { id: number }[] }>();
    expect(theirs.data.map((row) => row.id)).not.toEqual(expect.arrayContaining([tickets[0]!.id]));
  });
});
