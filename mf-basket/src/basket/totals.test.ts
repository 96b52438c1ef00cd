import { sampleCheckout } from '@checkout/shared/testing';
import type { Checkout, TicketLine } from '@checkout/shared';
import { basketTotals } from './totals';

const base = sampleCheckout();
const adult = base.tickets[0] as TicketLine;
const withTickets = (tickets: Partial<TicketLine>[], rest: Partial<Checkout> = {}): Checkout =>
  sampleCheckout({ tickets: tickets.map((t) => ({ ...adult, ...t })), gift_vouchers: [], ...rest });

describe('basketTotals (spec section 9)', () => {
  test.each<[string, Checkout, { subtotal: number; bookingFee: number; bookingFeeAbsorbed: boolean; showBookingFee: boolean }]>([
    // 2 x 25 + 12.50 + 20 voucher; fees 2 x 1.50 + 0.75 on top
    ['sample basket', base, { subtotal: 82.5, bookingFee: 3.75, bookingFeeAbsorbed: false, showBookingFee: true }],
    [
      'absorbed fees are part of the subtotal',
      sampleCheckout({ all_booking_fees_are_absorbed: true }),
      { subtotal: 86.25, bookingFee: 3.75, bookingFeeAbsorbed: true, showBookingFee: true },
    ],
    [
      'delivery, chosen refund protection and a donation are not fees',
      withTickets([{ price: 10, qty: 1 }], { basket_total: 19.5, delivery_cost: 2, refund_protection: 1, refund_protection_cost: 4.5, donation_amount: 2 }),
      { subtotal: 10, bookingFee: 1, bookingFeeAbsorbed: false, showBookingFee: true },
    ],
    [
      'refund protection offered but not chosen is not taken off',
      withTickets([{ price: 10, qty: 1 }], { basket_total: 11, refund_protection: 0, refund_protection_cost: 4.5 }),
      { subtotal: 10, bookingFee: 1, bookingFeeAbsorbed: false, showBookingFee: true },
    ],
    [
      'discounts are per ticket: the fee is what is left after them',
      withTickets([{ price: 10, qty: 2, discount_amount: 2.5 }], { basket_total: 18 }),
      { subtotal: 20, bookingFee: 3, bookingFeeAbsorbed: false, showBookingFee: true },
    ],
    [
      'hidden when every event hides fees and there are no vouchers',
      withTickets([{ event_hide_booking_fee: true, price: 10, qty: 1 }], { basket_total: 11 }),
      { subtotal: 10, bookingFee: 1, bookingFeeAbsorbed: false, showBookingFee: false },
    ],
    [
      'shown when one event shows fees',
      withTickets([{ event_hide_booking_fee: true, price: 10, qty: 1 }, { ticket_id: 12, price: 5, qty: 1 }], { basket_total: 15 }),
      { subtotal: 15, bookingFee: 0, bookingFeeAbsorbed: false, showBookingFee: true },
    ],
    [
      'shown when vouchers are in the basket even if every event hides fees',
      sampleCheckout({ tickets: base.tickets.map((t) => ({ ...t, event_hide_booking_fee: true })) }),
      { subtotal: 82.5, bookingFee: 3.75, bookingFeeAbsorbed: false, showBookingFee: true },
    ],
    [
      'free tickets, no fee',
      withTickets([{ price: 0, qty: 3, booking_fee: 0 }], { basket_total: 0 }),
      { subtotal: 0, bookingFee: 0, bookingFeeAbsorbed: false, showBookingFee: true },
    ],
    [
      'never a negative fee',
      withTickets([{ price: 10, qty: 1 }], { basket_total: 9.99 }),
      { subtotal: 10, bookingFee: 0, bookingFeeAbsorbed: false, showBookingFee: true },
    ],
    [
      'no floating-point pennies',
      withTickets([{ price: 0.1, qty: 3 }], { basket_total: 0.5 }),
      { subtotal: 0.3, bookingFee: 0.2, bookingFeeAbsorbed: false, showBookingFee: true },
    ],
  ])('%s', (_name, checkout, expected) => {
    expect(basketTotals(checkout)).toEqual(expected);
  });
});
