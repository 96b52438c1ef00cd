/**
 * The marketplace's fees and an organiser's part of a ticket (docs/domain-rules.md), in minor
 * units. The server prices with these; the organiser API and the catalogue import refuse what they forbid.
 *
 * - A ticket's booking fee is the marketplace's and is always collected in full. By default the buyer pays it on top
 *   of the price. An organiser who absorbs it (`absorb_fee`) pays it out of the ticket's price, so that price must be
 *   at least the fee: the organiser's part (price less fee) is never below zero.
 * - An organiser's gift voucher or discount code reduces only the organiser's part (its ticket prices and the gift
 *   vouchers it sells), never a fee: a basket whose tickets a voucher covers still pays their booking fees.
 */

export interface FeeTicket {
  /** The catalogue price of one ticket (what it costs in all when the fee is absorbed). */
  priceMinor: number;
  bookingFeeMinor: number;
  absorbFee: boolean;
}

export interface TicketUnitAmounts {
  /** The organiser's part of one ticket, before discount codes: the price, net of an absorbed fee. */
  unitPriceMinor: number;
  /** The marketplace's part: the whole booking fee, always. */
  unitFeeMinor: number;
}

/** An organiser can absorb a booking fee only out of a price that covers it. */
export function canAbsorbFee(ticket: Pick<FeeTicket, 'priceMinor' | 'bookingFeeMinor'>): boolean {
  return ticket.priceMinor >= ticket.bookingFeeMinor;
}

/**
 * One ticket's parts. A ticket type that absorbs a fee larger than its price (which the catalogue refuses; a row
 * written before that rule, say) still pays the whole fee: the ticket then costs its fee, and the organiser's part is
 * nothing, rather than the marketplace's fee shrinking to the price.
 */
export function ticketUnitAmounts(ticket: FeeTicket): TicketUnitAmounts {
  if (!ticket.absorbFee) return { unitPriceMinor: ticket.priceMinor, unitFeeMinor: ticket.bookingFeeMinor };
  return {
    unitPriceMinor: Math.max(0, ticket.priceMinor - ticket.bookingFeeMinor),
    unitFeeMinor: ticket.bookingFeeMinor,
  };
}

/** What one ticket costs the buyer in all, before discount codes. */
export function ticketUnitCost(ticket: FeeTicket): number {
  const amounts = ticketUnitAmounts(ticket);
  return amounts.unitPriceMinor + amounts.unitFeeMinor;
}

/**
 * What a gift voucher code may pay of a basket: an organiser's voucher at most that organiser's part (its tickets
 * after discount codes and the gift vouchers it sells); the marketplace's own voucher (no organiser) anything left.
 */
export function giftVoucherPays(
  voucher: { balanceMinor: number; organiserId: number | null },
  left: { totalMinor: number; organiserPartMinor: number },
): number {
  const pool = voucher.organiserId === null ? left.totalMinor : Math.min(left.totalMinor, left.organiserPartMinor);
  return Math.max(0, Math.min(voucher.balanceMinor, pool));
}
