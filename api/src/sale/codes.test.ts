import { recordCodeUses } from '../catalogue/codes';
import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { loadSaleTotals } from '../pricing/amounts';
import { saleMessages } from './messages';
import { buyerOf, freshTicketType, saleOf, salePaths as paths, stockOf } from '../testing/sale-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const { ticket, code } = SEED;
const HOLD_MS = 900_000;

const checkoutOf = async (visitor: Visitor) => (await visitor.get(paths.get)).json();
const apply = async (visitor: Visitor, text: string) => (await visitor.post(paths.code, { code: text })).json();

describe('set_code: discount codes', () => {
  test('a percentage code: applied, per ticket discount, the total reduced, its amount by code', async () => {
    const visitor = await buyerOf(t, ticket.galaAdult, 2);
    expect(await apply(visitor, code.percent)).toEqual({ code_applied: true });
    const checkout = await checkoutOf(visitor);
    expect(checkout.discounts_applied).toEqual({ SAVE10: 9 });
    expect(checkout.tickets[0]).toMatchObject({ price: 45, discount_amount: 4.5, booking_fee: 2.5 });
    expect(checkout.basket_total).toBe(2 * (45 - 4.5 + 2.5));
    expect(checkout.basket_errors).toEqual([]);
  });

  test('codes are matched whatever their case; applying one again changes nothing', async () => {
    const visitor = await buyerOf(t, ticket.galaAdult, 1);
    expect(await apply(visitor, ' save10 ')).toEqual({ code_applied: true });
    expect(await apply(visitor, 'SAVE10')).toEqual({ code_applied: true });
    expect((await checkoutOf(visitor)).discounts_applied).toEqual({ SAVE10: 4.5 });
  });

  test.each<[string, string, number, string]>([
    ['an unknown code', 'NOPE-NOT-A-CODE', ticket.galaAdult, saleMessages.codeUnknown],
    ['an expired code', code.expired, ticket.galaAdult, saleMessages.codeExpired],
    ['a used-up code', code.usedUp, ticket.galaAdult, saleMessages.codeUsedUp],
    ['another event’s code', code.eventGbp, ticket.galaAdult, saleMessages.codeNotApplicable],
    ['another organiser’s code', code.fixed, ticket.galaAdult, saleMessages.codeNotApplicable],
    ['a code in another currency', code.fixed, ticket.europaDay, saleMessages.codeWrongCurrency],
    ['a code for free tickets only', code.percent, ticket.coffeeFree, saleMessages.codeNotApplicable],
  ])(
    '%s is refused with its reason, kept in basket_errors until the basket changes',
    async (_name, text, ticketId, reason) => {
      const visitor = await buyerOf(t, ticketId, 1);
      expect(await apply(visitor, text)).toEqual({ code_applied: false, error: reason });
      const checkout = await checkoutOf(visitor);
      expect(checkout.discounts_applied).toEqual({});
      expect(checkout.basket_errors).toEqual([reason]);
      await visitor.post(paths.add, { ticket_id: ticketId, quantity: 1 });
      expect((await checkoutOf(visitor)).basket_errors).toEqual([]);
    },
  );

  test('no basket: nothing for a code to apply to', async () => {
    const visitor = await t.visitor();
    expect(await apply(visitor, code.percent)).toEqual({ code_applied: false, error: saleMessages.codeNotApplicable });
  });

  test('a per-event code takes its share off that event only; a per-organiser fixed code off that organiser', async () => {
    const visitor = await buyerOf(t, ticket.aquariumEarly, 2);
    await visitor.post(paths.add, { ticket_id: ticket.livestreamStanding, quantity: 1 });
    expect(await apply(visitor, code.eventGbp)).toEqual({ code_applied: true });
    const checkout = await checkoutOf(visitor);
    expect(checkout.discounts_applied).toEqual({ AQUA20: 6 });
    expect(checkout.tickets.map((line: { discount_amount: number }) => line.discount_amount)).toEqual([3, 0]);

    const folk = await buyerOf(t, ticket.folkStalls, 2);
    expect(await apply(folk, code.fixed)).toEqual({ code_applied: true });
    const folkCheckout = await checkoutOf(folk);
    expect(folkCheckout.discounts_applied).toEqual({ FOLK5: 5 });
    expect(folkCheckout.tickets[0].discount_amount).toBe(2.5);
    // 2 x (28 - 2.50 + 1.75) + 1.50 posting
    expect(folkCheckout.basket_total).toBe(56);
  });

  test('one discount code per basket: a new one replaces the last', async () => {
    const visitor = await buyerOf(t, ticket.aquariumEarly, 1);
    await apply(visitor, code.percent);
    await apply(visitor, code.eventGbp);
    expect((await checkoutOf(visitor)).discounts_applied).toEqual({ AQUA20: 3 });
  });

  test('a code that no longer applies after a change, or has expired since, is listed and takes nothing off', async () => {
    const visitor = await buyerOf(t, ticket.aquariumEarly, 1);
    await visitor.post(paths.add, { ticket_id: ticket.livestreamStanding, quantity: 1 });
    await apply(visitor, code.eventGbp);
    await visitor.post(paths.remove, { ticket_id: ticket.aquariumEarly });
    let checkout = await checkoutOf(visitor);
    expect(checkout.discounts_applied).toEqual({});
    expect(checkout.basket_errors).toEqual([saleMessages.codeNoLongerApplies('AQUA20')]);

    const expiring = await freshCode({
      code: 'SOON10',
      kind: 'percent',
      percent_bp: 1000,
      expires_at: new Date(t.clock.now().getTime() + 60_000),
    });
    expect(await apply(visitor, expiring)).toEqual({ code_applied: true });
    expect((await checkoutOf(visitor)).discounts_applied).toEqual({ SOON10: 1.8 });
    t.clock.advance(60_000);
    checkout = await checkoutOf(visitor);
    expect(checkout.discounts_applied).toEqual({});
    expect(checkout.basket_errors).toEqual([saleMessages.codeNoLongerValid('SOON10')]);
  });

  test('applying a code keeps a reservation (it changes the price, not the stock)', async () => {
    const type = await freshTicketType(t, 5);
    const visitor = await buyerOf(t, type, 2);
    await visitor.post(paths.reserve);
    expect(await apply(visitor, code.percent)).toEqual({ code_applied: true });
    expect(await stockOf(t, type)).toMatchObject({ held: 2 });
    expect((await saleOf(t, visitor)).status).toBe('reserved');
    expect((await checkoutOf(visitor)).basket_total).toBe(18);
  });
});

