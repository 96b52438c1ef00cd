import { computeTotals, type AppliedCode, type TicketAmount, type TotalsInput } from './totals';

const base: TotalsInput = {
  tickets: [],
  vouchers: [],
  codes: [],
  refundProtectionChosen: false,
  refundProtectionBp: 500,
  donationMinor: 0,
  donationFeeMinor: 0,
  deliveries: [],
};
const ticket = (over: Partial<TicketAmount> = {}): TicketAmount => ({
  eventId: 1,
  organiserId: 1,
  qty: 1,
  priceMinor: 1000,
  bookingFeeMinor: 100,
  absorbFee: false,
  coverable: true,
  ...over,
});
const code = (over: Partial<AppliedCode>): AppliedCode => ({
  code: 'CODE',
  kind: 'percent',
  percentBp: null,
  amountMinor: null,
  balanceMinor: null,
  eventId: null,
  organiserId: null,
  ...over,
});
const percent = (bp: number, over: Partial<AppliedCode> = {}) =>
  code({ code: `P${bp}`, kind: 'percent', percentBp: bp, ...over });
const fixed = (amountMinor: number, over: Partial<AppliedCode> = {}) =>
  code({ code: `F${amountMinor}`, kind: 'fixed', amountMinor, ...over });
const voucherCode = (balanceMinor: number, over: Partial<AppliedCode> = {}) =>
  code({ code: `G${balanceMinor}`, kind: 'gift_voucher', balanceMinor, ...over });

describe('basket_total', () => {
  test.each<[string, Partial<TotalsInput>, number]>([
    ['an empty basket', {}, 0],
    ['a ticket with its fee added', { tickets: [ticket({ qty: 2 })] }, 2200],
    ['an absorbed fee is inside the price', { tickets: [ticket({ qty: 2, absorbFee: true })] }, 2000],
    ['gift vouchers bought add their value', { vouchers: [{ organiserId: 1, qty: 2, valueMinor: 2500 }] }, 5000],
    [
      'delivery and donation (with its fee) are added',
      {
        tickets: [ticket()],
        deliveries: [{ organiserId: 1, amountMinor: 150 }],
        donationMinor: 500,
        donationFeeMinor: 30,
      },
      1100 + 150 + 530,
    ],
    [
      'refund protection when chosen: 5 % of price and fee',
      { tickets: [ticket({ qty: 2 })], refundProtectionChosen: true },
      2200 + 110,
    ],
    ['refund protection not chosen costs nothing', { tickets: [ticket({ qty: 2 })] }, 2200],
    ['10 % off the price, not the fee', { tickets: [ticket({ qty: 2 })], codes: [percent(1000)] }, 2200 - 200],
    ['a fixed amount off', { tickets: [ticket()], codes: [fixed(300)] }, 800],
    ['a fixed amount never more than the tickets cost', { tickets: [ticket()], codes: [fixed(5000)] }, 100],
    ['a gift voucher code pays part', { tickets: [ticket()], codes: [voucherCode(500)] }, 600],
    ['a gift voucher code never takes the total below zero', { tickets: [ticket()], codes: [voucherCode(5000)] }, 0],
    ['free tickets cost nothing', { tickets: [ticket({ priceMinor: 0, bookingFeeMinor: 0, qty: 4 })] }, 0],
  ])('%s', (_name, input, total) => {
    expect(computeTotals({ ...base, ...input }).basketTotalMinor).toBe(total);
  });
});

describe('booking fees', () => {
  test('an absorbed fee is sent inside the price: price net of the fee, fee in brackets, the sum what the ticket costs', () => {
    const totals = computeTotals({
      ...base,
      tickets: [ticket({ priceMinor: 2200, bookingFeeMinor: 150, absorbFee: true })],
    });
    expect(totals.lines).toEqual([{ unitPriceMinor: 2050, unitFeeMinor: 150, unitDiscountMinor: 0 }]);
    expect(totals).toMatchObject({
      ticketsMinor: 2050,
      bookingFeesMinor: 150,
      allFeesAbsorbed: true,
      basketTotalMinor: 2200,
    });
  });

  test('an absorbed fee larger than the price (a row the catalogue now refuses) is still collected in full', () => {
    const totals = computeTotals({
      ...base,
      tickets: [ticket({ qty: 3, priceMinor: 100, bookingFeeMinor: 150, absorbFee: true })],
    });
    expect(totals.lines[0]).toEqual({ unitPriceMinor: 0, unitFeeMinor: 150, unitDiscountMinor: 0 });
    expect(totals).toMatchObject({ ticketsMinor: 0, bookingFeesMinor: 450, basketTotalMinor: 450 });
  });

  test('all absorbed only when every ticket absorbs its fee; a basket of vouchers alone absorbs nothing', () => {
    expect(computeTotals({ ...base, tickets: [ticket({ absorbFee: true }), ticket()] })).toMatchObject({
      allFeesAbsorbed: false,
      bookingFeesMinor: 200,
    });
    expect(computeTotals({ ...base, vouchers: [{ organiserId: 1, qty: 1, valueMinor: 100 }] }).allFeesAbsorbed).toBe(
      false,
    );
  });
});

