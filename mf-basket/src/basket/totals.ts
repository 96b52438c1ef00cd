import type { Checkout } from '@checkout/shared';

export interface BasketTotals {
  /** Tickets and vouchers at their prices, plus the booking fees when the organisers absorb them all. */
  subtotal: number;
  /** Never below zero: a rounding difference on the server must not show as a negative fee. */
  bookingFee: number;
  /** Shown as '(amount)' when absorbed, '+ amount' otherwise (formatBookingFee). */
  bookingFeeAbsorbed: boolean;
  showBookingFee: boolean;
}

const cents = (amount: number): number => Math.round(amount * 100) / 100;

type TotalsInput = Pick<
  Checkout,
  | 'tickets'
  | 'gift_vouchers'
  | 'basket_total'
  | 'delivery_cost'
  | 'refund_protection'
  | 'refund_protection_cost'
  | 'donation_amount'
  | 'all_booking_fees_are_absorbed'
>;

/**
 * Spec section 9. The booking fee total is what basket_total holds beyond delivery, refund protection (when chosen),
 * the donation and the items after discount (a ticket's discount_amount is per ticket, as the server sends it).
 */
export function basketTotals(c: TotalsInput): BasketTotals {
  const tickets = c.tickets.reduce((sum, t) => sum + t.price * t.qty, 0);
  const ticketDiscounts = c.tickets.reduce((sum, t) => sum + t.discount_amount * t.qty, 0);
  const vouchers = c.gift_vouchers.reduce((sum, v) => sum + v.value * v.qty, 0);
  const refundProtection = c.refund_protection === 1 ? (c.refund_protection_cost ?? 0) : 0;
  const bookingFee = Math.max(
    0,
    cents(c.basket_total - c.delivery_cost - refundProtection - (c.donation_amount ?? 0) - (tickets - ticketDiscounts) - vouchers),
  );
  const absorbed = c.all_booking_fees_are_absorbed;
  const allEventsHideFees = c.tickets.every((t) => t.event_hide_booking_fee);
  return {
    subtotal: cents(tickets + vouchers + (absorbed ? bookingFee : 0)),
    bookingFee,
    bookingFeeAbsorbed: absorbed,
    showBookingFee: !(allEventsHideFees && c.gift_vouchers.length === 0),
  };
}
