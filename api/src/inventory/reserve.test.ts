import * as basketMessages from '@checkout/shared/messages/basket';
import * as commonMessages from '@checkout/shared/messages/common';
import { sql } from 'kysely';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { expireHolds } from './holds';

let t: TestApp;
// Creating the first database snapshot of a new schema takes a while on a busy machine.
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const HOLD_SECONDS = 900;
const { ticket } = SEED;

async function stock(ticketTypeId: number) {
  const row = await t.db
    .selectFrom('ticket_types')
    .select(['capacity', 'sold', 'held'])
    .where('id', '=', ticketTypeId)
    .executeTakeFirstOrThrow();
  const active = await t.db
    .selectFrom('holds')
    .select(sql<number>`coalesce(sum(qty), 0)::int`.as('qty'))
    .where('ticket_type_id', '=', ticketTypeId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return { ...row, activeHolds: active.qty };
}

/** A fresh ticket type (its own stock) so tests do not share counts. */
let nextId = 50_000;
async function ticketType(
  capacity: number,
  extra: { max_per_customer?: number; min_per_customer?: number } = {},
): Promise<number> {
  nextId += 1;
  await t.db
    .insertInto('ticket_types')
    .values({
      id: nextId,
      event_id: SEED.event.onSale,
      event_date_id: 101,
      name: `Test ticket ${nextId}`,
      price_minor: 1000,
      currency: 'GBP',
      capacity,
      ...extra,
    })
    .execute();
  return nextId;
}

async function buyer(ticketTypeId: number, quantity: number): Promise<Visitor> {
  const visitor = await t.visitor();
  const added = await visitor.post(paths.addToBasket, { ticket_id: ticketTypeId, quantity });
  expect(added.json()).toEqual({ success: true });
  return visitor;
}

describe('reserve_tickets', () => {
  test('takes a hold for every line and answers the reservation; seconds_remaining follows the injected clock', async () => {
    const a = await ticketType(10);
    const b = await ticketType(10);
    const visitor = await buyer(a, 2);
    await visitor.post(paths.addToBasket, { ticket_id: b, quantity: 3 });

    const response = await visitor.post(paths.reserve);
    expect(response.statusCode).toBe(200);
    const reference = (await visitor.get(paths.get)).json().sale_reference;
    expect(response.json()).toEqual({
      reserved: true,
      sale_reference: reference,
      fresh_reservation: true,
      checkout_time: HOLD_SECONDS,
    });
    expect(await stock(a)).toMatchObject({ held: 2, activeHolds: 2, sold: 0 });
    expect(await stock(b)).toMatchObject({ held: 3, activeHolds: 3 });

    expect((await visitor.get(paths.get)).json().seconds_remaining).toBe(HOLD_SECONDS);
    t.clock.advance(100_000);
    expect((await visitor.get(paths.get)).json().seconds_remaining).toBe(HOLD_SECONDS - 100);
    // The events of this file offer no extension: update_basket_state says so beside the time left.
    expect((await visitor.post(paths.updateBasketState, { state: 'login' })).json()).toEqual({
      seconds_remaining: HOLD_SECONDS - 100,
      hold_extension_minutes: null,
    });
    t.clock.advance(250);
    expect((await visitor.post(paths.updateBasketState, { state: 'marketing_preferences' })).json()).toEqual({
      seconds_remaining: HOLD_SECONDS - 101,
      hold_extension_minutes: null,
    });

    // Reserving again keeps the same holds and the same clock.
    expect((await visitor.post(paths.reserve)).json()).toEqual({
      reserved: true,
      sale_reference: reference,
      fresh_reservation: false,
      checkout_time: HOLD_SECONDS - 101,
    });
    expect(await stock(a)).toMatchObject({ held: 2, activeHolds: 2 });
  });

  test('all lines or none: one line short of stock rolls back the holds of the others, with a clear { error }', async () => {
    const plenty = await ticketType(100);
    const scarce = await ticketType(1);
    const visitor = await buyer(plenty, 4);
    await visitor.post(paths.addToBasket, { ticket_id: scarce, quantity: 2 });

    const response = await visitor.post(paths.reserve);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ reserved: false, error: `Sorry, only 1 Test ticket ${scarce} ticket is left.` });
    expect(await stock(plenty)).toMatchObject({ held: 0, activeHolds: 0 });
    expect(await stock(scarce)).toMatchObject({ held: 0, activeHolds: 0 });
    const checkout = (await visitor.get(paths.get)).json();
    expect(checkout.seconds_remaining).toBeNull();
    expect(checkout.tickets.find((line: { ticket_id: number }) => line.ticket_id === scarce).max_can_reserve).toBe(1);
  });

  test('a sold-out ticket says so', async () => {
    const soldOut = await ticketType(0);
    const visitor = await buyer(soldOut, 1);
    expect((await visitor.post(paths.reserve)).json()).toEqual({
      reserved: false,
      error: `Sorry, Test ticket ${soldOut} has sold out.`,
    });
  });

  test('the basket rules are enforced on the server: minimum per customer and companion tickets', async () => {
    const pairs = await ticketType(10, { min_per_customer: 2, max_per_customer: 8 });
    const visitor = await buyer(pairs, 1);
    expect((await visitor.post(paths.reserve)).json()).toEqual({
      reserved: false,
      error: basketMessages.minimumPurchase(2),
    });
    expect(await stock(pairs)).toMatchObject({ held: 0 });

    const child = await buyer(ticket.galaChild, 1);
    expect((await child.post(paths.reserve)).json()).toEqual({
      reserved: false,
      error: basketMessages.requiredTicketsMissing,
    });
    await child.post(paths.addToBasket, { ticket_id: ticket.galaAdult, quantity: 1 });
    expect((await child.post(paths.reserve)).json()).toMatchObject({ reserved: true });
  });

  test('an empty basket cannot be reserved', async () => {
    const visitor = await t.visitor();
    expect((await visitor.post(paths.reserve)).json()).toEqual({ reserved: false, error: expect.any(String) });
  });

  test('changing a reserved basket gives the holds back', async () => {
    const type = await ticketType(10);
    const visitor = await buyer(type, 2);
    await visitor.post(paths.reserve);
    expect(await stock(type)).toMatchObject({ held: 2 });
    await visitor.post(paths.addToBasket, { ticket_id: type, quantity: 1 });
    expect(await stock(type)).toMatchObject({ held: 0, activeHolds: 0 });
    const checkout = (await visitor.get(paths.get)).json();
    expect(checkout.tickets[0].qty).toBe(3);
    expect(checkout.seconds_remaining).toBeNull();
  });
});

