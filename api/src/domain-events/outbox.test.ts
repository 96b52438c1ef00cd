import { calls } from '@checkout/shared';
import { markPaid } from '../delivery/test-support';
import { issueTickets } from '../tickets/tickets';
import { guestVisitor, reservedVisitor } from '../testing/identity';
import { expireHolds } from '../inventory/holds';
import { apiCaller, type ApiCaller } from '../organiser-api/testing';
import { ORGANISER_API_PREFIX } from '../organiser-api/plugin';
import { checkedInWebhookSubscriber } from '../door/checked-in-subscriber';
import { webhookSubscribers } from '../organiser-api/webhooks/subscriber';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import type { DomainEventType } from './events';
import { publish } from './publish';
import { type DomainEventSubscriber, installDomainEventSubscribers } from './subscribers';

/**
 * The domain events outbox: each real operation publishes its event once, in its own transaction, and the event's
 * subscribers (the organiser API's webhooks) write their rows in that transaction too, so all of it rolls back
 * together.
 */

let t: TestApp;
let demo: ApiCaller;
const ALL: DomainEventType[] = [
  'order.paid',
  'order.refunded',
  'ticket.transferred',
  'ticket.checked_in',
  'sale.expired',
];
beforeAll(async () => {
  t = await createTestApp({
    config: { webhooks: { allowPrivateUrls: true, deliverEveryMs: 3_600_000, timeoutMs: 1000 } },
  });
  demo = await apiCaller(t, SEED.organiser.demo);
  const endpoint = await demo.call('POST', '/webhooks', { url: 'http://127.0.0.1:9/unused', events: ALL });
  expect(endpoint.statusCode).toBe(201);
}, 60_000);
afterAll(() => t.close());

const domainEvents = (type: DomainEventType) =>
  t.db.selectFrom('domain_events').select(['id', 'data']).where('type', '=', type).orderBy('id').execute();
const webhookEvents = (type: DomainEventType) =>
  t.db
    .selectFrom('webhook_events')
    .select('id')
    .where('type', '=', type)
    .where('organiser_id', '=', SEED.organiser.demo)
    .execute();
const deliveryCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A guest's paid and issued sale of `qty` demo tickets. */
async function paidSale(email: string, qty = 2) {
  const visitor = await guestVisitor(t, email, 'Gail Giver', [{ ticket_id: SEED.ticket.onSale, quantity: qty }]);
  const reference = (await visitor.get(paths.get)).json<{ sale_reference: string }>().sale_reference;
  const sale = await t.db.selectFrom('sales').select('id').where('reference', '=', reference).executeTakeFirstOrThrow();
  await markPaid(t.db, sale.id, t.clock.now());
  await issueTickets(t.db, sale.id, t.clock.now());
  const tickets = await t.db
    .selectFrom('tickets')
    .select(['id', 'code'])
    .where('sale_id', '=', sale.id)
    .orderBy('position')
    .execute();
  return { visitor, reference, saleId: sale.id, tickets };
}

describe('each event is published once by the operation that makes it happen', () => {
  test('order.paid, when a sale is settled (a repeat settles nothing)', async () => {
    const before = (await domainEvents('order.paid')).length;
    const { saleId } = await paidSale('paid.outbox@example.com');
    await issueTickets(t.db, saleId, t.clock.now());
    const events = await domainEvents('order.paid');
    expect(events.slice(before).map((event) => event.data)).toEqual([{ saleId, provider: 'test' }]);
    expect(await webhookEvents('order.paid')).toHaveLength(events.length);
  });

  test('order.refunded, when an organiser refunds (a repeat of its key refunds nothing)', async () => {
    const { reference, saleId } = await paidSale('refund.outbox@example.com');
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: `${ORGANISER_API_PREFIX}/orders/${reference}/refunds`,
        headers: {
          authorization: `Bearer ${demo.key}`,
          'content-type': 'application/json',
          'idempotency-key': `outbox-${saleId}`,
        },
        payload: JSON.stringify({ reason: 'Cancelled' }),
      });
    expect((await ask()).statusCode).toBe(201);
    expect((await ask()).statusCode).toBe(201);
    const refund = await t.db
      .selectFrom('order_refunds')
      .select('id')
      .where('sale_id', '=', saleId)
      .executeTakeFirstOrThrow();
    expect((await domainEvents('order.refunded')).map((event) => event.data)).toEqual([
      { saleId, organiserId: SEED.organiser.demo, refundId: refund.id },
    ]);
    expect(await webhookEvents('order.refunded')).toHaveLength(1);
  });

  test('ticket.transferred, when the recipient accepts (accepting again moves nothing)', async () => {
    const { visitor, saleId, tickets } = await paidSale('giver.outbox@example.com');
    const sent = await visitor.post(calls.setTransfers.path, {
      transfers: [{ ticket_id: SEED.ticket.onSale, name: 'Rae Recipient', email: 'rae.outbox@example.com', qty: 1 }],
    });
    expect(sent.json()).toEqual({ success: true });
    const transfer = await t.db
      .selectFrom('ticket_transfers')
      .select(['id', 'token'])
      .where('sale_id', '=', saleId)
      .executeTakeFirstOrThrow();
    const moved = await t.db
      .selectFrom('transfer_tickets')
      .select('ticket_id')
      .where('transfer_id', '=', transfer.id)
      .executeTakeFirstOrThrow();
    const recipient = await t.visitor();
    expect((await recipient.post(`/transfers/accept/${transfer.token}`)).statusCode).toBe(200);
    await recipient.post(`/transfers/accept/${transfer.token}`);
    const previous = tickets.find((ticket) => ticket.id === moved.ticket_id);
    expect((await domainEvents('ticket.transferred')).map((event) => event.data)).toEqual([
      { transferId: transfer.id, previousCodes: [{ ticketId: moved.ticket_id, code: previous?.code }] },
    ]);
    expect(await webhookEvents('ticket.transferred')).toHaveLength(1);
    // Its mail subscriber wrote the recipient's new codes to the outbox in the same transaction.
    const mail = await t.db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', 'rae.outbox@example.com')
      .where('kind', '=', 'ticket_transfer_accepted')
      .execute();
    expect(mail).toHaveLength(1);
  });

  test('ticket.checked_in, when a door admits a ticket (a second scan admits nothing)', async () => {
    const { tickets } = await paidSale('door.outbox@example.com', 1);
    const [ticket] = tickets;
    expect((await demo.call('POST', '/check-ins', { code: ticket?.code })).statusCode).toBe(200);
    expect((await demo.call('POST', '/check-ins', { code: ticket?.code })).statusCode).toBe(409);
    expect((await domainEvents('ticket.checked_in')).map((event) => event.data)).toEqual([
      { organiserId: SEED.organiser.demo, ticketId: ticket?.id },
    ]);
    expect(await webhookEvents('ticket.checked_in')).toHaveLength(1);
  });

  test('sale.expired, when a reservation lapses (a second sweep expires nothing)', async () => {
    const visitor = await reservedVisitor(t, [{ ticket_id: SEED.ticket.onSale, quantity: 1 }]);
    const reference = (await visitor.get(paths.get)).json<{ sale_reference: string }>().sale_reference;
    const sale = await t.db
      .selectFrom('sales')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    t.clock.advance(t.deps.config.holdSeconds * 1000);
    expect((await expireHolds(t.db, t.clock.now())).sales).toBeGreaterThanOrEqual(1);
    await expireHolds(t.db, t.clock.now());
    const events = (await domainEvents('sale.expired')).filter(
      (event) => (event.data as { saleId: number }).saleId === sale.id,
    );
    expect(events).toHaveLength(1);
    expect(await webhookEvents('sale.expired')).toHaveLength((await domainEvents('sale.expired')).length);
  });
});

