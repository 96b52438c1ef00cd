import type { LightMyRequestResponse } from 'fastify';
import { issueTickets } from '../../tickets/tickets';
import { reconcile } from '../../ledger/reconcile';
import {
  cardForm,
  CARDS,
  freshTickets,
  key,
  payPaths,
  runPaymentJobs,
  testPaymentConfig,
} from '../../payment/test-support';
import { saleOf, salePaths, stockOf } from '../../testing/sale-support';
import { SEED } from '../../seed/catalogue';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ORGANISER_API_PREFIX } from '../plugin';
import { apiCaller, type ApiCaller } from '../testing';
import { doorMessages } from '../../door/messages';
import { refundMessages } from './refund';
import type { Order, Refund } from './schemas';

/**
 * Orders, tickets and refunds through the organiser API: each organiser sees its own part of a sale; a refund voids
 * and restocks the tickets, writes the ledger with its shares, is given back by the refund job through the provider
 * that took the money, and leaves the ledger reconciled.
 */

let t: TestApp;
let demo: ApiCaller;
let lumen: ApiCaller;
let folk: ApiCaller;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      payment: testPaymentConfig({ bankSettleMs: 1000 }),
    },
  });
  demo = await apiCaller(t, SEED.organiser.demo);
  lumen = await apiCaller(t, SEED.organiser.lumen);
  folk = await apiCaller(t, SEED.organiser.folk);
}, 60_000);
afterAll(() => t.close());

interface PaidSale {
  id: number;
  reference: string;
  demoType: number;
  lumenType: number;
}

/** A card-paid basket of `demoQty` tickets of the demo organiser (1000 + 100 fee) and `lumenQty` of Lumen's (2500 + 150), issued. */
async function paidSale(demoQty: number, lumenQty: number): Promise<PaidSale> {
  const demoType = await freshTickets(t, 10, { price_minor: 1_000 });
  const lumenType = await freshTickets(t, 10, { kind: 'square', price_minor: 2_500 });
  await t.db.updateTable('ticket_types').set({ booking_fee_minor: 100 }).where('id', '=', demoType).execute();
  await t.db.updateTable('ticket_types').set({ booking_fee_minor: 150 }).where('id', '=', lumenType).execute();
  const visitor = await t.visitor();
  for (const [ticket_id, quantity] of [
    [demoType, demoQty],
    [lumenType, lumenQty],
  ] as const)
    if (quantity > 0)
      expect((await visitor.post(salePaths.add, { ticket_id, quantity })).json()).toEqual({ success: true });
  expect((await visitor.post(salePaths.reserve)).json().reserved).toBe(true);
  const token = await visitor.post(payPaths.getToken, { idempotency_key: key() });
  expect((await visitor.post(payPaths.confirm, cardForm(token.json().client_secret, CARDS.success))).json()).toEqual({
    status: 'succeeded',
  });
  const sale = await saleOf(t, visitor);
  expect(sale.status).toBe('paid');
  // The buyer's address, as the account step would have set it: refunds are mailed there.
  await t.db.updateTable('sales').set({ email: 'refund-buyer@example.com' }).where('id', '=', sale.id).execute();
  expect(await issueTickets(t.db, sale.id, t.clock.now())).toMatchObject({ issued: true });
  return { id: sale.id, reference: sale.reference, demoType, lumenType };
}

const refund = (api: ApiCaller, reference: string, body: unknown, idempotencyKey: string | null = key()) =>
  t.app.inject({
    method: 'POST',
    url: `${ORGANISER_API_PREFIX}/orders/${reference}/refunds`,
    headers: {
      authorization: `Bearer ${api.key}`,
      'content-type': 'application/json',
      ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }),
    },
    payload: JSON.stringify(body),
  });

const orderOf = async (api: ApiCaller, reference: string) => {
  const response = await api.call('GET', `/orders/${reference}`);
  expect(response.statusCode).toBe(200);
  return response.json<Order>();
};

async function expectReconciled(): Promise<void> {
  await runPaymentJobs(t);
  expect((await reconcile(t.db, { now: t.clock.now() })).mismatches).toEqual([]);
}

const eventsOf = async (saleReference: string, type: 'order.paid' | 'order.refunded') =>
  (
    await t.db
      .selectFrom('webhook_events')
      .select(['organiser_id', 'data'])
      .where('type', '=', type)
      .orderBy('id')
      .execute()
  ).filter((row) => (row.data as Order).reference === saleReference);