describe('the on-sale race', () => {
  test('200 parallel reservations from different sessions for 50 tickets: exactly 50 held, none oversold', async () => {
    const hot = await ticketType(50);
    const buyers = await Promise.all(Array.from({ length: 200 }, () => buyer(hot, 1)));
    const responses = await Promise.all(buyers.map((visitor) => visitor.post(paths.reserve)));

    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const bodies = responses.map((response) => response.json());
    expect(bodies.filter((body) => body.reserved === true)).toHaveLength(50);
    expect(
      bodies
        .filter((body) => body.reserved !== true)
        .every((body) => body.error === `Sorry, Test ticket ${hot} has sold out.`),
    ).toBe(true);
    const after = await stock(hot);
    expect(after).toMatchObject({ capacity: 50, held: 50, activeHolds: 50, sold: 0 });
    expect(after.capacity - after.sold - after.held).toBe(0);
  }, 60_000);

  test('multi-ticket reservations in parallel never exceed capacity', async () => {
    const hot = await ticketType(25);
    const buyers = await Promise.all(Array.from({ length: 40 }, (_, i) => buyer(hot, (i % 4) + 1)));
    const bodies = (await Promise.all(buyers.map((visitor) => visitor.post(paths.reserve)))).map((response) =>
      response.json(),
    );
    const after = await stock(hot);
    expect(after.held).toBe(after.activeHolds);
    expect(after.held).toBeLessThanOrEqual(25);
    // Greedy: once nothing is left every later buyer is refused, and the held total is what the winners asked for.
    const won = bodies.flatMap((body, i) => (body.reserved ? [(i % 4) + 1] : []));
    expect(won.reduce((sum, qty) => sum + qty, 0)).toBe(after.held);
    expect(after.held).toBeGreaterThanOrEqual(22);
  }, 60_000);
});