describe('discount codes', () => {
  test('a percentage comes off each ticket, rounded to the penny per ticket', () => {
    const totals = computeTotals({ ...base, tickets: [ticket({ qty: 3, priceMinor: 999 })], codes: [percent(1000)] });
    expect(totals.lines[0]?.unitDiscountMinor).toBe(100);
    expect(totals.discounts).toEqual([{ code: 'P1000', amountMinor: 300 }]);
  });

  test('a per-event code discounts that event only; a per-organiser code that organiser only', () => {
    const tickets = [
      ticket({ eventId: 1, organiserId: 1 }),
      ticket({ eventId: 2, organiserId: 1 }),
      ticket({ eventId: 3, organiserId: 2 }),
    ];
    expect(
      computeTotals({ ...base, tickets, codes: [percent(5000, { eventId: 2 })] }).lines.map((l) => l.unitDiscountMinor),
    ).toEqual([0, 500, 0]);
    expect(
      computeTotals({ ...base, tickets, codes: [percent(5000, { organiserId: 1 })] }).lines.map(
        (l) => l.unitDiscountMinor,
      ),
    ).toEqual([500, 500, 0]);
  });

  test('a code that discounts nothing is reported as such', () => {
    const totals = computeTotals({
      ...base,
      tickets: [ticket({ eventId: 1 })],
      codes: [percent(1000, { eventId: 9 })],
    });
    expect(totals).toMatchObject({ discounts: [], inapplicable: ['P1000'], basketTotalMinor: 1100 });
  });

  test.each<[string, TicketAmount[], number, number[], number]>([
    ['splits evenly', [ticket({ qty: 2 })], 500, [250], 500],
    ['shares by price', [ticket({ priceMinor: 3000 }), ticket({ priceMinor: 1000 })], 400, [300, 100], 400],
    ['leaves pennies it cannot split across one line', [ticket({ qty: 3 })], 500, [166], 498],
    ['places spare pennies on single tickets', [ticket({ qty: 3 }), ticket({ qty: 1 })], 500, [125, 125], 500],
    ['takes at most what the tickets cost', [ticket({ qty: 2, priceMinor: 100 })], 1000, [100], 200],
  ])('a fixed amount %s', (_name, tickets, amount, perUnit, applied) => {
    const totals = computeTotals({ ...base, tickets, codes: [fixed(amount)] });
    expect(totals.lines.map((line) => line.unitDiscountMinor)).toEqual(perUnit);
    expect(totals.discountsMinor).toBe(applied);
    expect(totals.discounts).toEqual([{ code: `F${amount}`, amountMinor: applied }]);
  });

  test('refund protection is priced on what the covered tickets cost after discount', () => {
    const totals = computeTotals({
      ...base,
      tickets: [ticket({ qty: 2 })],
      codes: [percent(5000)],
      refundProtectionChosen: true,
    });
    // 2 x (500 + 100) = 1200, 5 % = 60
    expect(totals).toMatchObject({ refundProtectionCostMinor: 60, refundProtectionMinor: 60, basketTotalMinor: 1260 });
  });
});

describe('refund protection', () => {
  test('priced on covered tickets only; absent when nothing can be covered or it would cost nothing', () => {
    const mixed = computeTotals({
      ...base,
      tickets: [ticket({ qty: 2 }), ticket({ coverable: false, priceMinor: 5000 })],
    });
    expect(mixed.refundProtectionCostMinor).toBe(110);
    expect(computeTotals({ ...base, tickets: [ticket({ coverable: false })] }).refundProtectionCostMinor).toBeNull();
    expect(
      computeTotals({ ...base, tickets: [ticket({ coverable: false })], refundProtectionChosen: true })
        .basketTotalMinor,
    ).toBe(1100);
    expect(
      computeTotals({ ...base, tickets: [ticket({ priceMinor: 0, bookingFeeMinor: 0 })] }).refundProtectionCostMinor,
    ).toBeNull();
  });

  test.each<[number, number, number]>([
    [1100, 500, 55],
    [1010, 500, 51], // 50.5 rounds up
    [1009, 500, 50], // 50.45 rounds down
    [2200, 750, 165],
  ])('%i covered at %i bp costs %i', (covered, bp, cost) => {
    expect(
      computeTotals({ ...base, refundProtectionBp: bp, tickets: [ticket({ priceMinor: covered, bookingFeeMinor: 0 })] })
        .refundProtectionCostMinor,
    ).toBe(cost);
  });
});

