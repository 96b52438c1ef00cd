import * as messages from '@checkout/shared/messages/basket';
import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import { saleMessages } from './messages';
import { buyerOf, freshTicketType, saleOf, salePaths as paths, stockOf } from '../testing/sale-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const { ticket, giftVoucher } = SEED;

async function basket(visitor: Awaited<ReturnType<typeof buyerOf>>) {
  return (await visitor.get(paths.get)).json();
}

describe('update_ticket_quantity', () => {
  test('changes the quantity; the reload shows it and the new total', async () => {
    const visitor = await buyerOf(t, ticket.galaAdult, 1);
    const response = await visitor.post(paths.quantity, { ticket_id: ticket.galaAdult, quantity: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const checkout = await basket(visitor);
    expect(checkout.tickets[0]).toMatchObject({ ticket_id: ticket.galaAdult, qty: 3 });
    expect(checkout.basket_total).toBe(3 * 47.5);
  });

  test('0 is refused by the contract (the minimum is 1; removing is remove_from_basket)', async () => {
    const visitor = await buyerOf(t, ticket.galaAdult, 2);
    const response = await visitor.post(paths.quantity, { ticket_id: ticket.galaAdult, quantity: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('quantity');
    expect((await basket(visitor)).tickets[0].qty).toBe(2);
  });

  test('above the per-customer maximum is refused with the spec sentence, nothing changed', async () => {
    const visitor = await buyerOf(t, ticket.onSale, 2);
    const response = await visitor.post(paths.quantity, { ticket_id: ticket.onSale, quantity: 11 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: messages.canOnlyReserve(10), request_id: expect.any(String) });
    expect((await basket(visitor)).tickets[0].qty).toBe(2);
    expect((await visitor.post(paths.quantity, { ticket_id: ticket.onSale, quantity: 10 })).json()).toEqual({
      success: true,
    });
  });

  test('raising above the stock left is refused with what can be reserved; lowering is always allowed', async () => {
    const type = await freshTicketType(t, 3);
    const visitor = await buyerOf(t, type, 1);
    expect((await visitor.post(paths.quantity, { ticket_id: type, quantity: 4 })).json()).toEqual({
      error: messages.canOnlyReserve(3),
      request_id: expect.any(String),
    });
    expect((await visitor.post(paths.quantity, { ticket_id: type, quantity: 3 })).json()).toEqual({ success: true });
    // Someone else takes two: the basket now asks for more than is left, and says so.
    const other = await buyerOf(t, type, 2);
    expect((await other.post(paths.reserve)).json()).toMatchObject({ reserved: true });
    const checkout = await basket(visitor);
    expect(checkout.tickets[0].max_can_reserve).toBe(1);
    expect(checkout.basket_errors).toContain(`Sorry, only 1 Test ticket ${type} ticket is left.`);
    expect((await visitor.post(paths.quantity, { ticket_id: type, quantity: 2 })).json()).toEqual({ success: true });
    expect((await visitor.post(paths.quantity, { ticket_id: type, quantity: 3 })).statusCode).toBe(409);
  });

  test('a sold-out ticket cannot be raised', async () => {
    const type = await freshTicketType(t, 1);
    const visitor = await buyerOf(t, type, 1);
    const other = await buyerOf(t, type, 1);
    await other.post(paths.reserve);
    expect((await visitor.post(paths.quantity, { ticket_id: type, quantity: 2 })).json()).toEqual({
      error: `Sorry, Test ticket ${type} has sold out.`,
      request_id: expect.any(String),
    });
  });

  test('below a minimum per customer is refused', async () => {
    const visitor = await buyerOf(t, ticket.jazzTable, 4);
    const response = await visitor.post(paths.quantity, { ticket_id: ticket.jazzTable, quantity: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: messages.minimumPurchase(2), request_id: expect.any(String) });
    expect((await visitor.post(paths.quantity, { ticket_id: ticket.jazzTable, quantity: 2 })).json()).toEqual({
      success: true,
    });
  });

  test('a seated ticket keeps its quantity', async () => {
    const visitor = await buyerOf(t, ticket.folkStalls, 2);
    expect((await basket(visitor)).tickets[0].can_update_quantity).toBe(false);
    const response = await visitor.post(paths.quantity, { ticket_id: ticket.folkStalls, quantity: 3 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: saleMessages.quantityFixed, request_id: expect.any(String) });
  });

  test('a ticket not in the basket is a 404; no basket at all is a 409', async () => {
    const visitor = await buyerOf(t, ticket.galaAdult, 1);
    expect((await visitor.post(paths.quantity, { ticket_id: ticket.galaChild, quantity: 1 })).statusCode).toBe(404);
    const empty = await t.visitor();
    const response = await empty.post(paths.quantity, { ticket_id: ticket.galaChild, quantity: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: saleMessages.noSale, request_id: expect.any(String) });
  });

  test('changing a reserved basket gives its holds back at once; the same quantity keeps the reservation', async () => {
    const type = await freshTicketType(t, 10);
    const visitor = await buyerOf(t, type, 2);
    expect((await visitor.post(paths.reserve)).json()).toMatchObject({ reserved: true, fresh_reservation: true });
    expect((await visitor.post(paths.quantity, { ticket_id: type, quantity: 2 })).json()).toEqual({ success: true });
    expect(await stockOf(t, type)).toMatchObject({ held: 2, activeHolds: 2 });
    expect((await basket(visitor)).seconds_remaining).toBe(900);

    expect((await visitor.post(paths.quantity, { ticket_id: type, quantity: 3 })).json()).toEqual({ success: true });
    expect(await stockOf(t, type)).toMatchObject({ held: 0, activeHolds: 0 });
    const checkout = await basket(visitor);
    expect(checkout).toMatchObject({ seconds_remaining: null, state: 'basket' });
    expect((await saleOf(t, visitor)).status).toBe('basket');
    expect((await visitor.post(paths.reserve)).json()).toMatchObject({ reserved: true, fresh_reservation: true });
    expect(await stockOf(t, type)).toMatchObject({ held: 3, activeHolds: 3 });
  });

  test('a refused change of a reserved basket keeps the reservation', async () => {
    const type = await freshTicketType(t, 10);
    const visitor = await buyerOf(t, type, 2);
    await visitor.post(paths.reserve);
    expect((await visitor.post(paths.quantity, { ticket_id: type, quantity: 11 })).statusCode).toBe(409);
    expect(await stockOf(t, type)).toMatchObject({ held: 2 });
    expect((await saleOf(t, visitor)).status).toBe('reserved');
  });
});

describe('update_gift_voucher_quantity', () => {
  test('changes the quantity of the voucher line of that value', async () => {
    const visitor = await t.visitor();
    await visitor.post(paths.add, { gift_voucher_id: giftVoucher.folk, qty: 1, value: 25 });
    await visitor.post(paths.add, { gift_voucher_id: giftVoucher.folk, qty: 1, value: 10 });
    expect(
      (await visitor.post(paths.voucherQuantity, { gift_voucher_id: giftVoucher.folk, qty: 3, value: 25 })).json(),
    ).toEqual({ success: true });
    const checkout = await basket(visitor);
    expect(checkout.gift_vouchers.map((line: { value: number; qty: number }) => [line.value, line.qty])).toEqual([
      [25, 3],
      [10, 1],
    ]);
    expect(checkout.basket_total).toBe(85);
  });

  test('above its limit, or a value not in the basket, is refused', async () => {
    const visitor = await t.visitor();
    await visitor.post(paths.add, { gift_voucher_id: giftVoucher.folk, qty: 1, value: 25 });
    const over = await visitor.post(paths.voucherQuantity, { gift_voucher_id: giftVoucher.folk, qty: 11, value: 25 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe('You can only buy 10 of this gift voucher at this value');
    expect(
      (await visitor.post(paths.voucherQuantity, { gift_voucher_id: giftVoucher.folk, qty: 2, value: 50 })).statusCode,
    ).toBe(404);
    expect(
      (await visitor.post(paths.voucherQuantity, { gift_voucher_id: giftVoucher.folk, qty: 0, value: 25 })).statusCode,
    ).toBe(400);
    expect((await basket(visitor)).gift_vouchers[0].qty).toBe(1);
  });
});

describe('remove_from_basket and remove_gift_voucher_from_basket', () => {
  test('remove a line; removing it again is a harmless success', async () => {
    const visitor = await buyerOf(t, ticket.galaAdult, 1);
    await visitor.post(paths.add, { ticket_id: ticket.livestreamPass, quantity: 1 });
    expect((await visitor.post(paths.remove, { ticket_id: ticket.galaAdult })).json()).toEqual({ success: true });
    expect((await basket(visitor)).tickets.map((line: { ticket_id: number }) => line.ticket_id)).toEqual([
      ticket.livestreamPass,
    ]);
    expect((await visitor.post(paths.remove, { ticket_id: ticket.galaAdult })).json()).toEqual({ success: true });
    expect((await (await t.visitor()).post(paths.remove, { ticket_id: ticket.galaAdult })).json()).toEqual({
      success: true,
    });
  });

  test('removing from a reserved basket gives the holds back; removing what is not there keeps the reservation', async () => {
    const a = await freshTicketType(t, 10);
    const b = await freshTicketType(t, 10);
    const visitor = await buyerOf(t, a, 2);
    await visitor.post(paths.add, { ticket_id: b, quantity: 1 });
    await visitor.post(paths.reserve);
    expect((await visitor.post(paths.remove, { ticket_id: ticket.galaChild })).json()).toEqual({ success: true });
    expect(await stockOf(t, a)).toMatchObject({ held: 2 });
    expect((await saleOf(t, visitor)).status).toBe('reserved');

    await visitor.post(paths.remove, { ticket_id: b });
    expect(await stockOf(t, a)).toMatchObject({ held: 0, activeHolds: 0 });
    expect(await stockOf(t, b)).toMatchObject({ held: 0, activeHolds: 0 });
    expect((await saleOf(t, visitor)).status).toBe('basket');
  });

  test('a gift voucher line is removed by id and value', async () => {
    const visitor = await t.visitor();
    await visitor.post(paths.add, { gift_voucher_id: giftVoucher.lifeboat, qty: 1, value: 20 });
    await visitor.post(paths.add, { gift_voucher_id: giftVoucher.lifeboat, qty: 2, value: 12.34 });
    expect(
      (await visitor.post(paths.removeVoucher, { gift_voucher_id: giftVoucher.lifeboat, value: 12.34 })).json(),
    ).toEqual({ success: true });
    expect((await basket(visitor)).gift_vouchers.map((line: { value: number }) => line.value)).toEqual([20]);
  });
});

describe('a paid sale', () => {
  test('cannot be changed by any basket call', async () => {
    const visitor = await buyerOf(t, ticket.galaAdult, 1);
    await visitor.post(paths.add, { gift_voucher_id: giftVoucher.folk, qty: 1, value: 25 });
    const sale = await saleOf(t, visitor);
    await t.db.updateTable('sales').set({ status: 'paid' }).where('id', '=', sale.id).execute();
    const attempts = [
      await visitor.post(paths.quantity, { ticket_id: ticket.galaAdult, quantity: 2 }),
      await visitor.post(paths.voucherQuantity, { gift_voucher_id: giftVoucher.folk, qty: 2, value: 25 }),
      await visitor.post(paths.remove, { ticket_id: ticket.galaAdult }),
      await visitor.post(paths.removeVoucher, { gift_voucher_id: giftVoucher.folk, value: 25 }),
      await visitor.post(paths.refundProtection, { refund_protection: true }),
      await visitor.post(paths.code, { code: SEED.code.percent }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: saleMessages.paidSale, request_id: expect.any(String) });
    }
    const after = await t.db
      .selectFrom('sale_lines')
      .select(['qty'])
      .where('sale_id', '=', sale.id)
      .orderBy('id')
      .execute();
    expect(after).toEqual([{ qty: 1 }, { qty: 1 }]);
  });
});