describe('expiry', () => {
  test('a lapsed hold returns its stock exactly once, even with two sweeps at the same time', async () => {
    // Let every earlier test's reservation lapse and sweep it, so the counts below are this test's alone.
    t.clock.advance((HOLD_SECONDS + 1) * 1000);
    await expireHolds(t.db, t.clock.now());
    const type = await ticketType(10);
    const visitor = await buyer(type, 4);
    await visitor.post(paths.reserve);
    expect(await stock(type)).toMatchObject({ held: 4 });

    t.clock.advance((HOLD_SECONDS - 1) * 1000);
    expect((await expireHolds(t.db, t.clock.now())).tickets).toBe(0);
    expect(await stock(type)).toMatchObject({ held: 4 });

    t.clock.advance(1000);
    const [first, second] = await Promise.all([expireHolds(t.db, t.clock.now()), expireHolds(t.db, t.clock.now())]);
    expect(first.tickets + second.tickets).toBe(4);
    expect(await stock(type)).toMatchObject({ held: 0, activeHolds: 0, sold: 0 });
    expect((await expireHolds(t.db, t.clock.now())).tickets).toBe(0);
    expect(await stock(type)).toMatchObject({ held: 0 });

    const holds = await t.db
      .selectFrom('holds')
      .select(['status', 'ended_at'])
      .where('ticket_type_id', '=', type)
      .execute();
    expect(holds).toEqual([{ status: 'expired', ended_at: t.clock.now() }]);

    const checkout = (await visitor.get(paths.get)).json();
    expect(checkout.seconds_remaining).toBeNull();
    expect(checkout.state).toBe('basket');
    expect(checkout.reserving_error).toBe(commonMessages.checkoutExpired);
    expect(checkout.tickets[0].qty).toBe(4);
    // The buyer can try again.
    expect((await visitor.post(paths.reserve)).json()).toMatchObject({ reserved: true, fresh_reservation: true });
    expect(await stock(type)).toMatchObject({ held: 4, activeHolds: 4 });
  });

  test('stock waiting for the sweeper is not refused: a reservation sweeps lapsed holds on demand', async () => {
    const type = await ticketType(2);
    const first = await buyer(type, 2);
    expect((await first.post(paths.reserve)).json()).toMatchObject({ reserved: true });
    const second = await buyer(type, 2);
    expect((await second.post(paths.reserve)).json()).toMatchObject({ reserved: false });

    t.clock.advance(HOLD_SECONDS * 1000);
    expect((await second.post(paths.reserve)).json()).toMatchObject({ reserved: true, fresh_reservation: true });
    expect(await stock(type)).toMatchObject({ held: 2, activeHolds: 2 });
    expect((await first.get(paths.get)).json().reserving_error).toBe(commonMessages.checkoutExpired);
  });

  test('a lapsed reservation reserved again by its own buyer is renewed once, not doubled', async () => {
    const type = await ticketType(5);
    const visitor = await buyer(type, 3);
    await visitor.post(paths.reserve);
    t.clock.advance(HOLD_SECONDS * 1000 + 1);
    expect((await visitor.post(paths.reserve)).json()).toMatchObject({
      reserved: true,
      fresh_reservation: true,
      checkout_time: HOLD_SECONDS,
    });
    expect(await stock(type)).toMatchObject({ held: 3, activeHolds: 3 });
  });

  test('a reservation of gift vouchers only (no stock held) lapses too', async () => {
    const visitor = await t.visitor();
    await visitor.post(paths.addToBasket, { gift_voucher_id: SEED.giftVoucher.folk, qty: 1, value: 25 });
    const { sale_reference: reference } = (await visitor.post(paths.reserve)).json();
    const status = async () =>
      (await t.db.selectFrom('sales').select('status').where('reference', '=', reference).executeTakeFirstOrThrow())
        .status;
    expect(await status()).toBe('reserved');
    await expireHolds(t.db, t.clock.now());
    expect(await status()).toBe('reserved');
    t.clock.advance(HOLD_SECONDS * 1000);
    await Promise.all([expireHolds(t.db, t.clock.now()), expireHolds(t.db, t.clock.now())]);
    expect(await status()).toBe('expired');
    expect((await visitor.get(paths.get)).json()).toMatchObject({
      seconds_remaining: null,
      reserving_error: commonMessages.checkoutExpired,
    });
  });
});

