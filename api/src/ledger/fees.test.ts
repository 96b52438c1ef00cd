import type { PriceComponents, PricedLine } from '../pricing/price';
import { checkFees, feesText } from './fees';
import { partiesOf } from './shares';

const line = (id: number, qty: number, unit_price_minor: number, more: Partial<PricedLine> = {}): PricedLine => ({
  kind: 'ticket',
  id,
  qty,
  unit_price_minor,
  unit_fee_minor: 0,
  unit_discount_minor: 0,
  ...more,
});

/** Components of a price; the codes' texts say whose they are: 'ORG1-…' organiser 1's, 'MKT-…' the marketplace's. */
const price = (lines: PricedLine[], more: Partial<PriceComponents> = {}): PriceComponents => ({
  currency: 'GBP',
  lines,
  tickets_minor: 0,
  discounts: [],
  discounts_minor: 0,
  booking_fees_minor: lines.reduce((sum, l) => sum + l.unit_fee_minor * l.qty, 0),
  vouchers_minor: 0,
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
});
const vouchers = (...codes: [string, number][]) => ({
  gift_voucher_codes: codes.map(([code, amountMinor]) => ({ code, amountMinor })),
  gift_vouchers_applied_minor: codes.reduce((sum, [, amount]) => sum + amount, 0),
});

/** Ticket types 1xx are organiser 1's, 2xx organiser 2's; gift vouchers sold are organiser 1's. */
const organiserOf = (l: PricedLine) => (l.kind === 'voucher' ? 1 : Math.floor(l.id / 100));
const organiserOfCode = (code: string) =>
  code.startsWith('ORG1-') ? 1 : code.startsWith('ORG2-') ? 2 : code.startsWith('MKT-') ? null : undefined;

describe('checkFees: the marketplace keeps every fee it earned', () => {
  test.each<[string, PriceComponents, number, string[]]>([
    ['a booking fee on top', price([line(101, 2, 1_000, { unit_fee_minor: 100 })]), 200, []],
    [
      'delivery, refund protection, a donation and its fee are the marketplace’s too',
      price([line(101, 1, 1_000, { unit_fee_minor: 100 })], {
        delivery_minor: 150,
        refund_protection_minor: 55,
        donation_minor: 500,
        donation_fee_minor: 30,
      }),
      835,
      [],
    ],
    [
      'an organiser’s voucher that paid its tickets only',
      price([line(101, 1, 1_000, { unit_fee_minor: 100 })], vouchers(['ORG1-A', 1_000])),
      100,
      [],
    ],
    [
      'an organiser’s voucher that paid the fee too (the rule before)',
      price([line(101, 1, 1_000, { unit_fee_minor: 100 })], vouchers(['ORG1-A', 1_100])),
      100,
      [
        "organiser 1's gift voucher codes paid 1100, more than its part 1000: 100 of it came out of the marketplace's fees",
      ],
    ],
    [
      'an organiser’s voucher paying another organiser’s tickets',
      price([line(101, 1, 500), line(201, 1, 1_000, { unit_fee_minor: 100 })], vouchers(['ORG1-A', 1_500])),
      100,
      [
        "organiser 1's gift voucher codes paid 1500, more than its part 500: 1000 of it came out of the marketplace's fees",
      ],
    ],
    [
      'the marketplace’s own voucher pays the organisers’ part first, then its fees',
      price([line(101, 1, 1_000, { unit_fee_minor: 100 })], vouchers(['MKT-A', 1_060])),
      40,
      [],
    ],
    [
      'both kinds: the organiser’s pays its part, the marketplace’s what is left',
      price([line(101, 1, 1_000, { unit_fee_minor: 100 })], vouchers(['ORG1-A', 600], ['MKT-A', 450])),
      50,
      [],
    ],
    [
      'a discount larger than the price leaves an organiser below nothing',
      price([line(101, 1, 500, { unit_discount_minor: 600, unit_fee_minor: 100 })]),
      100,
      ["ticket type 101: organiser's part 500 less discount 600"],
    ],
    ['a negative fee', price([line(101, 1, 500, { unit_fee_minor: -50 })]), -50, ['ticket type 101: booking fee -50']],
    [
      'a code that is not in the catalogue',
      price([line(101, 1, 1_000, { unit_fee_minor: 100 })], vouchers(['GONE', 500])),
      100,
      ['gift voucher code GONE is not in the catalogue'],
    ],
  ])('%s', (_name, components, marketplaceMinor, problems) => {
    const check = checkFees(components, organiserOf, organiserOfCode);
    expect(check.fees.partMinor).toBe(marketplaceMinor);
    expect(check.problems).toEqual(problems);
    if (problems.length === 0) {
      // Where the rule holds, the ledger's split (shares.ts) gives the marketplace the same.
      const marketplace = partiesOf(components, organiserOf).find((party) => party.organiserId === null);
      expect(marketplace?.amountMinor ?? 0).toBe(marketplaceMinor);
    }
  });

  test('the fees in words, for a mismatch', () => {
    const { fees } = checkFees(
      price([line(101, 1, 1_000, { unit_fee_minor: 100 })], { delivery_minor: 150, ...vouchers(['MKT-A', 1_200]) }),
      organiserOf,
      organiserOfCode,
    );
    expect(feesText(fees)).toBe(
      'booking fees 100, delivery 150, refund protection 0, donation and its fee 0, less 200 its own gift vouchers paid',
    );
  });
});