describe('the event and what its subscribers write share the transaction of the change', () => {
  test('inside it all three are there; when it fails, none is', async () => {
    const { tickets } = await paidSale('rollback.outbox@example.com', 1);
    const ticketId = tickets[0]?.id ?? 0;
    const [eventsBefore, webhooksBefore, deliveriesBefore] = [
      (await domainEvents('ticket.checked_in')).length,
      (await webhookEvents('ticket.checked_in')).length,
      await deliveryCount(),
    ];
    const failure = new Error('the change fails after its event');
    await expect(
      t.db.transaction().execute(async (tx) => {
        await tx.updateTable('tickets').set({ checked_in_at: t.clock.now() }).where('id', '=', ticketId).execute();
        const id = await publish(
          tx,
          { type: 'ticket.checked_in', organiserId: SEED.organiser.demo, ticketId },
          t.clock.now(),
        );
        const event = await tx.selectFrom('domain_events').select('type').where('id', '=', id).executeTakeFirst();
        expect(event).toEqual({ type: 'ticket.checked_in' });
        const delivery = await tx
          .selectFrom('webhook_deliveries as d')
          .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
          .select(['e.type', 'd.status'])
          .orderBy('d.id', 'desc')
          .executeTakeFirst();
        expect(delivery).toEqual({ type: 'ticket.checked_in', status: 'pending' });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(
      (await t.db.selectFrom('tickets').select('checked_in_at').where('id', '=', ticketId).executeTakeFirstOrThrow())
        .checked_in_at,
    ).toBeNull();
    expect(await domainEvents('ticket.checked_in')).toHaveLength(eventsBefore);
    expect(await webhookEvents('ticket.checked_in')).toHaveLength(webhooksBefore);
    expect(await deliveryCount()).toBe(deliveriesBefore);
  });

  test('a subscriber that fails fails the operation: the ticket is not admitted and nothing is recorded', async () => {
    const { tickets } = await paidSale('failing.outbox@example.com', 1);
    const [ticket] = tickets;
    const eventsBefore = (await domainEvents('ticket.checked_in')).length;
    const failing: DomainEventSubscriber = {
      name: 'failing',
      type: 'ticket.checked_in',
      handle: () => Promise.reject(new Error('subscriber failed')),
    };
    const previous = installDomainEventSubscribers([...webhookSubscribers, checkedInWebhookSubscriber, failing]);
    try {
      const response = await demo.call('POST', '/check-ins', { code: ticket?.code });
      expect(response.statusCode).toBe(500);
    } finally {
      installDomainEventSubscribers(previous);
    }
    const row = await t.db
      .selectFrom('tickets')
      .select('checked_in_at')
      .where('id', '=', ticket?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(row.checked_in_at).toBeNull();
    expect(await domainEvents('ticket.checked_in')).toHaveLength(eventsBefore);
    // With the app's subscribers back, the same scan admits it and is reported once.
    expect((await demo.call('POST', '/check-ins', { code: ticket?.code })).statusCode).toBe(200);
    expect(await domainEvents('ticket.checked_in')).toHaveLength(eventsBefore + 1);
  });

  test('an event its schema does not describe is refused before anything is written', async () => {
    await expect(
      t.db
        .transaction()
        .execute((tx) => publish(tx, { type: 'order.paid', saleId: -1, provider: 'stripe' }, t.clock.now())),
    ).rejects.toThrow();
  });
});
