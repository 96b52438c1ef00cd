import type { PriceComponents, PricedLine } from '../pricing/price';
import { lineOfPosition, refundParts } from './refund-amount';

const line = (id: number, qty: number, price: number, fee: number, discount = 0): PricedLine => ({
  kind: 'ticket',
  id,
  qty,
  unit_price_minor: price,
  unit_fee_minor: fee,
  unit_discount_minor: discount,
});

/** Two lines of organiser 7 (type 1: 2 × 1000 + 100 fee, 200 off each; type 2: 1 × 500), one of organiser 3. */
const components: PriceComponents = {
  currency: 'GBP',
  lines: [line(1, 2, 1000, 100, 200), line(2, 1, 500, 0), line(3, 1, 2500, 150)],
  tickets_minor: 5000,
  discounts: [],
  discounts_minor: 400,
  booking_fees_minor: 350,
  vouchers_minor: 0,
  delivery_minor: 300,
  refund_protection_minor: 120,
  donation_minor: 500,
  donation_fee_minor: 25,
  charity_id: 1,
  gift_aid: false,
  gift_voucher_codes: [],
  gift_vouchers_applied_minor: 0,
  total_minor: 5895,
};
const organiserOf = (priced: PricedLine) => (priced.id === 3 ? 3 : 7);

describe('what an organiser refund gives back', () => {
  test.each([
    [
      'one discounted ticket with its fee',
      [1],
      false,
      900,
      [
        { organiserId: 7, amountMinor: 800 },
        { organiserId: null, amountMinor: 100 },
      ],
    ],
    ['a ticket without a fee', [3], false, 500, [{ organiserId: 7, amountMinor: 500 }]],
    [
      'two organisers’ tickets',
      [2, 4],
      false,
      3550,
      [
        { organiserId: 3, amountMinor: 2500 },
        { organiserId: 7, amountMinor: 800 },
        { organiserId: null, amountMinor: 250 },
      ],
    ],
    [
      'every ticket, the whole order: the sale’s own parts too, the total paid',
      [1, 2, 3, 4],
      true,
      5895,
      [
        { organiserId: 3, amountMinor: 2500 },
        { organiserId: 7, amountMinor: 2100 },
        { organiserId: null, amountMinor: 350 + 300 + 120 + 500 + 25 },
      ],
    ],
    [
      'the last ticket of a sale refunded before',
      [4],
      true,
      2500 + 150 + 945,
      [
        { organiserId: 3, amountMinor: 2500 },
        { organiserId: null, amountMinor: 1095 },
      ],
    ],
    ['nothing', [], false, 0, []],
  ])('%s', (_name, positions, whole, amount, shares) => {
    const parts = refundParts(
      components,
      positions.map((position) => ({ position })),
      organiserOf,
      whole,
    );
    expect(parts).toEqual({ amountMinor: amount, shares });
  });

  test('refunds in steps add up to the refund in one step', () => {
    const steps = [[1], [3, 4], [2]].map((positions, index, all) =>
      refundParts(
        components,
        positions.map((position) => ({ position })),
        organiserOf,
        index === all.length - 1,
      ),
    );
    expect(steps.reduce((sum, step) => sum + step.amountMinor, 0)).toBe(components.total_minor);
  });

  test('a position maps to the line its ticket was issued from; none past the last', () => {
    expect([1, 2, 3, 4].map((position) => lineOfPosition(components, position)?.id)).toEqual([1, 1, 2, 3]);
    expect(lineOfPosition(components, 5)).toBeUndefined();
    expect(lineOfPosition(components, 0)).toBeUndefined();
    expect(() => refundParts(components, [{ position: 5 }], organiserOf, false)).toThrow();
  });
});
