import { CheckoutSchema, EMPTY_CHECKOUT } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/basket';
import { standardRefundPolicy } from '../catalogue/refund-policy';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';

let t: TestApp;
// Creating the first database snapshot of a new schema takes a while on a busy machine.
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const { ticket } = SEED;

async function counts() {
  const [sales, lines, sessions] = await Promise.all([
    t.db
      .selectFrom('sales')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    t.db
      .selectFrom('sale_lines')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    t.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { sales: Number(sales.n), lines: Number(lines.n), sessions: Number(sessions.n) };
}

describe('after-sale messages', () => {
  test('two events of one organiser: the checkout lists both messages, each with its event and that organiser', async () => {
    const visitor = await t.visitor();
    expect((await visitor.post(paths.addToBasket, { ticket_id: ticket.folkBalcony, quantity: 1 })).json()).toEqual({
      success: true,
    });
    expect((await visitor.post(paths.addToBasket, { ticket_id: ticket.summerDay, quantity: 1 })).json()).toEqual({
      success: true,
    });
    const checkout = CheckoutSchema.parse((await visitor.get(paths.get)).json());
    expect(checkout.after_sale_messages.map((m) => [m.organiser_name, m.event_title])).toEqual([
      ['Brighton Folk Collective', 'Folk by the Sea'],
      ['Brighton Folk Collective', 'Summer Fields Festival'],
    ]);
  });
});

describe('get on an empty session', () => {
  test('answers the empty basket checkout and stores nothing', async () => {
    const before = await counts();
    const visitor = await t.visitor();
    const response = await visitor.get(paths.get);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(CheckoutSchema.safeParse(body).success).toBe(true);
    // The test app's payments are the sandboxes: every method available, and test money.
    expect(body).toEqual({ ...EMPTY_CHECKOUT, captcha_sitekey: 'sandbox-site-key', test_mode: true });
    expect(await counts()).toEqual(before);
  });
});

describe('add_to_basket and the totals of get', () => {
  test('a gift voucher bought on 31 January expires on the last day of the month its validity ends in, not past it', async () => {
    const before = t.clock.now();
    try {
      // The seeded Lifeboat voucher is valid for 24 months: 31 January 2027 + 24 months is 31 January 2029; the Folk one
      // for 12. A 1-month voucher shows the clamping: 31 January + 1 month is 28 February.
      await t.db
        .updateTable('gift_vouchers')
        .set({ valid_months: 1 })
        .where('id', '=', SEED.giftVoucher.folk)
        .execute();
      t.clock.set('2027-01-31T12:00:00Z');
      const visitor = await t.visitor();
      expect(
        (await visitor.post(paths.addToBasket, { gift_voucher_id: SEED.giftVoucher.folk, qty: 1, value: 25 })).json(),
      ).toEqual({ success: true });
      const checkout = CheckoutSchema.parse((await visitor.get(paths.get)).json());
      expect(checkout.gift_vouchers.map((voucher) => voucher.uk_expiry_date)).toEqual(['28/02/2027']);
    } finally {
      t.clock.set(before);
      await t.db
        .updateTable('gift_vouchers')
        .set({ valid_months: 12 })
        .where('id', '=', SEED.giftVoucher.folk)
        .execute();
    }
  });

  test('tickets from two events and a gift voucher: lines, events, organisers and server-side totals', async () => {
    const visitor = await t.visitor();
    expect((await visitor.post(paths.addToBasket, { ticket_id: ticket.galaAdult, quantity: 2 })).json()).toEqual({
      success: true,
    });
    expect((await visitor.post(paths.addToBasket, { ticket_id: ticket.galaChild, quantity: 1 })).json()).toEqual({
      success: true,
    });
    expect((await visitor.post(paths.addToBasket, { ticket_id: ticket.folkBalcony, quantity: 1 })).json()).toEqual({
      success: true,
    });
    expect(
      (await visitor.post(paths.addToBasket, { gift_voucher_id: SEED.giftVoucher.folk, qty: 1, value: 25 })).json(),
    ).toEqual({ success: true });
    // Adding the same ticket again adds to its line.
    expect((await visitor.post(paths.addToBasket, { ticket_id: ticket.galaAdult, quantity: '1' })).json()).toEqual({
      success: true,
    });

    const checkout = CheckoutSchema.parse((await visitor.get(paths.get)).json());
    expect(checkout.sale_reference).toMatch(/^CT-[A-Z2-9]{16}$/);
    expect(checkout.currency).toEqual({ symbol: '£', code: 'GBP' });
    expect(
      checkout.tickets.map((line) => [line.ticket_id, line.qty, line.price, line.booking_fee, line.absorb_fee]),
    ).toEqual([
      [ticket.galaAdult, 3, 45, 2.5, false],
      [ticket.galaChild, 1, 20, 1, false],
      // The organiser absorbs this fee: the price is sent net of it, so price + fee is the £22 the ticket costs.
      [ticket.folkBalcony, 1, 20.5, 1.5, true],
    ]);
    expect(checkout.gift_vouchers).toEqual([
      expect.objectContaining({
        id: SEED.giftVoucher.folk,
        name: 'Folk Collective gift voucher',
        value: 25,
        qty: 1,
        o_name: 'Brighton Folk Collective',
      }),
    ]);
    // 3 x (45 + 2.50) + 1 x (20 + 1) + 22 (fee absorbed) + 25 voucher + 1.50 posting (Folk by the Sea)
    expect(checkout.delivery_cost).toBe(1.5);
    expect(checkout.basket_total).toBe(212);
    expect(checkout.all_booking_fees_are_absorbed).toBe(false);
    expect(checkout.events.map((event) => event.id)).toEqual([SEED.event.gala, SEED.event.folk]);
    expect(checkout.organisers.map((organiser) => organiser.name)).toEqual([
      'Harbour Lifeboat Trust',
      'Brighton Folk Collective',
    ]);
    expect(checkout.organisers[0]?.charity).toBe(true);
    expect(checkout.organisers[1]?.has_custom_refund_policy).toBe(true);
    // The organiser's own policy and the standard one, side by side in one basket, each under a title of its own.
    expect(checkout.tickets.map((line) => line.refund_policy?.title)).toEqual([
      'Standard refund policy',
      'Standard refund policy',
      "Brighton Folk Collective's refund policy",
    ]);
    expect(checkout.tickets[0]?.refund_policy?.text).toBe(standardRefundPolicy.summary);
    expect(checkout.tickets[2]?.refund_policy?.text).not.toBe(standardRefundPolicy.summary);
    expect(checkout.marketing_preferences.basket_organisers.map((organiser) => organiser.id)).toEqual([
      SEED.organiser.lifeboat,
      SEED.organiser.folk,
    ]);
    expect(checkout.charity).toMatchObject({
      id: SEED.charity.lifeboat,
      donation_options: [5, 10, 20, 50],
      booking_fee: 1.5,
      booking_fee_vat: 20,
      booking_fee_cap: 5,
    });
    const child = checkout.tickets.find((line) => line.ticket_id === ticket.galaChild);
    expect(child?.required_tickets).toEqual([{ title: 'Dinner ticket', ids: [ticket.galaAdult] }]);
    expect(Object.keys(checkout.before_payment_questions)).toEqual([
      String(ticket.galaAdult),
      String(ticket.galaChild),
    ]);
    expect(Object.keys(checkout.after_payment_questions).sort()).toEqual(
      [String(ticket.galaAdult), String(ticket.galaChild), String(ticket.folkBalcony)].sort(),
    );
    expect(checkout.after_sale_messages).toHaveLength(1);
    expect(checkout.require_delivery_address).toBe(true);
    // Refund protection: both events coverable, 5 % of covered price and fees = 5 % of 185.50.
    expect(checkout.has_refund_protection).toBe(true);
    expect(checkout.refund_protection_cost).toBe(9.28);
    expect(checkout.seconds_remaining).toBeNull();
  });

  test('all fees absorbed is reported when every ticket line absorbs its fee', async () => {
    const visitor = await t.visitor();
    await visitor.post(paths.addToBasket, { ticket_id: ticket.livestreamPass, quantity: 2 });
    const checkout = (await visitor.get(paths.get)).json();
    expect(checkout.all_booking_fees_are_absorbed).toBe(true);
    expect(checkout.basket_total).toBe(16);
    expect(checkout.events[0].has_livestream).toBe(true);
  });

  test('a free ticket costs nothing', async () => {
    const visitor = await t.visitor();
    await visitor.post(paths.addToBasket, { ticket_id: ticket.coffeeFree, quantity: 3 });
    const checkout = (await visitor.get(paths.get)).json();
    expect(checkout.tickets[0].price).toBe(0);
    expect(checkout.basket_total).toBe(0);
  });

  test('an unknown ticket or voucher is a 404 with { error }, and no sale is created', async () => {
    const visitor = await t.visitor();
    const before = await counts();
    const unknownTicket = await visitor.post(paths.addToBasket, { ticket_id: 424242, quantity: 1 });
    expect(unknownTicket.statusCode).toBe(404);
    expect(unknownTicket.json()).toEqual({ error: expect.any(String), request_id: expect.any(String) });
    expect((await visitor.post(paths.addToBasket, { gift_voucher_id: 424242, qty: 1, value: 10 })).statusCode).toBe(
      404,
    );
    expect(await counts()).toEqual(before);
  });

  test('a gift voucher value that is not on offer is refused', async () => {
    const visitor = await t.visitor();
    const response = await visitor.post(paths.addToBasket, {
      gift_voucher_id: SEED.giftVoucher.folk,
      qty: 1,
      value: 12.34,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('value');
    // Inside the lifeboat voucher's custom range it is fine.
    expect(
      (
        await visitor.post(paths.addToBasket, { gift_voucher_id: SEED.giftVoucher.lifeboat, qty: 1, value: 12.34 })
      ).json(),
    ).toEqual({ success: true });
  });
});

describe('one currency per basket', () => {
  test('a ticket in another currency is refused, the basket kept, and had_mismatching_currencies set', async () => {
    const visitor = await t.visitor();
    await visitor.post(paths.addToBasket, { ticket_id: ticket.onSale, quantity: 2 });
    const euro = await visitor.post(paths.addToBasket, { ticket_id: ticket.europaDay, quantity: 1 });
    expect(euro.statusCode).toBe(200);
    expect(euro.json()).toEqual({ success: false, error: messages.differentCurrency });
    const dollar = await visitor.post(paths.addToBasket, { ticket_id: ticket.jazzBar, quantity: 1 });
    expect(dollar.json().success).toBe(false);

    const checkout = (await visitor.get(paths.get)).json();
    expect(checkout.had_mismatching_currencies).toBe(true);
    expect(checkout.currency.code).toBe('GBP');
    expect(checkout.tickets.map((line: { ticket_id: number }) => line.ticket_id)).toEqual([ticket.onSale]);
  });

  test('the first item sets the currency: a euro basket takes euro tickets', async () => {
    const visitor = await t.visitor();
    await visitor.post(paths.addToBasket, { ticket_id: ticket.europaDay, quantity: 1 });
    await visitor.post(paths.addToBasket, { ticket_id: ticket.europaWeekend, quantity: 1 });
    const checkout = (await visitor.get(paths.get)).json();
    expect(checkout.currency).toEqual({ symbol: '€', code: 'EUR' });
    expect(checkout.basket_total).toBe(65 + 3.5 + 159 + 7);
    expect(checkout.had_mismatching_currencies).toBe(false);
    expect(checkout.has_refund_protection).toBe(false);
    expect(checkout.refund_protection_cost).toBeNull();
  });
});

describe('max per customer', () => {
  test('more than the per-customer maximum is refused with the spec sentence; up to it is fine', async () => {
    const visitor = await t.visitor();
    expect((await visitor.post(paths.addToBasket, { ticket_id: ticket.onSale, quantity: 11 })).json()).toEqual({
      success: false,
      error: messages.canOnlyReserve(10),
    });
    expect((await visitor.post(paths.addToBasket, { ticket_id: ticket.onSale, quantity: 10 })).json()).toEqual({
      success: true,
    });
    expect((await visitor.post(paths.addToBasket, { ticket_id: ticket.onSale, quantity: 1 })).json()).toEqual({
      success: false,
      error: messages.canOnlyReserve(10),
    });
    const checkout = (await visitor.get(paths.get)).json();
    expect(checkout.tickets[0]).toMatchObject({ qty: 10, max_can_reserve: 10, min_per_customer: 1 });
  });
});