let codeId = 1000;
async function freshCode(values: {
  code: string;
  kind: 'percent' | 'fixed' | 'gift_voucher';
  percent_bp?: number;
  amount_minor?: number;
  balance_minor?: number;
  currency?: string;
  max_uses?: number;
  expires_at?: Date;
  organiser_id?: number;
}): Promise<string> {
  codeId += 1;
  await t.db
    .insertInto('codes')
    .values({ id: codeId, ...values })
    .execute();
  return values.code;
}

describe('usage limits', () => {
  test('a code with one use left is claimed by a live reservation: no other checkout can apply it until that lapses', async () => {
    const limited = await freshCode({ code: 'ONE-A', kind: 'fixed', amount_minor: 200, currency: 'GBP', max_uses: 1 });
    const first = await buyerOf(t, ticket.galaAdult, 1);
    const second = await buyerOf(t, ticket.galaAdult, 1);
    expect(await apply(first, limited)).toEqual({ code_applied: true });
    // Both may hold it in a basket; the reservation decides.
    expect(await apply(second, limited)).toEqual({ code_applied: true });
    expect((await first.post(paths.reserve)).json()).toMatchObject({ reserved: true });
    const third = await buyerOf(t, ticket.galaAdult, 1);
    expect(await apply(third, limited)).toEqual({ code_applied: false, error: saleMessages.codeInUse });

    // The second buyer's reservation finds the use taken: the code comes off its basket, with the reason.
    expect((await second.post(paths.reserve)).json()).toEqual({
      reserved: false,
      error: saleMessages.codeNoLongerValid(limited),
    });
    const checkout = await checkoutOf(second);
    expect(checkout.discounts_applied).toEqual({});
    expect(checkout.basket_errors).toEqual([saleMessages.codeNoLongerValid(limited)]);
    expect((await second.post(paths.reserve)).json()).toMatchObject({ reserved: true });

    // The first reservation lapses: the use is free again.
    t.clock.advance(HOLD_MS);
    expect(await apply(third, limited)).toEqual({ code_applied: true });
  });

  test('two checkouts reserving with the last use at the same moment: exactly one keeps it', async () => {
    const limited = await freshCode({ code: 'ONE-B', kind: 'percent', percent_bp: 5000, max_uses: 1 });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => buyerOf(t, ticket.galaAdult, 1)));
    for (const buyer of buyers) expect(await apply(buyer, limited)).toEqual({ code_applied: true });
    const answers = (await Promise.all(buyers.map((buyer) => buyer.post(paths.reserve)))).map((response) =>
      response.json(),
    );
    expect(answers.filter((answer) => answer.reserved === true)).toHaveLength(1);
    expect(answers.filter((answer) => answer.error === saleMessages.codeNoLongerValid(limited))).toHaveLength(7);
    const claimed = await t.db
      .selectFrom('sale_codes')
      .innerJoin('codes', 'codes.id', 'sale_codes.code_id')
      .select('sale_id')
      .where('codes.code', '=', limited)
      .execute();
    expect(claimed).toHaveLength(1);
  }, 30_000);

  test('a paid use is counted: the code is then used up', async () => {
    const limited = await freshCode({ code: 'ONE-C', kind: 'fixed', amount_minor: 100, currency: 'GBP', max_uses: 1 });
    const buyer = await buyerOf(t, ticket.galaAdult, 1);
    await apply(buyer, limited);
    await buyer.post(paths.reserve);
    const sale = await saleOf(t, buyer);
    await t.db.transaction().execute(async (tx) => {
      const totals = await loadSaleTotals(tx, sale, 500, t.clock.now());
      await recordCodeUses(tx, sale.id, totals.byCodeId);
      await tx.updateTable('sales').set({ status: 'paid' }).where('id', '=', sale.id).execute();
    });
    expect(await t.db.selectFrom('codes').select('uses').where('code', '=', limited).executeTakeFirstOrThrow()).toEqual(
      { uses: 1 },
    );
    const next = await buyerOf(t, ticket.galaAdult, 1);
    expect(await apply(next, limited)).toEqual({ code_applied: false, error: saleMessages.codeUsedUp });
  });
});

