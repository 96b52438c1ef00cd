import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import { saleMessages } from './messages';
import { buyerOf, freshTicketType, saleOf, salePaths as paths, stockOf } from '../testing/sale-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const { ticket } = SEED;

describe('update_refund_protection', () => {
  test('yes adds 5 % of the covered tickets and their fees; events that cannot be covered are left out and flagged', async () => {
    const visitor = await buyerOf(t, ticket.galaAdult, 2);
    await visitor.post(paths.add, { ticket_id: ticket.comedyNight, quantity: 1 });
    let checkout = (await visitor.get(paths.get)).json();
    // Covered: 2 x (45 + 2.50) = 95 -> 4.75; the comedy night cannot be covered.
    expect(checkout).toMatchObject({ has_refund_protection: true, refund_protection: 0, refund_protection_cost: 4.75 });
    expect(
      checkout.events.map((event: { id: number; refund_protection: boolean }) => [event.id, event.refund_protection]),
    ).toEqual([
      [SEED.event.gala, true],
      [SEED.event.comedy, false],
    ]);
    const before = checkout.basket_total;

    expect((await visitor.post(paths.refundProtection, { refund_protection: true })).json()).toEqual({ success: true });
    checkout = (await visitor.get(paths.get)).json();
    expect(checkout).toMatchObject({ refund_protection: 1, basket_total: before + 4.75 });

    expect((await visitor.post(paths.refundProtection, { refund_protection: 'false' })).json()).toEqual({
      success: true,
    });
    expect((await visitor.get(paths.get)).json()).toMatchObject({ refund_protection: 0, basket_total: before });
  });

  test('yes is refused when nothing in the basket can be covered; no is always fine', async () => {
    const visitor = await buyerOf(t, ticket.comedyNight, 2);
    expect((await visitor.get(paths.get)).json()).toMatchObject({
      has_refund_protection: false,
      refund_protection_cost: null,
    });
    const response = await visitor.post(paths.refundProtection, { refund_protection: true });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: saleMessages.refundProtectionUnavailable,
      request_id: expect.any(String),
    });
    expect((await saleOf(t, visitor)).refund_protection).toBe(false);
    expect((await visitor.post(paths.refundProtection, { refund_protection: false })).json()).toEqual({
      success: true,
    });
  });

  test('a chosen cover follows the basket: it lapses from the total when nothing coverable is left', async () => {
    const visitor = await buyerOf(t, ticket.galaAdult, 1);
    await visitor.post(paths.add, { ticket_id: ticket.comedyNight, quantity: 1 });
    await visitor.post(paths.refundProtection, { refund_protection: true });
    await visitor.post(paths.remove, { ticket_id: ticket.galaAdult });
    expect((await visitor.get(paths.get)).json()).toMatchObject({
      refund_protection: 0,
      has_refund_protection: false,
      basket_total: 13,
    });
  });

  test('keeps a reservation (a price change, not a stock change); no basket is a 409', async () => {
    const type = await freshTicketType(t, 5);
    const visitor = await buyerOf(t, type, 2);
    await visitor.post(paths.reserve);
    expect((await visitor.post(paths.refundProtection, { refund_protection: true })).json()).toEqual({ success: true });
    expect(await stockOf(t, type)).toMatchObject({ held: 2 });
    expect((await visitor.get(paths.get)).json()).toMatchObject({
      refund_protection: 1,
      refund_protection_cost: 1,
      basket_total: 21,
    });
    expect((await (await t.visitor()).post(paths.refundProtection, { refund_protection: true })).statusCode).toBe(409);
  });
});
