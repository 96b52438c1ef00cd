import type { PriceComponents, PricedLine } from '../pricing/price';
import { apportion, partiesOf, sharesOf } from './shares';

const line = (id: number, qty: number, unit_price_minor: number, more: Partial<PricedLine> = {}): PricedLine => ({
  kind: 'ticket',
  id,
  qty,
  unit_price_minor,
  unit_fee_minor: 0,
  unit_discount_minor: 0,
  ...more,
});

const price = (lines: PricedLine[], more: Partial<PriceComponents> = {}): PriceComponents => {
  const tickets = lines.filter((l) => l.kind === 'ticket');
  const components: PriceComponents = {
    currency: 'GBP',
    lines,
    tickets_minor: tickets.reduce((sum, l) => sum + l.unit_price_minor * l.qty, 0),
    discounts: [],
    discounts_minor: tickets.reduce((sum, l) => sum + l.unit_discount_minor * l.qty, 0),
    booking_fees_minor: tickets.reduce((sum, l) => sum + l.unit_fee_minor * l.qty, 0),
    vouchers_minor: lines.filter((l) => l.kind === 'voucher').reduce((sum, l) => sum + l.unit_price_minor * l.qty, 0),
    delivery_minor: 0,
    refund_protection_minor: 0,
    donation_minor: 0,
    donation_fee_minor: 0,
    charity_id: null,
    gift_aid: false,
    gift_voucher_codes: [],
    gift_vouchers_applied_minor: 0,
    total_minor: 0,
    ...more,
  };
  components.total_minor =
    components.tickets_minor -
    components.discounts_minor +
    components.booking_fees_minor +
    components.vouchers_minor +
    components.delivery_minor +
    components.refund_protection_minor +
    components.donation_minor +
    components.donation_fee_minor -
    components.gift_vouchers_applied_minor;
  return components;
};

// Ticket type 1xx belongs to organiser 1, 2xx to organiser 2; voucher ids are their organiser.
const organiserOf = (l: PricedLine) => (l.kind === 'voucher' ? l.id : Math.floor(l.id / 100));

describe('apportion: parts in proportion that add up exactly', () => {
  test.each<[string, number, number[], number[]]>([
    ['exact', 300, [100, 200], [100, 200]],
    ['a third each, the remainder to the largest fraction first', 100, [1, 1, 1], [34, 33, 33]],
    ['an instalment of a two-organiser price', 3_334, [5_000, 5_000], [1_667, 1_667]],
    ['nothing to weigh by: all to the first', 500, [0, 0], [500, 0]],
    ['zero amount', 0, [3, 7], [0, 0]],
    ['uneven', 999, [1, 2], [333, 666]],
  ])('%s', (_, amount, weights, parts) => {
    const got = apportion(amount, weights);
    expect(got).toEqual(parts);
    expect(got.reduce((a, b) => a + b, 0)).toBe(amount);
  });
});

describe('partiesOf: each organiser its lines, the marketplace the rest', () => {
  test.each<[string, PriceComponents, [number | null, number][]]>([
    ['one organiser, no fees', price([line(101, 2, 1_000)]), [[1, 2_000]]],
    [
      'two organisers, booking fees to the marketplace',
      price([line(101, 1, 1_000, { unit_fee_minor: 150 }), line(201, 2, 2_500)]),
      [
        [1, 1_000],
        [2, 5_000],
        [null, 150],
      ],
    ],
    [
      'a discount code comes off its own line',
      price([line(101, 2, 1_000, { unit_discount_minor: 100 }), line(201, 1, 500)]),
      [
        [1, 1_800],
        [2, 500],
      ],
    ],
    [
      'a gift voucher sold is its organiser’s',
      price([line(101, 1, 1_000), { ...line(2, 1, 2_000), kind: 'voucher' }]),
      [
        [1, 1_000],
        [2, 2_000],
      ],
    ],
    [
      'delivery, refund protection, donation and its fee are the marketplace’s',
      price([line(101, 1, 1_000)], {
        delivery_minor: 250,
        refund_protection_minor: 80,
        donation_minor: 500,
        donation_fee_minor: 25,
      }),
      [
        [1, 1_000],
        [null, 855],
      ],
    ],
    [
      'a redeemed gift voucher comes off the organisers in proportion',
      price([line(101, 1, 1_000), line(201, 1, 3_000)], { gift_vouchers_applied_minor: 2_000 }),
      [
        [1, 500],
        [2, 1_500],
      ],
    ],
    [
      'a voucher worth more than the tickets takes the rest off the fees',
      price([line(101, 1, 1_000, { unit_fee_minor: 200 })], { gift_vouchers_applied_minor: 1_100 }),
      [[null, 100]],
    ],
  ])('%s', (_, components, wanted) => {
    const parties = partiesOf(components, organiserOf);
    expect(parties.map((p) => [p.organiserId, p.amountMinor])).toEqual(wanted);
    expect(parties.reduce((sum, p) => sum + p.amountMinor, 0)).toBe(components.total_minor);
  });
});

describe('sharesOf: an amount shared as its parties are', () => {
  const parties = [
    { organiserId: 1, amountMinor: 1_000 },
    { organiserId: 2, amountMinor: 5_000 },
    { organiserId: null, amountMinor: 150 },
  ];
  test.each<[string, number, [number | null, number][]]>([
    [
      'the whole price: exactly the parties',
      6_150,
      [
        [1, 1_000],
        [2, 5_000],
        [null, 150],
      ],
    ],
    [
      'a first instalment of a third',
      2_050,
      [
        [1, 333],
        [2, 1_667],
        [null, 50],
      ],
    ],
    ['one penny', 1, [[2, 1]]],
  ])('%s', (_, amount, wanted) => {
    const shares = sharesOf(amount, parties);
    expect(shares.map((s) => [s.organiserId, s.amountMinor])).toEqual(wanted);
    expect(shares.reduce((sum, s) => sum + s.amountMinor, 0)).toBe(amount);
  });

  test('with no parties to weigh by, the marketplace holds it', () => {
    expect(sharesOf(700, [])).toEqual([{ organiserId: null, amountMinor: 700 }]);
    expect(sharesOf(0, [])).toEqual([]);
  });
});