describe('destroy_sale', () => {
  test('Edit basket releases the holds at once and keeps the basket; a paid sale is the only one kept apart', async () => {
    const type = await ticketType(10);
    const visitor = await buyer(type, 3);
    const reserved = (await visitor.post(paths.reserve)).json();
    expect(await stock(type)).toMatchObject({ held: 3 });

    const response = await visitor.post(paths.destroy);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await stock(type)).toMatchObject({ held: 0, activeHolds: 0 });
    const sale = await t.db
      .selectFrom('sales')
      .select(['status', 'edit_basket_clicked'])
      .where('reference', '=', reserved.sale_reference)
      .executeTakeFirstOrThrow();
    expect(sale).toEqual({ status: 'basket', edit_basket_clicked: true });

    const checkout = (await visitor.get(paths.get)).json();
    expect(checkout.sale_reference).toBe(reserved.sale_reference);
    expect(checkout.tickets).toMatchObject([{ ticket_id: type, qty: 3 }]);
    // Editing again is harmless; reserving again holds the stock again.
    expect((await visitor.post(paths.destroy)).json()).toEqual({ success: true });
    expect((await visitor.post(paths.reserve)).json().reserved).toBe(true);
    expect(await stock(type)).toMatchObject({ held: 3 });
    // The new reservation is not one Edit basket ended: when it lapses, the page says it expired.
    expect((await visitor.get(paths.get)).json().edit_basket_clicked).toBe(false);
  });

  test('a paid sale cannot be destroyed', async () => {
    const type = await ticketType(10);
    const visitor = await buyer(type, 1);
    const { sale_reference: reference } = (await visitor.post(paths.reserve)).json();
    await t.db.updateTable('sales').set({ status: 'paid' }).where('reference', '=', reference).execute();
    const response = await visitor.post(paths.destroy);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: expect.any(String), request_id: expect.any(String) });
  });
});