const refundEvents = async (saleReference: string) =>
  (
    await t.db
      .selectFrom('webhook_events')
      .select(['organiser_id', 'data'])
      .where('type', '=', 'order.refunded')
      .orderBy('id')
      .execute()
  ).filter((row) => (row.data as { order: Order }).order.reference === saleReference);

const counts = async (saleId: number) => ({
  refunds: (await t.db.selectFrom('order_refunds').select('id').where('sale_id', '=', saleId).execute()).length,
  void: (
    await t.db
      .selectFrom('tickets')
      .select('id')
      .where('sale_id', '=', saleId)
      .where('voided_at', 'is not', null)
      .execute()
  ).length,
  ledger: (await t.db.selectFrom('ledger_entries').select('id').where('sale_id', '=', saleId).execute()).length,
});

describe('orders and tickets', () => {
  let sale: PaidSale;
  beforeAll(async () => {
    sale = await paidSale(2, 1);
  });

  test('each organiser sees its own lines, tickets and ledger share of a mixed basket, with the buyer', async () => {
    const mine = await orderOf(demo, sale.reference);
    expect(mine).toMatchObject({ reference: sale.reference, status: 'paid', currency: 'GBP', refunds: [] });
    expect(mine.lines).toEqual([
      expect.objectContaining({
        ticket_type_id: sale.demoType,
        quantity: 2,
        unit_price_minor: 1_000,
        unit_fee_minor: 100,
      }),
    ]);
    expect(mine.tickets.map((ticket) => [ticket.ticket_type_id, ticket.state])).toEqual([
      [sale.demoType, 'valid'],
      [sale.demoType, 'valid'],
    ]);
    expect(mine.ledger).toEqual([
      expect.objectContaining({ kind: 'payment', provider: 'stripe', amount_minor: 2_000 }),
    ]);
    const theirs = await orderOf(lumen, sale.reference);
    expect(theirs.tickets.map((ticket) => ticket.ticket_type_id)).toEqual([sale.lumenType]);
    expect(theirs.ledger.map((entry) => entry.amount_minor)).toEqual([2_500]);
    expect(theirs.buyer).toEqual(mine.buyer);
  });

  test('the list filters by reference, event and status; each order lists its tickets with their codes', async () => {
    const byReference = await demo.call('GET', `/orders?reference=${sale.reference}`);
    expect(byReference.statusCode).toBe(200);
    const page = byReference.json<{ data: Order[]; next_cursor: number | null }>();
    expect(page.data.map((order) => order.reference)).toEqual([sale.reference]);
    expect(page.data[0]?.tickets.every((ticket) => /^[A-Z0-9]+$/.test(ticket.code))).toBe(true);
    const byEvent = (await demo.call('GET', `/orders?event_id=${SEED.event.comedy}`)).json<{ data: Order[] }>();
    // The other organiser's event of the same basket: not an event of the demo organiser's orders.
    expect(byEvent.data).toEqual([]);
    const ownEvent = (
      await demo.call('GET', `/orders?event_id=${SEED.event.onSale}&reference=${sale.reference}`)
    ).json<{
      data: Order[];
    }>();
    expect(ownEvent.data).toHaveLength(1);
    const paid = (await demo.call('GET', '/orders?status=paid&limit=100')).json<{ data: Order[] }>();
    expect(paid.data.map((order) => order.reference)).toContain(sale.reference);
    const refunded = (await demo.call('GET', '/orders?status=refunded&limit=100')).json<{ data: Order[] }>();
    expect(refunded.data.map((order) => order.reference)).not.toContain(sale.reference);
    const later = (
      await demo.call('GET', `/orders?paid_after=${new Date(t.clock.now().getTime() + 1000).toISOString()}`)
    ).json<{ data: Order[] }>();
    expect(later.data).toEqual([]);
    expect((await demo.call('GET', '/orders?status=lost')).statusCode).toBe(400);
    expect((await demo.call('GET', '/orders?colour=red')).statusCode).toBe(400);
  });

  test('tickets: listed by event and state, read by code; another organiser gets 404 for both', async () => {
    const [ticket] = (await orderOf(demo, sale.reference)).tickets;
    if (!ticket) throw new Error('no ticket');
    const read = await demo.call('GET', `/tickets/${ticket.code}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(ticket);
    const list = (await demo.call('GET', `/tickets?event_id=${SEED.event.onSale}&state=valid&limit=100`)).json<{
      data: { code: string }[];
    }>();
    expect(list.data.map((row) => row.code)).toContain(ticket.code);
    expect((await lumen.call('GET', `/tickets/${ticket.code}`)).statusCode).toBe(404);
    expect((await folk.call('GET', `/orders/${sale.reference}`)).statusCode).toBe(404);
    expect((await folk.call('GET', `/orders?reference=${sale.reference}`)).json()).toEqual({
      data: [],
      next_cursor: null,
    });
  });

  test('order.paid was recorded once per organiser of the sale, with its own view', async () => {
    const events = await eventsOf(sale.reference, 'order.paid');
    expect(events.map((event) => event.organiser_id).sort()).toEqual(
      [SEED.organiser.lumen, SEED.organiser.demo].sort(),
    );
    const demoEvent = events.find((event) => event.organiser_id === SEED.organiser.demo)?.data as Order;
    expect(demoEvent.lines.map((line) => line.ticket_type_id)).toEqual([sale.demoType]);
  });
});

describe('refunds', () => {
  test('a read-only key cannot refund, and nothing changes', async () => {
    const sale = await paidSale(1, 0);
    const reader = await apiCaller(t, SEED.organiser.demo, 'read');
    const response = await refund(reader, sale.reference, {});
    expect(response.statusCode).toBe(403);
    expect(await counts(sale.id)).toEqual({ refunds: 0, void: 0, ledger: 1 });
  });

  const refundMails = (reference: string) =>
    t.db
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('kind', '=', 'refund')
      .where('subject', 'like', `%${reference}%`)
      .execute();

  test('a partial refund voids and restocks the ticket, records a pending ledger refund that the job completes', async () => {
    const sale = await paidSale(2, 1);
    const [first, second] = (await orderOf(demo, sale.reference)).tickets;
    if (!first || !second) throw new Error('no tickets');
    expect(await stockOf(t, sale.demoType)).toMatchObject({ sold: 2 });
    const response = await refund(demo, sale.reference, { tickets: [first.code], reason: 'Cannot come' });
    expect(response.statusCode).toBe(201);
    const { refund: made, order } = response.json<{ refund: Refund; order: Order }>();
    expect(made).toMatchObject({
      tickets: [first.code],
      amount_minor: 1_100,
      currency: 'GBP',
      status: 'pending',
      whole_order: false,
    });
    expect(order.status).toBe('partially_refunded');
    const mails = await refundMails(sale.reference);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: order.buyer.email });
    expect(mails[0]?.text_body).toContain('£11.00');
    expect(mails[0]?.text_body).toContain(first.code);
    expect(order.tickets.map((ticket) => [ticket.code, ticket.state, ticket.void_reason])).toEqual([
      [first.code, 'void', 'refunded'],
      [second.code, 'valid', null],
    ]);
    expect(await stockOf(t, sale.demoType)).toMatchObject({ sold: 1 });
    const entry = await t.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('provider_reference', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ kind: 'refund', provider: 'stripe', amount_minor: 1_100, status: 'pending' });
    const shares = await t.db
      .selectFrom('ledger_shares')
      .select(['organiser_id', 'amount_minor'])
      .where('ledger_entry_id', '=', entry.id)
      .orderBy('organiser_id')
      .execute();
    expect(shares).toEqual([
      { organiser_id: SEED.organiser.demo, amount_minor: 1_000 },
      { organiser_id: null, amount_minor: 100 },
    ]);
    await expectReconciled();
    const intent = await t.db
      .selectFrom('sandbox_payment_intents')
      .select('refunded_minor')
      .where('id', '=', entry.refund_of ?? '')
      .executeTakeFirstOrThrow();
    expect(intent.refunded_minor).toBe(1_100);
    const after = await orderOf(demo, sale.reference);
    expect(after.refunds).toEqual([expect.objectContaining({ id: made.id, status: 'completed' })]);
    expect(after.ledger.map((row) => [row.kind, row.amount_minor, row.status])).toEqual([
      ['payment', 2_000, 'done'],
      ['refund', 1_000, 'done'],
    ]);
    const events = await refundEvents(sale.reference);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ organiser_id: SEED.organiser.demo, data: { refund: { id: made.id } } });
    const voided = (await demo.call('GET', `/tickets?state=void&limit=100`)).json<{ data: { code: string }[] }>();
    expect(voided.data.map((row) => row.code)).toContain(first.code);
    // Lumen's view of the same sale is untouched.
    expect((await orderOf(lumen, sale.reference)).status).toBe('paid');
  });

  test('refunding every ticket of every organiser refunds the whole sale, its fees and extras; the ledger reconciles', async () => {
    const sale = await paidSale(1, 1);
    const byLumen = await refund(lumen, sale.reference, {});
    expect(byLumen.statusCode).toBe(201);
    expect(byLumen.json<{ refund: Refund }>().refund).toMatchObject({ amount_minor: 2_650, whole_order: false });
    await expectReconciled();
    const byDemo = await refund(demo, sale.reference, {});
    expect(byDemo.statusCode).toBe(201);
    expect(byDemo.json<{ refund: Refund; order: Order }>()).toMatchObject({
      refund: { amount_minor: 1_100, whole_order: true },
      order: { status: 'refunded' },
    });
    expect(
      (await t.db.selectFrom('sales').select('status').where('id', '=', sale.id).executeTakeFirstOrThrow()).status,
    ).toBe('refunded');
    expect(await stockOf(t, sale.demoType)).toMatchObject({ sold: 0 });
    expect(await stockOf(t, sale.lumenType)).toMatchObject({ sold: 0 });
    await expectReconciled();
    const again = await refund(demo, sale.reference, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: refundMessages.wholeRefunded });
  });

  test('the same Idempotency-Key answers the first answer and refunds once; with another body it is refused', async () => {
    const sale = await paidSale(2, 0);
    const [first, second] = (await orderOf(demo, sale.reference)).tickets;
    if (!first || !second) throw new Error('no tickets');
    const idempotencyKey = key();
    const one = await refund(demo, sale.reference, { tickets: [first.code] }, idempotencyKey);
    const two = await refund(demo, sale.reference, { tickets: [first.code] }, idempotencyKey);
    expect(one.statusCode).toBe(201);
    expect(two.statusCode).toBe(201);
    expect(two.json()).toEqual(one.json());
    expect(two.headers['idempotent-replayed']).toBe('true');
    const other = await refund(demo, sale.reference, { tickets: [second.code] }, idempotencyKey);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: refundMessages.keyReused });
    expect(await counts(sale.id)).toMatchObject({ refunds: 1, void: 1 });
    expect(await refundMails(sale.reference)).toHaveLength(1);
    const missing = await refund(demo, sale.reference, {}, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: refundMessages.noKey });
    await expectReconciled();
  });

  test('one Idempotency-Key sent at once for two orders refunds one of them; the other is refused', async () => {
    const [one, two] = [await paidSale(1, 0), await paidSale(1, 0)];
    const idempotencyKey = key();
    const answers = await Promise.all([
      refund(demo, one.reference, {}, idempotencyKey),
      refund(demo, two.reference, {}, idempotencyKey),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({
      error: refundMessages.keyReused,
    });
    expect((await counts(one.id)).refunds + (await counts(two.id)).refunds).toBe(1);
  });

  test('two refunds of one ticket at once: one refunds it, the other is refused with a sentence', async () => {
    const sale = await paidSale(2, 0);
    const [ticket] = (await orderOf(demo, sale.reference)).tickets;
    if (!ticket) throw new Error('no ticket');
    const answers = await Promise.all([
      refund(demo, sale.reference, { tickets: [ticket.code] }),
      refund(demo, sale.reference, { tickets: [ticket.code] }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409) as LightMyRequestResponse;
    expect(loser.json()).toMatchObject({ error: refundMessages.alreadyRefunded(ticket.code) });
    expect(await counts(sale.id)).toMatchObject({ refunds: 1, void: 1, ledger: 2 });
    expect(await stockOf(t, sale.demoType)).toMatchObject({ sold: 1 });
    await expectReconciled();
  });

  const malformed: [string, (code: string) => unknown, ((code: string) => string) | null][] = [
    ['an unknown code', () => ({ tickets: ['NOSUCHCODE'] }), () => refundMessages.notInOrder(['NOSUCHCODE'])],
    ['a code named twice', (code) => ({ tickets: [code, code] }), (code) => refundMessages.twice(code)],
    ['an unknown field', () => ({ amount_minor: 1 }), null],
    ['tickets that are not a list', () => ({ tickets: 'ALL' }), null],
    ['an empty list', () => ({ tickets: [] }), null],
    ['a reason too long', () => ({ reason: 'x'.repeat(501) }), null],
  ];
  test.each(malformed)('%s is refused with 400 and a sentence, and nothing changes', async (_name, body, sentence) => {
    const sale = await paidSale(1, 0);
    const [ticket] = (await orderOf(demo, sale.reference)).tickets;
    if (!ticket) throw new Error('no ticket');
    const response = await refund(demo, sale.reference, body(ticket.code));
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: string }>();
    expect(error).toEqual(sentence ? sentence(ticket.code) : expect.any(String));
    expect(await counts(sale.id)).toEqual({ refunds: 0, void: 0, ledger: 1 });
  });

  test('a code of another order or another organiser is refused, as is an order of another organiser (404)', async () => {
    const sale = await paidSale(1, 1);
    const other = await paidSale(1, 0);
    const [foreign] = (await orderOf(demo, other.reference)).tickets;
    const [lumens] = (await orderOf(lumen, sale.reference)).tickets;
    if (!foreign || !lumens) throw new Error('no tickets');
    const wrongOrder = await refund(demo, sale.reference, { tickets: [foreign.code] });
    expect(wrongOrder.statusCode).toBe(400);
    expect(wrongOrder.json()).toMatchObject({ error: refundMessages.notInOrder([foreign.code]) });
    const notMine = await refund(demo, sale.reference, { tickets: [lumens.code] });
    expect(notMine.statusCode).toBe(400);
    expect((await refund(folk, sale.reference, {})).statusCode).toBe(404);
    expect((await refund(demo, 'NO-SUCH-REF', {})).statusCode).toBe(404);
    expect(await counts(sale.id)).toEqual({ refunds: 0, void: 0, ledger: 1 });
    expect(await counts(other.id)).toEqual({ refunds: 0, void: 0, ledger: 1 });
  });

  test('a ticket already admitted can be refunded by its organiser; the door then refuses it as refunded', async () => {
    const sale = await paidSale(2, 0);
    const [used, unused] = (await orderOf(demo, sale.reference)).tickets;
    if (!used || !unused) throw new Error('no tickets');
    await t.db
      .updateTable('tickets')
      .set({ checked_in_at: t.clock.now(), checked_in_by: 'test' })
      .where('code', '=', used.code)
      .execute();
    const first = await refund(demo, sale.reference, { tickets: [used.code] });
    expect(first.statusCode).toBe(201);
    const rest = await refund(demo, sale.reference, {});
    expect(rest.statusCode).toBe(201);
    expect(rest.json<{ refund: Refund }>().refund).toMatchObject({ tickets: [unused.code], whole_order: true });
    const nothing = await refund(demo, sale.reference, {});
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ error: refundMessages.wholeRefunded });
    const door = await demo.call('POST', '/check-ins', { code: used.code });
    expect(door.statusCode).toBe(409);
    expect(door.json()).toMatchObject({ error: doorMessages.refunded });
    await expectReconciled();
  });

  test('a tampered refund share is a reconcile mismatch', async () => {
    const sale = await paidSale(1, 0);
    const made = (await refund(demo, sale.reference, {})).json<{ refund: Refund }>().refund;
    await expectReconciled();
    const entry = await t.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('provider_reference', '=', made.id)
      .executeTakeFirstOrThrow();
    const move = (minor: number) =>
      t.db.transaction().execute(async (tx) => {
        await tx
          .updateTable('ledger_shares')
          .set((eb) => ({ amount_minor: eb('amount_minor', '-', minor) }))
          .where('ledger_entry_id', '=', entry.id)
          .where('organiser_id', '=', SEED.organiser.demo)
          .execute();
        await tx
          .updateTable('ledger_shares')
          .set((eb) => ({ amount_minor: eb('amount_minor', '+', minor) }))
          .where('ledger_entry_id', '=', entry.id)
          .where('organiser_id', 'is', null)
          .execute();
      });
    await move(1);
    try {
      const report = await reconcile(t.db, { now: t.clock.now() });
      expect(report.mismatches.filter((mismatch) => mismatch.saleId === sale.id)).not.toEqual([]);
    } finally {
      await move(-1);
    }
    await expectReconciled();
  });
});
