import fc from 'fast-check';
import { toMinor } from '../catalogue/money';
import type { CodeRow } from '../catalogue/codes';
import { saleTotals, type TicketTotalsRow, type VoucherTotalsRow } from './amounts';
import { appliedCodes, priceBreakdown } from './breakdown';

/** The order summary's rows add up to the total to the penny, whatever the basket (a property over random baskets). */

const NOW = new Date('2026-06-01T12:00:00Z');

const ticket = fc.record({
  qty: fc.integer({ min: 1, max: 12 }),
  price_minor: fc.integer({ min: 0, max: 50_000 }),
  booking_fee_minor: fc.integer({ min: 0, max: 900 }),
  absorb_fee: fc.boolean(),
  hide: fc.boolean(),
  event_id: fc.integer({ min: 1, max: 4 }),
  refund_protection: fc.boolean(),
  delivery_fee_minor: fc.constantFrom(0, 150, 300),
});

const code = (id: number) =>
  fc
    .oneof(
      fc.record({
        kind: fc.constant('percent' as const),
        percent_bp: fc.integer({ min: 1, max: 10_000 }),
        amount_minor: fc.constant(null),
        balance_minor: fc.constant(null),
      }),
      fc.record({
        kind: fc.constant('fixed' as const),
        percent_bp: fc.constant(null),
        amount_minor: fc.integer({ min: 1, max: 20_000 }),
        balance_minor: fc.constant(null),
      }),
      fc.record({
        kind: fc.constant('gift_voucher' as const),
        percent_bp: fc.constant(null),
        amount_minor: fc.constant(null),
        balance_minor: fc.integer({ min: 1, max: 30_000 }),
      }),
    )
    .chain((shape) =>
      fc
        .record({
          event_id: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
          organiser_id: fc.option(fc.integer({ min: 1, max: 2 }), { nil: null }),
        })
        .map((scope) => ({
          id,
          code: `CODE${id}`,
          ...shape,
          ...scope,
          expires_at: null,
        })),
    );

test('every random basket: the rows add up to basket_total, each component once', () => {
  fc.assert(
    fc.property(
      fc.array(ticket, { minLength: 0, maxLength: 5 }),
      fc.array(
        fc.record({
          qty: fc.integer({ min: 1, max: 3 }),
          value_minor: fc.integer({ min: 500, max: 20_000 }),
          organiser_id: fc.integer({ min: 1, max: 2 }),
        }),
        { maxLength: 2 },
      ),
      fc.tuple(code(1), code(2)),
      fc.integer({ min: 0, max: 2 }),
      fc.boolean(),
      fc.integer({ min: 0, max: 500_000 }),
      fc.boolean(),
      (lines, vouchers, [first, second], codeCount, protection, donationMinor, giftAid) => {
        const tickets: TicketTotalsRow[] = lines.map((line) => ({
          ...line,
          organiser_id: line.event_id % 2 === 0 ? 2 : 1,
        }));
        const voucherRows: VoucherTotalsRow[] = vouchers;
        const codes = [first, second].slice(0, codeCount) as unknown as CodeRow[];
        const donationFeeMinor = donationMinor > 0 ? Math.round(donationMinor * 0.03) + 20 : 0;
        const sale = {
          refund_protection: protection,
          donation_minor: donationMinor,
          donation_fee_minor: donationFeeMinor,
        };
        const totals = saleTotals(sale, tickets, voucherRows, codes, 500, NOW);
        const rows = priceBreakdown({
          totals,
          tickets: lines.map((line, index) => ({
            ticket_name: `T${index}`,
            event_name: 'E',
            nice_date: 'd',
            qty: line.qty,
            absorb_fee: line.absorb_fee,
            event_hide_booking_fee: line.hide,
          })),
          vouchers: vouchers.map((voucher) => ({ name: 'V', qty: voucher.qty, value_minor: voucher.value_minor })),
          donationMinor,
          donationFeeMinor,
          isGiftAid: giftAid,
          charityName: 'Lifeboats',
          currencySymbol: '£',
        });
        expect(rows.reduce((sum, row) => sum + toMinor(row.amount), 0)).toBe(totals.basketTotalMinor);
        expect(rows.filter((row) => row.amount === 0 && row.kind !== 'ticket' && row.kind !== 'voucher')).toEqual([]);
        expect(rows.filter((row) => row.kind === 'booking_fee').length).toBeLessThanOrEqual(1);
        for (const row of rows)
          if (row.kind === 'discount' || row.kind === 'gift_voucher_code') expect(row.amount).toBeLessThan(0);
        const saved = appliedCodes(codes, totals).reduce((sum, entry) => sum + toMinor(entry.saving), 0);
        expect(saved).toBe(totals.discountsMinor + totals.giftVouchersAppliedMinor);
      },
    ),
    { numRuns: 500 },
  );
});

test('an absorbed fee is inside its ticket line, not a second row; a shown fee is one Booking fee row', () => {
  const tickets: TicketTotalsRow[] = [
    {
      qty: 1,
      price_minor: 3_000,
      booking_fee_minor: 300,
      absorb_fee: true,
      event_id: 2,
      organiser_id: 2,
      refund_protection: false,
      delivery_fee_minor: 150,
    },
    {
      qty: 2,
      price_minor: 3_300,
      booking_fee_minor: 175,
      absorb_fee: false,
      event_id: 2,
      organiser_id: 2,
      refund_protection: true,
      delivery_fee_minor: 150,
    },
  ];
  const totals = saleTotals(
    { refund_protection: false, donation_minor: 0, donation_fee_minor: 0 },
    tickets,
    [],
    [],
    500,
    NOW,
  );
  const rows = priceBreakdown({
    totals,
    tickets: [
      {
        ticket_name: 'Balcony',
        event_name: 'Folk by the Sea',
        nice_date: 'Sat 1 Aug',
        qty: 1,
        absorb_fee: true,
        event_hide_booking_fee: false,
      },
      {
        ticket_name: 'Stalls',
        event_name: 'Folk by the Sea',
        nice_date: 'Sat 1 Aug',
        qty: 2,
        absorb_fee: false,
        event_hide_booking_fee: false,
      },
    ],
    vouchers: [],
    donationMinor: 0,
    donationFeeMinor: 0,
    isGiftAid: false,
    charityName: null,
    currencySymbol: '£',
  });
  expect(rows.map((row) => [row.kind, row.label, row.amount, row.detail])).toEqual([
    ['ticket', 'Balcony', 30, 'Folk by the Sea, Sat 1 Aug · Includes booking fee £3.00'],
    ['ticket', 'Stalls', 66, 'Folk by the Sea, Sat 1 Aug'],
    ['booking_fee', 'Booking fee', 3.5, null],
    ['delivery', 'Delivery', 1.5, null],
  ]);
  expect(totals.basketTotalMinor).toBe(10_100);
});
