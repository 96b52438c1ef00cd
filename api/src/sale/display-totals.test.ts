import { basketDisplayTotals, CheckoutSchema, type BookingFeeDisplay } from '@checkout/shared';
import { toDecimal } from '../catalogue/money';
import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { loadSaleTotals } from '../pricing/amounts';
import { saleOf, salePaths as paths } from '../testing/sale-support';

/**
 * The page shows the subtotal and booking fee with shared/src/rules/totals.ts, derived from what
 * get_checkout sends. Here the server's real output goes through that rule, and the figures must be the server's own.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const { ticket, giftVoucher, code } = SEED;

type Step = (visitor: Visitor) => Promise<unknown>;
const add =
  (ticketId: number, quantity: number): Step =>
  (visitor) =>
    visitor.post(paths.add, { ticket_id: ticketId, quantity });
const voucher =
  (id: number, value: number, qty = 1): Step =>
  (visitor) =>
    visitor.post(paths.add, { gift_voucher_id: id, qty, value });
const applyCode =
  (text: string): Step =>
  async (visitor) =>
    expect((await visitor.post(paths.code, { code: text })).json()).toEqual({ code_applied: true });
const protect: Step = async (visitor) =>
  expect((await visitor.post(paths.refundProtection, { refund_protection: true })).json()).toEqual({ success: true });

test.each<[string, Step[], BookingFeeDisplay]>([
  ['fees added on top', [add(ticket.galaAdult, 2), add(ticket.galaChild, 1)], 'added'],
  ['every fee absorbed', [add(ticket.livestreamPass, 3), add(ticket.folkBalcony, 1)], 'absorbed'],
  ['absorbed and added fees mixed', [add(ticket.livestreamPass, 1), add(ticket.livestreamStanding, 2)], 'added'],
  ['fees hidden by the event', [add(ticket.jazzBar, 2)], 'hidden'],
  ['fees hidden by the event, in pounds', [add(ticket.comedyNight, 2)], 'hidden'],
  ['hidden fees but a gift voucher bought', [add(ticket.comedyNight, 1), voucher(giftVoucher.folk, 25, 2)], 'added'],
  ['a percentage discount code', [add(ticket.galaAdult, 3), applyCode(code.percent)], 'added'],
  ['a fixed code that does not split evenly', [add(ticket.folkStalls, 3), applyCode(code.fixed)], 'added'],
  ['a discount on absorbed-fee tickets', [add(ticket.livestreamPass, 2), applyCode(code.percent)], 'absorbed'],
  [
    'refund protection chosen, one event not covered',
    [add(ticket.galaAdult, 1), add(ticket.comedyNight, 2), protect],
    'added',
  ],
  [
    'a gift voucher code paying part, with posting',
    [add(ticket.folkStalls, 2), voucher(giftVoucher.folk, 10), applyCode(code.giftVoucher), protect],
    'added',
  ],
  ['a gift voucher code paying everything', [add(ticket.folkBalcony, 1), applyCode(code.giftVoucher)], 'absorbed'],
  ['free tickets', [add(ticket.coffeeFree, 2)], 'added'],
])('%s: the page’s subtotal and booking fee are the server’s', async (_name, steps, display) => {
  const visitor = await t.visitor();
  for (const step of steps) await step(visitor);
  const checkout = CheckoutSchema.parse((await visitor.get(paths.get)).json());
  const sale = await saleOf(t, visitor);
  const server = await loadSaleTotals(t.db, sale, t.deps.config.sale.refundProtectionBp, t.clock.now());

  const shown = basketDisplayTotals(checkout);
  expect(shown.bookingFeeTotal).toBe(toDecimal(server.bookingFeesMinor));
  expect(shown.subtotal).toBe(
    toDecimal(server.ticketsMinor + server.vouchersMinor + (server.allFeesAbsorbed ? server.bookingFeesMinor : 0)),
  );
  expect(shown.bookingFeeDisplay).toBe(display);
  expect(checkout.basket_total).toBe(toDecimal(server.basketTotalMinor));
});

test('with a donation and its fee on the sale', async () => {
  const visitor = await t.visitor();
  await add(ticket.galaAdult, 2)(visitor);
  const sale = await saleOf(t, visitor);
  await t.db
    .updateTable('sales')
    .set({ donation_minor: 1000, donation_fee_minor: 35 })
    .where('id', '=', sale.id)
    .execute();
  const checkout = CheckoutSchema.parse((await visitor.get(paths.get)).json());
  const server = await loadSaleTotals(
    t.db,
    { ...sale, donation_minor: 1000, donation_fee_minor: 35 },
    500,
    t.clock.now(),
  );
  expect(basketDisplayTotals(checkout)).toEqual({
    subtotal: 90,
    bookingFeeTotal: toDecimal(server.bookingFeesMinor),
    bookingFeeDisplay: 'added',
  });
  expect(checkout.basket_total).toBe(90 + 5 + 10.35);
});
