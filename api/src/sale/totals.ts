/**
 * The basket's money, in minor units, computed on the server from the catalogue (the page only displays it).
 *
 * - A ticket's booking fee is added to what the buyer pays unless the organiser absorbs it (then it comes out of
 *   the organiser's side and is shown in brackets).
 * - Refund protection (when chosen and at least one event can be covered) costs REFUND_PROTECTION_BP of the covered
 *   tickets' price and booking fees, rounded to the nearest penny.
 * - basket_total = tickets + gift vouchers + fees not absorbed + delivery + refund protection + donation and its fee
 *   - discounts, never below zero.
 */
export const REFUND_PROTECTION_BP = 500;

export interface TicketAmount {
  qty: number;
  priceMinor: number;
  bookingFeeMinor: number;
  absorbFee: boolean;
  /** The event can be covered by refund protection. */
  coverable: boolean;
}

export interface VoucherAmount {
  qty: number;
  valueMinor: number;
}

export interface TotalsInput {
  tickets: readonly TicketAmount[];
  vouchers: readonly VoucherAmount[];
  refundProtectionChosen: boolean;
  donationMinor: number;
  donationFeeMinor: number;
  deliveryMinor: number;
  discountsMinor: number;
}

export interface Totals {
  ticketsMinor: number;
  vouchersMinor: number;
  bookingFeesMinor: number;
  payableFeesMinor: number;
  allFeesAbsorbed: boolean;
  /** null when no event in the basket can be covered. */
  refundProtectionCostMinor: number | null;
  basketTotalMinor: number;
}

export function computeTotals(input: TotalsInput): Totals {
  let ticketsMinor = 0;
  let bookingFeesMinor = 0;
  let payableFeesMinor = 0;
  let coveredMinor = 0;
  let anyCoverable = false;
  for (const line of input.tickets) {
    const price = line.priceMinor * line.qty;
    const fee = line.bookingFeeMinor * line.qty;
    ticketsMinor += price;
    bookingFeesMinor += fee;
    if (!line.absorbFee) payableFeesMinor += fee;
    if (line.coverable) {
      anyCoverable = true;
      coveredMinor += price + (line.absorbFee ? 0 : fee);
    }
  }
  const vouchersMinor = input.vouchers.reduce((sum, line) => sum + line.valueMinor * line.qty, 0);
  const refundProtectionCostMinor = anyCoverable && coveredMinor > 0 ? Math.round((coveredMinor * REFUND_PROTECTION_BP) / 10_000) : null;
  const protection = input.refundProtectionChosen && refundProtectionCostMinor !== null ? refundProtectionCostMinor : 0;
  const gross =
    ticketsMinor + vouchersMinor + payableFeesMinor + input.deliveryMinor + protection + input.donationMinor + input.donationFeeMinor;
  return {
    ticketsMinor,
    vouchersMinor,
    bookingFeesMinor,
    payableFeesMinor,
    allFeesAbsorbed: input.tickets.length > 0 && input.tickets.every((line) => line.absorbFee),
    refundProtectionCostMinor,
    basketTotalMinor: Math.max(0, gross - input.discountsMinor),
  };
}