describe('gift voucher codes', () => {
  test('an organiser voucher pays only that organiser’s part: its tickets after discount and its vouchers sold', () => {
    const totals = computeTotals({
      ...base,
      tickets: [ticket({ organiserId: 1 }), ticket({ organiserId: 2, priceMinor: 2000 })],
      vouchers: [{ organiserId: 1, qty: 1, valueMinor: 1000 }],
      deliveries: [
        { organiserId: 1, amountMinor: 150 },
        { organiserId: 2, amountMinor: 200 },
      ],
      codes: [voucherCode(5000, { organiserId: 1 })],
    });
    expect(totals.giftVouchers).toEqual([{ code: 'G5000', amountMinor: 1000 + 1000 }]);
    // Organiser 1's booking fee and posting are the marketplace's: the buyer still pays them.
    expect(totals.basketTotalMinor).toBe(100 + 150 + 2100 + 200);
  });

  test.each<[string, Partial<TotalsInput>, number, number]>([
    [
      'an organiser’s voucher covering the tickets leaves their booking fees to pay (not a free claim)',
      { tickets: [ticket({ qty: 2 })], codes: [voucherCode(5000, { organiserId: 1 })] },
      2000,
      200,
    ],
    [
      'an organiser’s voucher pays an absorbed-fee ticket’s price net of the fee',
      {
        tickets: [ticket({ priceMinor: 2200, bookingFeeMinor: 150, absorbFee: true })],
        codes: [voucherCode(5000, { organiserId: 1 })],
      },
      2050,
      150,
    ],
    [
      'an organiser’s voucher after a discount code pays what is left of the price',
      { tickets: [ticket()], codes: [percent(5000), voucherCode(5000, { organiserId: 1 })] },
      500,
      100,
    ],
    [
      'an organiser’s voucher pays no refund protection, donation or donation fee',
      {
        tickets: [ticket()],
        refundProtectionChosen: true,
        donationMinor: 500,
        donationFeeMinor: 30,
        codes: [voucherCode(5000, { organiserId: 1 })],
      },
      1000,
      100 + 55 + 530,
    ],
    [
      'an organiser’s voucher pays nothing of free tickets with a fee',
      { tickets: [ticket({ priceMinor: 0, bookingFeeMinor: 50 })], codes: [voucherCode(5000, { organiserId: 1 })] },
      0,
      50,
    ],
    [
      'an organiser’s voucher pays nothing of another organiser’s tickets',
      { tickets: [ticket({ organiserId: 2 })], codes: [voucherCode(5000, { organiserId: 1 })] },
      0,
      1100,
    ],
    [
      'the marketplace’s own voucher pays fees too',
      { tickets: [ticket({ qty: 2 })], codes: [voucherCode(5000)] },
      2200,
      0,
    ],
  ])('a gift voucher code: %s', (_name, input, paid, total) => {
    const totals = computeTotals({ ...base, ...input });
    expect(totals.giftVouchersAppliedMinor).toBe(paid);
    expect(totals.basketTotalMinor).toBe(total);
  });

  test('several vouchers add up, each up to its balance, and stop at zero', () => {
    const totals = computeTotals({
      ...base,
      tickets: [ticket({ qty: 2 })],
      codes: [voucherCode(1000, { code: 'A' }), voucherCode(5000, { code: 'B' })],
    });
    expect(totals.giftVouchers).toEqual([
      { code: 'A', amountMinor: 1000 },
      { code: 'B', amountMinor: 1200 },
    ]);
    expect(totals).toMatchObject({ giftVouchersAppliedMinor: 2200, basketTotalMinor: 0 });
  });

  test('the marketplace’s own voucher also pays for delivery, refund protection and a donation', () => {
    const totals = computeTotals({
      ...base,
      tickets: [ticket()],
      refundProtectionChosen: true,
      donationMinor: 500,
      codes: [voucherCode(100_000)],
      deliveries: [{ organiserId: 2, amountMinor: 150 }],
    });
    expect(totals.giftVouchersAppliedMinor).toBe(1100 + 150 + 55 + 500);
    expect(totals.basketTotalMinor).toBe(0);
  });
});
