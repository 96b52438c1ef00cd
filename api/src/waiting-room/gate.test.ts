import { queueRequired } from '@checkout/shared/messages/queue';
import { QueueRequiredAnswerSchema } from '@checkout/shared';
import { hashToken } from '../session/tokens';
import { reservationsTotal } from '../observability/metrics';
import { freshTicketType, salePaths, saleOf, stockOf } from '../testing/sale-support';
import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { PASS_COOKIE, queueStatus } from './queue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());
afterEach(async () => {
  await t.db.deleteFrom('onsales').execute();
  t.clock.set(new Date('2030-01-01T12:00:00Z'));
});

const seconds = (n: number) => new Date(t.clock.now().getTime() + n * 1000);

/** An on-sale of these ticket types (of the 'On-sale test' event's organiser), opening `opensIn` seconds from now. */
async function onsaleOf(
  ticketTypeIds: number[],
  more: { opensIn?: number; rate?: number; endsIn?: number; passSeconds?: number } = {},
): Promise<number> {
  const event = await t.db
    .selectFrom('events')
    .select('organiser_id')
    .where('id', '=', SEED.event.onSale)
    .executeTakeFirstOrThrow();
  const opens = seconds(more.opensIn ?? 0);
  const row = await t.db
    .insertInto('onsales')
    .values({
      organiser_id: event.organiser_id,
      event_id: null,
      opens_at: opens,
      ends_at: more.endsIn === undefined ? null : seconds(more.endsIn),
      admission_per_second: more.rate ?? 1000,
      pass_seconds: more.passSeconds ?? 600,
      admission_base_at: opens,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('onsale_ticket_types')
    .values(ticketTypeIds.map((id) => ({ onsale_id: row.id, ticket_type_id: id })))
    .execute();
  return row.id;
}

async function buyer(lines: [number, number][]): Promise<Visitor> {
  const visitor = await t.visitor();
  for (const [ticketId, quantity] of lines) {
    const added = await visitor.post(salePaths.add, { ticket_id: ticketId, quantity });
    expect(added.json()).toEqual({ success: true });
  }
  return visitor;
}

async function sessionIdOf(visitor: Visitor): Promise<number> {
  const token = visitor.cookies.get('checkout_sid') ?? '';
  const row = await t.db
    .selectFrom('sessions')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The visitor queues and, admitted, keeps the pass cookie as the status endpoint sets it. */
async function admit(visitor: Visitor, onsaleId: number): Promise<string> {
  const answer = await queueStatus(t.db, onsaleId, await sessionIdOf(visitor), t.clock.now());
  expect(answer?.status.state).toBe('admitted');
  const token = answer?.pass?.token ?? '';
  visitor.cookies.set(PASS_COOKIE, token);
  return token;
}

async function entryOf(visitor: Visitor, onsaleId: number) {
  return t.db
    .selectFrom('queue_entries')
    .selectAll()
    .where('onsale_id', '=', onsaleId)
    .where('session_id', '=', await sessionIdOf(visitor))
    .executeTakeFirstOrThrow();
}

function expectQueueRefusal(response: { statusCode: number; json(): unknown }, onsaleId: number): void {
  expect(response.statusCode).toBe(403);
  expect(QueueRequiredAnswerSchema.parse(response.json())).toEqual({
    reserved: false,
    error: queueRequired,
    queue_url: `/queue/${onsaleId}/`,
  });
}

test('without a pass: 403 with the sentence and the queue, nothing held', async () => {
  const type = await freshTicketType(t, 10);
  const onsale = await onsaleOf([type]);
  const visitor = await buyer([[type, 2]]);
  expectQueueRefusal(await visitor.post(salePaths.reserve), onsale);
  expect(await stockOf(t, type)).toMatchObject({ held: 0, activeHolds: 0 });
  expect((await saleOf(t, visitor)).status).toBe('basket');
});

test('with a valid pass: reserved and the pass used; a second press answers the reservation again', async () => {
  const type = await freshTicketType(t, 10);
  const onsale = await onsaleOf([type]);
  const visitor = await buyer([[type, 2]]);
  await admit(visitor, onsale);
  const reserved = await visitor.post(salePaths.reserve);
  expect(reserved.statusCode).toBe(200);
  expect(reserved.json()).toMatchObject({ reserved: true, fresh_reservation: true });
  expect(await stockOf(t, type)).toMatchObject({ held: 2, activeHolds: 2 });
  const sale = await saleOf(t, visitor);
  expect(await entryOf(visitor, onsale)).toMatchObject({ claimed_sale_id: sale.id, pass_used_at: t.clock.now() });

  t.clock.advance(5_000);
  const again = await visitor.post(salePaths.reserve);
  expect(again.statusCode).toBe(200);
  expect(again.json()).toMatchObject({ reserved: true, fresh_reservation: false });
});

test('the full path (a basket rule to check) is gated the same way', async () => {
  const type = await freshTicketType(t, 10, { min_per_customer: 2 });
  const onsale = await onsaleOf([type]);
  const visitor = await buyer([[type, 2]]);
  // Min per customer: reserve_basket leaves this basket to the application's checks.
  expectQueueRefusal(await visitor.post(salePaths.reserve), onsale);
  await admit(visitor, onsale);
  expect((await visitor.post(salePaths.reserve)).json()).toMatchObject({ reserved: true });
});

test('the pass is single use: after Edit basket gave the reservation back, the same pass is refused', async () => {
  const type = await freshTicketType(t, 10);
  const onsale = await onsaleOf([type]);
  const visitor = await buyer([[type, 1]]);
  await admit(visitor, onsale);
  expect((await visitor.post(salePaths.reserve)).json()).toMatchObject({ reserved: true });
  expect((await visitor.post(salePaths.destroy)).json()).toEqual({ success: true });
  t.clock.advance(1_000);
  expectQueueRefusal(await visitor.post(salePaths.reserve), onsale);
  expect(await stockOf(t, type)).toMatchObject({ held: 0, activeHolds: 0 });
});

test("the pass is bound to its session: another browser's copy of the cookie is refused and stays usable", async () => {
  const type = await freshTicketType(t, 10);
  const onsale = await onsaleOf([type]);
  const owner = await buyer([[type, 1]]);
  const token = await admit(owner, onsale);
  const thief = await buyer([[type, 1]]);
  thief.cookies.set(PASS_COOKIE, token);
  expectQueueRefusal(await thief.post(salePaths.reserve), onsale);
  expect(await entryOf(owner, onsale)).toMatchObject({ claimed_sale_id: null, pass_used_at: null });
  expect((await owner.post(salePaths.reserve)).json()).toMatchObject({ reserved: true });
});

test('an expired pass is refused', async () => {
  const type = await freshTicketType(t, 10);
  const onsale = await onsaleOf([type], { passSeconds: 60 });
  const visitor = await buyer([[type, 1]]);
  await admit(visitor, onsale);
  t.clock.advance(60_000);
  expectQueueRefusal(await visitor.post(salePaths.reserve), onsale);
});

test('before the opening no one reserves the gated tickets; a ticket type not gated is unaffected', async () => {
  const gated = await freshTicketType(t, 10);
  const free = await freshTicketType(t, 10);
  const onsale = await onsaleOf([gated], { opensIn: 3600 });
  const early = await buyer([[gated, 1]]);
  const answer = await queueStatus(t.db, onsale, await sessionIdOf(early), t.clock.now());
  expect(answer?.status.state).toBe('before_opening');
  expect(answer?.pass).toBeUndefined();
  expectQueueRefusal(await early.post(salePaths.reserve), onsale);

  const other = await buyer([[free, 3]]);
  const reserved = await other.post(salePaths.reserve);
  expect(reserved.statusCode).toBe(200);
  expect(reserved.json()).toMatchObject({ reserved: true });
});

test('an ended on-sale gates nothing', async () => {
  const type = await freshTicketType(t, 10);
  await onsaleOf([type], { opensIn: -600, endsIn: -1 });
  const visitor = await buyer([[type, 1]]);
  expect((await visitor.post(salePaths.reserve)).json()).toMatchObject({ reserved: true });
});

test('a reservation refused as sold out keeps the pass usable', async () => {
  const type = await freshTicketType(t, 2);
  const onsale = await onsaleOf([type]);
  const visitor = await buyer([[type, 2]]);
  await admit(visitor, onsale);
  // Someone else (no gate for them: a sale at the door, say) takes the stock meanwhile.
  await t.db.updateTable('ticket_types').set({ capacity: 1 }).where('id', '=', type).execute();
  const refused = await visitor.post(salePaths.reserve);
  expect(refused.statusCode).toBe(200);
  expect(refused.json()).toMatchObject({ reserved: false });
  expect(refused.json().queue_url).toBeUndefined();
  expect(await entryOf(visitor, onsale)).toMatchObject({ pass_used_at: null });

  await t.db.updateTable('ticket_types').set({ capacity: 2 }).where('id', '=', type).execute();
  expect((await visitor.post(salePaths.reserve)).json()).toMatchObject({ reserved: true });
  expect((await entryOf(visitor, onsale)).pass_used_at).not.toBeNull();
});

test('a gated and a free ticket type together: all or nothing', async () => {
  const gated = await freshTicketType(t, 10);
  const free = await freshTicketType(t, 10);
  const onsale = await onsaleOf([gated]);
  const visitor = await buyer([
    [free, 2],
    [gated, 1],
  ]);
  expectQueueRefusal(await visitor.post(salePaths.reserve), onsale);
  expect(await stockOf(t, free)).toMatchObject({ held: 0, activeHolds: 0 });
  expect(await stockOf(t, gated)).toMatchObject({ held: 0, activeHolds: 0 });

  await admit(visitor, onsale);
  expect((await visitor.post(salePaths.reserve)).json()).toMatchObject({ reserved: true });
  expect(await stockOf(t, free)).toMatchObject({ held: 2, activeHolds: 2 });
  expect(await stockOf(t, gated)).toMatchObject({ held: 1, activeHolds: 1 });
});

test('two gated ticket types of one on-sale take one pass', async () => {
  const first = await freshTicketType(t, 10);
  const second = await freshTicketType(t, 10);
  const onsale = await onsaleOf([first, second]);
  const visitor = await buyer([
    [first, 1],
    [second, 1],
  ]);
  await admit(visitor, onsale);
  expect((await visitor.post(salePaths.reserve)).json()).toMatchObject({ reserved: true });
});

test('the refusal is counted in the reservations metric as queue_required', async () => {
  const type = await freshTicketType(t, 10);
  await onsaleOf([type]);
  const visitor = await buyer([[type, 1]]);
  const count = async () =>
    (await reservationsTotal.get()).values.find(
      (value) => value.labels.outcome === 'refused' && value.labels.reason === 'queue_required',
    )?.value ?? 0;
  const before = await count();
  await visitor.post(salePaths.reserve);
  expect(await count()).toBe(before + 1);
});
