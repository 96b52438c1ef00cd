import { calls, type Checkout } from '@checkout/shared';
import { toMinor } from '../catalogue/money';
import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { buyerOf, saleOf, salePaths as paths, stockOf } from '../testing/sale-support';

/**
 * What the buyer sees adds up: the checkout's price_breakdown over the seeded baskets that did not, codes shown and
 * removable, Edit basket keeping the basket, and a stale tab refused instead of moving the sale backwards.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const checkoutOf = async (visitor: Visitor) => (await visitor.get(paths.get)).json<Checkout>();
const rowsOf = (checkout: Checkout) => checkout.price_breakdown.map((row) => [row.kind, row.label, row.amount]);
const sumOf = (checkout: Checkout) => checkout.price_breakdown.reduce((sum, row) => sum + toMinor(row.amount), 0);

function expectAddsUp(checkout: Checkout) {
  expect(sumOf(checkout)).toBe(toMinor(checkout.basket_total));
}

describe('the order summary adds up', () => {
  test('Folk Stalls ×2, a £10 Folk voucher, FOLK5 and GIFT-DEMO-50: every component is a row', async () => {
    const visitor = await buyerOf(t, SEED.ticket.folkStalls, 2);
    await visitor.post(paths.add, { gift_voucher_id: SEED.giftVoucher.folk, qty: 1, value: 10 });
    const before = await checkoutOf(visitor);
    expectAddsUp(before);
    expect(before.price_breakdown.map((row) => row.kind)).toEqual(['ticket', 'voucher', 'booking_fee', 'delivery']);
    expect((await visitor.post(paths.code, { code: SEED.code.fixed })).json().code_applied).toBe(true);
    expect((await visitor.post(paths.code, { code: SEED.code.giftVoucher })).json().code_applied).toBe(true);
    const after = await checkoutOf(visitor);
    expectAddsUp(after);
    expect(rowsOf(after)).toEqual([
      ['ticket', before.price_breakdown[0]?.label, before.price_breakdown[0]?.amount],
      ['voucher', before.price_breakdown[1]?.label, 10],
      ['discount', 'Discount code FOLK5', -5],
      ['booking_fee', 'Booking fee', before.price_breakdown[2]?.amount],
      ['delivery', 'Delivery', 1.5],
      ['gift_voucher_code', 'Gift voucher GIFT-DEMO-50', expect.any(Number)],
    ]);
    expect(after.applied_codes).toEqual([
      { code: 'FOLK5', kind: 'discount', saving: 5 },
      { code: 'GIFT-DEMO-50', kind: 'gift_voucher', saving: expect.any(Number) },
    ]);
  });

  test('Lifeboat Dinner with a £20 donation, and Dinner ×2 with refund protection', async () => {
    const donor = await buyerOf(t, SEED.ticket.galaAdult, 1);
    expect((await donor.post(paths.reserve)).json().reserved).toBe(true);
    expect(
      (await donor.post(calls.saveDonation.path, { amount_before_booking_fee: 20, charity_id: SEED.charity.lifeboat }))
        .statusCode,
    ).toBe(200);
    const donation = await checkoutOf(donor);
    expectAddsUp(donation);
    expect(donation.price_breakdown.map((row) => row.kind)).toEqual([
      'ticket',
      'booking_fee',
      'donation',
      'donation_fee',
    ]);

    const protectedBuyer = await buyerOf(t, SEED.ticket.galaAdult, 2);
    await protectedBuyer.post(paths.refundProtection, { refund_protection: 1 });
    const protectedCheckout = await checkoutOf(protectedBuyer);
    expectAddsUp(protectedCheckout);
    expect(protectedCheckout.price_breakdown.find((row) => row.kind === 'refund_protection')?.amount).toBe(
      protectedCheckout.refund_protection_cost,
    );
  });

  test('a Balcony seat (fee absorbed) with delivery: the fee is inside the seat price, shown once', async () => {
    const visitor = await buyerOf(t, SEED.ticket.folkBalcony, 1);
    const checkout = await checkoutOf(visitor);
    expectAddsUp(checkout);
    expect(checkout.price_breakdown.map((row) => row.kind)).toEqual(['ticket', 'delivery']);
    expect(checkout.price_breakdown[0]?.detail).toMatch(/Includes booking fee £/);
  });
});

describe('codes can be seen and removed', () => {
  test('remove_code takes a code off, gives its saving back and keeps the reservation; a second remove changes nothing', async () => {
    const visitor = await buyerOf(t, SEED.ticket.folkStalls, 1);
    expect((await visitor.post(paths.reserve)).json().reserved).toBe(true);
    await visitor.post(paths.code, { code: SEED.code.percent });
    const withCode = await checkoutOf(visitor);
    expect(withCode.applied_codes).toEqual([{ code: 'SAVE10', kind: 'discount', saving: expect.any(Number) }]);
    const removed = await visitor.post(calls.removeCode.path, { code: 'save10' });
    expect(removed.json()).toEqual({ success: true });
    const without = await checkoutOf(visitor);
    expect(without.applied_codes).toEqual([]);
    expect(without.basket_total).toBeGreaterThan(withCode.basket_total);
    expect((await saleOf(t, visitor)).status).toBe('reserved');
    expect((await visitor.post(calls.removeCode.path, { code: 'SAVE10' })).json()).toEqual({ success: true });
  });

  test("bad input: an empty or over-long code is a 400 naming the field; another buyer's code is untouched", async () => {
    const owner = await buyerOf(t, SEED.ticket.folkStalls, 1);
    await owner.post(paths.code, { code: SEED.code.percent });
    const stranger = await buyerOf(t, SEED.ticket.folkStalls, 1);
    expect((await stranger.post(calls.removeCode.path, { code: '' })).statusCode).toBe(400);
    expect((await stranger.post(calls.removeCode.path, { code: 'X'.repeat(500) })).statusCode).toBe(400);
    expect((await stranger.post(calls.removeCode.path, { code: SEED.code.percent })).json()).toEqual({ success: true });
    expect((await checkoutOf(owner)).applied_codes).toHaveLength(1);
  });
});

describe('Edit basket', () => {
  test('gives the reservation back and returns to the basket with its lines, codes and choices', async () => {
    const visitor = await buyerOf(t, SEED.ticket.galaAdult, 2);
    await visitor.post(paths.code, { code: SEED.code.percent });
    await visitor.post(paths.refundProtection, { refund_protection: 1 });
    expect((await visitor.post(paths.reserve)).json().reserved).toBe(true);
    const held = await stockOf(t, SEED.ticket.galaAdult);
    expect((await visitor.post(paths.destroy)).json()).toEqual({ success: true });
    const after = await checkoutOf(visitor);
    expect(after).toMatchObject({
      state: 'basket',
      refund_protection: 1,
      seconds_remaining: null,
      edit_basket_clicked: true,
      tickets: [{ ticket_id: SEED.ticket.galaAdult, qty: 2 }],
    });
    expect(after.applied_codes.map((code) => code.code)).toEqual(['SAVE10']);
    expect((await stockOf(t, SEED.ticket.galaAdult)).held).toBe(held.held - 2);
    expect((await saleOf(t, visitor)).status).toBe('basket');
    // Reserving again works from the kept basket.
    expect((await visitor.post(paths.reserve)).json().reserved).toBe(true);
  });
});

describe('stale tabs', () => {
  const move = (visitor: Visitor, from: string, state: string) => visitor.post(paths.state, { from, state });

  test('a change from a state the sale has left, moving it backwards, is a 409 and changes nothing', async () => {
    const visitor = await buyerOf(t, SEED.ticket.galaAdult, 1);
    expect((await visitor.post(paths.reserve)).json().reserved).toBe(true);
    expect((await move(visitor, 'reserve', 'donation')).statusCode).toBe(200);
    expect((await move(visitor, 'donation', 'login')).statusCode).toBe(200);
    // The old tab still shows the donation step.
    const stale = await move(visitor, 'donation', 'gift_aid');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().type).toBe('stale');
    expect((await checkoutOf(visitor)).state).toBe('login');
    // The current tab moves on; a move without `from` (an older page) is taken as before.
    expect((await move(visitor, 'login', 'marketing_preferences')).statusCode).toBe(200);
    expect((await visitor.post(paths.state, { state: 'marketing_preferences' })).statusCode).toBe(200);
  });

  test('a tab whose sale was paid elsewhere cannot take it back to a payment step', async () => {
    const visitor = await buyerOf(t, SEED.ticket.onSale, 1);
    expect((await visitor.post(paths.reserve)).json().reserved).toBe(true);
    const sale = await saleOf(t, visitor);
    await t.db
      .updateTable('sales')
      .set({ status: 'paid', state: 'order_completed' })
      .where('id', '=', sale.id)
      .execute();
    const stale = await move(visitor, 'payment', 'payment');
    expect(stale.statusCode).toBe(409);
    expect((await move(visitor, 'order_completed', 'order_completed')).statusCode).toBe(200);
  });

  test('a paid sale never goes back before its payment, even from its own step (the browser’s Back)', async () => {
    const visitor = await buyerOf(t, SEED.ticket.onSale, 1);
    expect((await visitor.post(paths.reserve)).json().reserved).toBe(true);
    const sale = await saleOf(t, visitor);
    await t.db
      .updateTable('sales')
      .set({ status: 'paid', state: 'order_completed' })
      .where('id', '=', sale.id)
      .execute();
    for (const state of ['payment', 'marketing_preferences', 'login', 'basket']) {
      const back = await move(visitor, 'order_completed', state);
      expect({ state, status: back.statusCode, type: back.json().type }).toEqual({ state, status: 409, type: 'stale' });
    }
    expect((await checkoutOf(visitor)).state).toBe('order_completed');
    // Between the steps after delivery it moves as before.
    expect((await move(visitor, 'order_completed', 'ticket_questions_after')).statusCode).toBe(200);
    expect((await move(visitor, 'ticket_questions_after', 'order_completed')).statusCode).toBe(200);
  });
});

test('the flow order names every state once', async () => {
  const { CHECKOUT_FLOW, CHECKOUT_STATES } = await import('@checkout/shared');
  expect([...CHECKOUT_FLOW].sort()).toEqual([...CHECKOUT_STATES].sort());
});