describe('gift voucher codes', () => {
  test('pay part of the basket (their organiser’s part only, never a fee), listed as a success note', async () => {
    const visitor = await buyerOf(t, ticket.folkStalls, 1);
    expect(await apply(visitor, code.giftVoucher)).toEqual({ code_applied: true });
    const checkout = await checkoutOf(visitor);
    // The £50 voucher pays the £28 ticket; its £1.75 booking fee and £1.50 posting are the marketplace's.
    expect(checkout.gift_vouchers_applied_total).toBe(28);
    expect(checkout.basket_total).toBe(3.25);
    expect(checkout.discounts_applied).toEqual({});
    expect(checkout.basket_success).toEqual([saleMessages.giftVoucherApplied(code.giftVoucher, 28, '£')]);

    const gala = await buyerOf(t, ticket.galaAdult, 1);
    expect(await apply(gala, code.giftVoucher)).toEqual({ code_applied: false, error: saleMessages.codeNotApplicable });
  });

  test('never pay for gift vouchers: a basket of vouchers only is refused with why, and nothing changes', async () => {
    const visitor = await t.visitor();
    const added = await visitor.post(paths.add, { gift_voucher_id: SEED.giftVoucher.folk, qty: 1, value: 25 });
    expect(added.json().success).toBe(true);
    const before = await checkoutOf(visitor);
    expect(await apply(visitor, code.giftVoucher)).toEqual({
      code_applied: false,
      error: saleMessages.giftVoucherNotForVouchers,
    });
    const after = await checkoutOf(visitor);
    expect(after).toMatchObject({ applied_codes: [], gift_vouchers_applied_total: 0, basket_total: 25 });
    expect(after.basket_total).toBe(before.basket_total);
  });

  test("with tickets and a gift voucher: the organiser's code pays the ticket's price, the fee, posting and voucher are left to pay, and the basket says why", async () => {
    const visitor = await buyerOf(t, ticket.folkStalls, 1);
    await visitor.post(paths.add, { gift_voucher_id: SEED.giftVoucher.folk, qty: 1, value: 25 });
    expect(await apply(visitor, code.giftVoucher)).toEqual({ code_applied: true });
    const checkout = await checkoutOf(visitor);
    // The Folk organiser's £50 voucher pays the £28 seat; its £1.75 fee, the £1.50 posting (the marketplace's) and
    // the £25 gift voucher are left to pay.
    expect(checkout.gift_vouchers_applied_total).toBe(28);
    expect(checkout.basket_total).toBe(28.25);
    expect(checkout.basket_success).toEqual([
      saleMessages.giftVoucherApplied(code.giftVoucher, 28, '£'),
      saleMessages.giftVoucherLeavesVouchers,
    ]);
    // The price charged is the same: the payment's amount is the basket_total above.
    const sale = await saleOf(t, visitor);
    expect((await loadSaleTotals(t.db, sale, 500, t.clock.now())).basketTotalMinor).toBe(2825);
  });

  test('a voucher with a discount code beside it; a spent voucher is refused; a voucher is held by one reservation at a time', async () => {
    const voucher = await freshCode({
      code: 'GV-20',
      kind: 'gift_voucher',
      amount_minor: 2000,
      balance_minor: 2000,
      currency: 'GBP',
    });
    const visitor = await buyerOf(t, ticket.galaAdult, 1);
    expect(await apply(visitor, code.percent)).toEqual({ code_applied: true });
    expect(await apply(visitor, voucher)).toEqual({ code_applied: true });
    const checkout = await checkoutOf(visitor);
    expect(checkout).toMatchObject({
      discounts_applied: { SAVE10: 4.5 },
      gift_vouchers_applied_total: 20,
      basket_total: 45 - 4.5 + 2.5 - 20,
    });
    await visitor.post(paths.reserve);
    const other = await buyerOf(t, ticket.galaAdult, 1);
    expect(await apply(other, voucher)).toEqual({ code_applied: false, error: saleMessages.codeInUse });

    const spent = await freshCode({
      code: 'GV-0',
      kind: 'gift_voucher',
      amount_minor: 2000,
      balance_minor: 0,
      currency: 'GBP',
    });
    expect(await apply(other, spent)).toEqual({ code_applied: false, error: saleMessages.giftVoucherSpent });
  });
});