describe('update_basket_state', () => {
  test('stores the state; refuses post-payment states on an unpaid sale and checkout steps without a reservation', async () => {
    const type = await ticketType(10);
    const visitor = await buyer(type, 1);
    expect((await visitor.post(paths.updateBasketState, { state: 'reserve' })).json()).toEqual({
      seconds_remaining: null,
      hold_extension_minutes: null,
    });

    const login = await visitor.post(paths.updateBasketState, { state: 'login' });
    expect(login.statusCode).toBe(409);
    expect(login.json()).toEqual({ error: expect.any(String), request_id: expect.any(String) });

    await visitor.post(paths.reserve);
    expect((await visitor.post(paths.updateBasketState, { state: 'payment' })).statusCode).toBe(200);
    expect((await visitor.get(paths.get)).json().state).toBe('payment');

    for (const state of [
      'deliver_tickets',
      'ticket_questions_after',
      'waiver',
      'after_sale_messages',
      'order_completed',
    ]) {
      const response = await visitor.post(paths.updateBasketState, { state });
      expect(response.statusCode).toBe(409);
    }
    expect((await visitor.get(paths.get)).json().state).toBe('payment');
  });

  test('a paid sale may move to the post-payment steps', async () => {
    const type = await ticketType(10);
    const visitor = await buyer(type, 1);
    const { sale_reference: reference } = (await visitor.post(paths.reserve)).json();
    await t.db.updateTable('sales').set({ status: 'paid' }).where('reference', '=', reference).execute();
    expect((await visitor.post(paths.updateBasketState, { state: 'order_completed' })).json()).toEqual({
      seconds_remaining: null,
      hold_extension_minutes: null,
    });
    expect((await visitor.get(paths.get)).json()).toMatchObject({ state: 'order_completed', payment_complete: true });
  });

  test('an unknown state is a 400 naming the field', async () => {
    const visitor = await t.visitor();
    const response = await visitor.post(paths.updateBasketState, { state: 'paid_in_full' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain("'state'");
    expect(response.json().errors).toHaveProperty('state');
  });
});

describe('a basket that changes while it is being reserved', () => {
  test('reserve_sale refuses a basket whose version is not the one checked, and takes nothing', async () => {
    const type = await ticketType(10);
    const visitor = await buyer(type, 2);
    const reference = (await visitor.get(paths.get)).json().sale_reference;
    const sale = await t.db
      .selectFrom('sales')
      .select(['id', 'basket_version'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    const now = t.clock.now();
    const call = (version: number) =>
      sql<{
        outcome: string;
      }>`SELECT reserve_sale(${sale.id}, ${version}, ${[type]}::integer[], ${[2]}::integer[], ${new Date(now.getTime() + 60_000)}, ${now}) AS outcome`.execute(
        t.db,
      );
    expect((await call(sale.basket_version - 1)).rows[0]?.outcome).toBe('stale');
    expect(await stock(type)).toMatchObject({ held: 0, activeHolds: 0 });
    expect((await call(sale.basket_version)).rows[0]?.outcome).toBe('reserved');
    expect(await stock(type)).toMatchObject({ held: 2, activeHolds: 2 });
    // Reserved already: not reserved twice.
    expect((await call(sale.basket_version)).rows[0]?.outcome).toBe('stale');
    expect(await stock(type)).toMatchObject({ held: 2, activeHolds: 2 });
  });

  test('reservations racing quantity changes of the same basket: the holds always match the basket when reserved', async () => {
    const type = await ticketType(100);
    const visitor = await buyer(type, 1);
    for (let round = 0; round < 5; round += 1) {
      await Promise.all([
        visitor.post(paths.reserve),
        visitor.post('/ajax/checkout/checkout/update_ticket_quantity/', { ticket_id: type, quantity: 2 + (round % 3) }),
        visitor.post(paths.reserve),
      ]);
      const sale = await t.db
        .selectFrom('sales')
        .select(['id', 'status'])
        .where('reference', '=', (await visitor.get(paths.get)).json().sale_reference)
        .executeTakeFirstOrThrow();
      const line = await t.db
        .selectFrom('sale_lines')
        .select('qty')
        .where('sale_id', '=', sale.id)
        .executeTakeFirstOrThrow();
      const after = await stock(type);
      expect(after.held).toBe(after.activeHolds);
      expect(after.held).toBe(sale.status === 'reserved' ? line.qty : 0);
    }
  }, 30_000);
});

describe('expiry under concurrency', () => {
  test('sweeps and an on-demand sweep racing each other give a lapsed hold back once; the waiting buyer gets it', async () => {
    t.clock.advance((HOLD_SECONDS + 1) * 1000);
    await expireHolds(t.db, t.clock.now());
    const type = await ticketType(3);
    const first = await buyer(type, 3);
    expect((await first.post(paths.reserve)).json()).toMatchObject({ reserved: true });
    const waiting = await Promise.all([buyer(type, 2), buyer(type, 2)]);
    t.clock.advance(HOLD_SECONDS * 1000);
    const [answers] = await Promise.all([
      Promise.all(waiting.map((visitor) => visitor.post(paths.reserve))),
      ...Array.from({ length: 4 }, () => expireHolds(t.db, t.clock.now())),
    ]);
    const won = answers.map((response) => response.json()).filter((body) => body.reserved === true);
    expect(won).toHaveLength(1);
    expect(await stock(type)).toMatchObject({ held: 2, activeHolds: 2, sold: 0 });
    const ended = await t.db
      .selectFrom('holds')
      .select(['status'])
      .where('ticket_type_id', '=', type)
      .where('status', '=', 'expired')
      .execute();
    expect(ended).toHaveLength(1);
  }, 30_000);
});
