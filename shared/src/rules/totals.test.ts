import { sampleCheckout } from '../testing/sample-data';
import type { Checkout, TicketLine } from '../contract/entities';
import { basketDisplayTotals, breakdownLinesSubtotal, type BasketDisplayTotals } from './totals';

const base = sampleCheckout();
const adult = base.tickets[0] as TicketLine;
const withTickets = (tickets: Partial<TicketLine>[], rest: Partial<Checkout> = {}): Checkout =>
  sampleCheckout({ tickets: tickets.map((t) => ({ ...adult, ...t })), gift_vouchers: [], ...rest });
const totals = (
  subtotal: number,
  bookingFeeTotal: number,
  bookingFeeDisplay: BasketDisplayTotals['bookingFeeDisplay'] = 'added',
) => ({
  subtotal,
  bookingFeeTotal,
  bookingFeeDisplay,
});

describe('basketDisplayTotals', () => {
  test.each<[string, Checkout, BasketDisplayTotals]>([
    // 2 x 25 + 12.50 + a 20 voucher; fees 2 x 1.50 + 0.75 on top
    ['the sample basket: fees added', base, totals(82.5, 3.75)],
    [
      'every fee absorbed: the fees are part of the subtotal, shown in brackets',
      sampleCheckout({ all_booking_fees_are_absorbed: true }),
      totals(86.25, 3.75, 'absorbed'),
    ],
    [
      'delivery, chosen refund protection and a donation are not fees',
      withTickets([{ price: 10, qty: 1 }], {
        basket_total: 19.5,
        delivery_cost: 2,
        refund_protection: 1,
        refund_protection_cost: 4.5,
        donation_amount: 2,
      }),
      totals(10, 1),
    ],
    [
      'refund protection offered but not chosen is not taken off',
      withTickets([{ price: 10, qty: 1 }], { basket_total: 11, refund_protection: 0, refund_protection_cost: 4.5 }),
      totals(10, 1),
    ],
    [
      'a discount is per ticket: the fee is what is left after it',
      withTickets([{ price: 10, qty: 2, discount_amount: 2.5 }], { basket_total: 18 }),
      totals(20, 3),
    ],
    [
      'a discount larger than the price takes the ticket to 0, not below',
      withTickets([{ price: 5, qty: 1, discount_amount: 8 }], { basket_total: 1 }),
      totals(5, 1),
    ],
    [
      'gift voucher codes paying part of the basket are not fees',
      withTickets([{ price: 10, qty: 2 }], { basket_total: 7, gift_vouchers_applied_total: 15 }),
      totals(20, 2),
    ],
    [
      'hidden when every event hides its fees and there are no vouchers',
      withTickets([{ event_hide_booking_fee: true, price: 10, qty: 1 }], { basket_total: 11 }),
      totals(10, 1, 'hidden'),
    ],
    [
      'hidden wins over absorbed',
      withTickets([{ event_hide_booking_fee: true, price: 10, qty: 1 }], {
        basket_total: 11,
        all_booking_fees_are_absorbed: true,
      }),
      totals(11, 1, 'hidden'),
    ],
    [
      'shown when one event shows its fees',
      withTickets(
        [
          { event_hide_booking_fee: true, price: 10, qty: 1 },
          { ticket_id: 12, price: 5, qty: 1 },
        ],
        { basket_total: 15 },
      ),
      totals(15, 0),
    ],
    [
      'shown when vouchers are in the basket even if every event hides its fees',
      sampleCheckout({ tickets: base.tickets.map((t) => ({ ...t, event_hide_booking_fee: true })) }),
      totals(82.5, 3.75),
    ],
    [
      'vouchers alone: shown, no fee',
      sampleCheckout({
        tickets: [],
        basket_total: 40,
        gift_vouchers: base.gift_vouchers.map((v) => ({ ...v, qty: 2 })),
      }),
      totals(40, 0),
    ],
    ['free tickets, no fee', withTickets([{ price: 0, qty: 3, booking_fee: 0 }], { basket_total: 0 }), totals(0, 0)],
    ['never a negative fee', withTickets([{ price: 10, qty: 1 }], { basket_total: 9.99 }), totals(10, 0)],
    ['no floating-point pennies', withTickets([{ price: 0.1, qty: 3 }], { basket_total: 0.5 }), totals(0.3, 0.2)],
    ['thousands', withTickets([{ price: 1234.56, qty: 3 }], { basket_total: 3715.68 }), totals(3703.68, 12)],
  ])('%s', (_name, checkout, expected) => {
    expect(basketDisplayTotals(checkout)).toEqual(expected);
  });
});

describe('breakdownLinesSubtotal: the basket lines the rows under them start from', () => {
  test.each<
    [string, { kind: 'ticket' | 'voucher' | 'discount' | 'booking_fee' | 'delivery'; amount: number }[], number]
  >([
    ['nothing', [], 0],
    [
      'ticket and voucher lines only, to the penny',
      [
        { kind: 'ticket', amount: 20.1 },
        { kind: 'ticket', amount: 20.2 },
        { kind: 'voucher', amount: 10 },
        { kind: 'discount', amount: -5 },
        { kind: 'booking_fee', amount: 2 },
        { kind: 'delivery', amount: 1.5 },
      ],
      50.3,
    ],
    ['no lines, only a fee', [{ kind: 'booking_fee', amount: 2 }], 0],
  ])('%s', (_name, rows, subtotal) => {
    expect(breakdownLinesSubtotal(rows)).toBe(subtotal);
  });
});
