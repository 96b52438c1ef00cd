import type { BreakdownRow, Checkout } from '../contract/entities';

/**
 * How the booking fee total is shown: '(amount)' when the organisers absorb every fee, '+ amount'
 * when the buyer pays it on top, not at all when every event hides its fees and there are no gift vouchers.
 */
export type BookingFeeDisplay = 'absorbed' | 'added' | 'hidden';

export interface BasketDisplayTotals {
  /** Tickets (price x qty) and gift vouchers (value x qty), plus the booking fee total when every fee is absorbed. */
  subtotal: number;
  /** What basket_total holds beyond everything else; never below zero. */
  bookingFeeTotal: number;
  bookingFeeDisplay: BookingFeeDisplay;
}

export type DisplayTotalsInput = Pick<
  Checkout,
  | 'tickets'
  | 'gift_vouchers'
  | 'basket_total'
  | 'delivery_cost'
  | 'refund_protection'
  | 'refund_protection_cost'
  | 'donation_amount'
  | 'gift_vouchers_applied_total'
  | 'all_booking_fees_are_absorbed'
>;

/** Amounts are decimals of the currency: round to whole pennies so 0.1 + 0.2 shows as 0.30. */
const pennies = (amount: number): number => Math.round(amount * 100) / 100;

/**
 * The basket's subtotal and booking fee as the page shows them, derived from what get_checkout
 * sends; the server's own totals must agree with it (a server test feeds real get_checkout output through it).
 * What the server's fields must mean for that:
 * - a ticket's `discount_amount` is taken off each ticket (per unit, not per line) and carries every discount code and
 *   offer that applies to it (never more than the price);
 * - `basket_total` = tickets after discount + gift vouchers bought + every booking fee + delivery + chosen refund
 *   protection + `donation_amount` (the donation with its fee) - `gift_vouchers_applied_total` (gift voucher codes pay
 *   part of the basket; they discount no ticket, so they are added back here);
 * - an absorbed fee is part of what the buyer pays for the ticket: its line's `price` is sent net of the fee, so the
 *   subtotal (prices + absorbed fees) is what the tickets cost and '(fee)' shows how much of it goes to fees.
 * What is left of basket_total after everything else is the booking fee total.
 */
export function basketDisplayTotals(c: DisplayTotalsInput): BasketDisplayTotals {
  const tickets = c.tickets.reduce((sum, t) => sum + t.price * t.qty, 0);
  const ticketsAfterDiscount = c.tickets.reduce((sum, t) => sum + Math.max(0, t.price - t.discount_amount) * t.qty, 0);
  const vouchers = c.gift_vouchers.reduce((sum, v) => sum + v.value * v.qty, 0);
  const refundProtection = c.refund_protection === 1 ? (c.refund_protection_cost ?? 0) : 0;
  const bookingFeeTotal = Math.max(
    0,
    pennies(
      c.basket_total +
        c.gift_vouchers_applied_total -
        c.delivery_cost -
        refundProtection -
        (c.donation_amount ?? 0) -
        ticketsAfterDiscount -
        vouchers,
    ),
  );
  const absorbed = c.all_booking_fees_are_absorbed;
  const hidden = c.gift_vouchers.length === 0 && c.tickets.every((t) => t.event_hide_booking_fee);
  return {
    subtotal: pennies(tickets + vouchers + (absorbed ? bookingFeeTotal : 0)),
    bookingFeeTotal,
    bookingFeeDisplay: hidden ? 'hidden' : absorbed ? 'absorbed' : 'added',
  };
}

/**
 * What the ticket and gift voucher lines of the server's price breakdown add up to: the subtotal the basket shows
 * above its codes, fees and delivery, so the rows under its lines read as a sum that ends in the total.
 */
export function breakdownLinesSubtotal(rows: readonly Pick<BreakdownRow, 'kind' | 'amount'>[]): number {
  return pennies(
    rows.filter((row) => row.kind === 'ticket' || row.kind === 'voucher').reduce((sum, row) => sum + row.amount, 0),
  );
}
