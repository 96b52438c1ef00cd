import { giftVoucherPays, ticketUnitAmounts } from '@checkout/shared';
import type { CodeKind } from '../db/schema';

/**
 * The basket's money, in minor units, computed on the server from the catalogue (the page only displays it; its
 * display rule, shared/src/rules/totals.ts, must agree: sale/display-totals.test.ts feeds one through the other).
 *
 * - Booking fee: each ticket's fee is the marketplace's and is collected in full (shared/src/rules/fees.ts). When the
 *   organiser absorbs it, the ticket costs its catalogue price in all (the line's price is sent net of the fee, and
 *   the fee shown in brackets); otherwise the fee comes on top of the price.
 * - Discount codes (one per basket): a percentage takes that share off each eligible ticket's price (rounded to the
 *   penny per ticket); a fixed amount comes off the eligible tickets, shared across them in whole pennies per ticket,
 *   never more than they cost (when it cannot be split evenly a few pennies stay unused). Eligible: the code's event,
 *   or its organiser's tickets, or every ticket. Booking fees, gift vouchers bought, delivery and donations are never
 *   discounted.
 * - Refund protection costs `refundProtectionBp` of the covered tickets' price after discount plus their booking fees,
 *   rounded to the nearest penny; tickets of events that cannot be covered are left out. No cost (null) when nothing
 *   in the basket can be covered.
 * - Delivery: the events' posting fees, once per event.
 * - Gift voucher codes pay part of the basket: each takes up to its balance off what is left to pay, so the total never
 *   goes below zero. An organiser's voucher pays only that organiser's part (its tickets after discount and the gift
 *   vouchers it sells), never what the marketplace keeps (booking fees, delivery, refund protection, a donation and
 *   its fee); the marketplace's own voucher (no organiser) pays anything.
 * - basket_total = tickets after discount + booking fees + gift vouchers bought + delivery + chosen refund protection
 *   + donation and its fee − gift voucher codes.
 */

export interface TicketAmount {
  eventId: number;
  organiserId: number;
  qty: number;
  /** The catalogue price of one ticket (what it costs in all when the fee is absorbed). */
  priceMinor: number;
  bookingFeeMinor: number;
  absorbFee: boolean;
  /** The event can be covered by refund protection. */
  coverable: boolean;
}

export interface VoucherAmount {
  organiserId: number;
  qty: number;
  valueMinor: number;
}

export interface AppliedCode {
  code: string;
  kind: CodeKind;
  percentBp: number | null;
  amountMinor: number | null;
  balanceMinor: number | null;
  eventId: number | null;
  organiserId: number | null;
}

export interface TotalsInput {
  tickets: readonly TicketAmount[];
  vouchers: readonly VoucherAmount[];
  /** In the order they were applied. */
  codes: readonly AppliedCode[];
  refundProtectionChosen: boolean;
  refundProtectionBp: number;
  donationMinor: number;
  donationFeeMinor: number;
  /** Posting charges with their events' organisers (the marketplace's: no organiser's voucher pays for them). */
  deliveries: readonly { organiserId: number; amountMinor: number }[];
}

export interface TicketLineAmounts {
  /** One ticket's price as sent (net of an absorbed fee). */
  unitPriceMinor: number;
  unitFeeMinor: number;
  /** Taken off one ticket by discount codes. */
  unitDiscountMinor: number;
}

export interface CodeAmount {
  code: string;
  amountMinor: number;
}

export interface Totals {
  /** Per ticket line, in input order. */
  lines: TicketLineAmounts[];
  /** Tickets at their (net) prices, before discounts. */
  ticketsMinor: number;
  discountsMinor: number;
  /** Discount codes with what each took off; codes that apply to nothing are left out (see `inapplicable`). */
  discounts: CodeAmount[];
  /** Discount codes that discount nothing in this basket. */
  inapplicable: string[];
  bookingFeesMinor: number;
  vouchersMinor: number;
  allFeesAbsorbed: boolean;
  refundProtectionCostMinor: number | null;
  /** What refund protection adds to the total (its cost when chosen and available, else 0). */
  refundProtectionMinor: number;
  deliveryMinor: number;
  giftVouchers: CodeAmount[];
  giftVouchersAppliedMinor: number;
  basketTotalMinor: number;
}

function applies(code: AppliedCode, line: TicketAmount): boolean {
  if (code.eventId !== null && code.eventId !== line.eventId) return false;
  if (code.organiserId !== null && code.organiserId !== line.organiserId) return false;
  return true;
}

/** A fixed amount over the eligible tickets: proportional whole pennies per ticket, then spare pennies one by one. */
function splitFixed(
  amountMinor: number,
  eligible: readonly { index: number; qty: number; remaining: number }[],
): Map<number, number> {
  const perUnit = new Map<number, number>();
  const base = eligible.reduce((sum, line) => sum + line.remaining * line.qty, 0);
  const amount = Math.min(amountMinor, base);
  if (amount <= 0) return perUnit;
  let given = 0;
  for (const line of eligible) {
    const unit = Math.min(line.remaining, Math.floor((amount * line.remaining) / base));
    perUnit.set(line.index, unit);
    given += unit * line.qty;
  }
  let spare = amount - given;
  for (const line of [...eligible].sort((a, b) => a.qty - b.qty || a.index - b.index)) {
    let unit = perUnit.get(line.index) ?? 0;
    while (spare >= line.qty && unit < line.remaining) {
      unit += 1;
      spare -= line.qty;
    }
    perUnit.set(line.index, unit);
  }
  return perUnit;
}

/** Each discount code (not gift vouchers) takes its amount off the lines it applies to, written into `lines`. */
function applyDiscountCodes(input: TotalsInput, lines: TicketLineAmounts[]) {
  const discounts: CodeAmount[] = [];
  const inapplicable: string[] = [];
  for (const code of input.codes) {
    if (code.kind === 'gift_voucher') continue;
    const eligible = input.tickets.flatMap((line, index) => {
      const amounts = lines[index];
      if (!amounts || !applies(code, line)) return [];
      const remaining = amounts.unitPriceMinor - amounts.unitDiscountMinor;
      return remaining > 0 && line.qty > 0 ? [{ index, qty: line.qty, remaining }] : [];
    });
    const perUnit =
      code.kind === 'percent'
        ? new Map(
            eligible.map((line) => [
              line.index,
              Math.min(line.remaining, Math.round((line.remaining * (code.percentBp ?? 0)) / 10_000)),
            ]),
          )
        : splitFixed(code.amountMinor ?? 0, eligible);
    let taken = 0;
    for (const line of eligible) {
      const unit = perUnit.get(line.index) ?? 0;
      const amounts = lines[line.index];
      if (!amounts) continue;
      amounts.unitDiscountMinor += unit;
      taken += unit * line.qty;
    }
    if (taken > 0) discounts.push({ code: code.code, amountMinor: taken });
    else inapplicable.push(code.code);
  }
  return { discounts, inapplicable };
}

export function computeTotals(input: TotalsInput): Totals {
  const lines: TicketLineAmounts[] = input.tickets.map((line) => ({
    ...ticketUnitAmounts(line),
    unitDiscountMinor: 0,
  }));

  const { discounts, inapplicable } = applyDiscountCodes(input, lines);

  let ticketsMinor = 0;
  let discountsMinor = 0;
  let bookingFeesMinor = 0;
  let coveredMinor = 0;
  // Each organiser's part: what its own gift voucher codes may pay.
  const byOrganiser = new Map<number, number>();
  input.tickets.forEach((line, index) => {
    const amounts = lines[index];
    if (!amounts) return;
    const price = amounts.unitPriceMinor * line.qty;
    const discount = amounts.unitDiscountMinor * line.qty;
    const fee = amounts.unitFeeMinor * line.qty;
    ticketsMinor += price;
    discountsMinor += discount;
    bookingFeesMinor += fee;
    if (line.coverable) coveredMinor += price - discount + fee;
    byOrganiser.set(line.organiserId, (byOrganiser.get(line.organiserId) ?? 0) + price - discount);
  });
  let deliveryMinor = 0;
  for (const delivery of input.deliveries) deliveryMinor += delivery.amountMinor;
  let vouchersMinor = 0;
  for (const line of input.vouchers) {
    vouchersMinor += line.valueMinor * line.qty;
    byOrganiser.set(line.organiserId, (byOrganiser.get(line.organiserId) ?? 0) + line.valueMinor * line.qty);
  }

  const cost = coveredMinor > 0 ? Math.round((coveredMinor * input.refundProtectionBp) / 10_000) : 0;
  const refundProtectionCostMinor = cost > 0 ? cost : null;
  const refundProtectionMinor =
    input.refundProtectionChosen && refundProtectionCostMinor !== null ? refundProtectionCostMinor : 0;

  const grossMinor =
    ticketsMinor -
    discountsMinor +
    bookingFeesMinor +
    vouchersMinor +
    deliveryMinor +
    refundProtectionMinor +
    input.donationMinor +
    input.donationFeeMinor;

  let left = grossMinor;
  const giftVouchers: CodeAmount[] = [];
  for (const code of input.codes) {
    if (code.kind !== 'gift_voucher') continue;
    const amount = giftVoucherPays(
      { balanceMinor: code.balanceMinor ?? 0, organiserId: code.organiserId },
      {
        totalMinor: left,
        organiserPartMinor: code.organiserId === null ? 0 : (byOrganiser.get(code.organiserId) ?? 0),
      },
    );
    if (code.organiserId !== null) byOrganiser.set(code.organiserId, (byOrganiser.get(code.organiserId) ?? 0) - amount);
    left -= amount;
    giftVouchers.push({ code: code.code, amountMinor: amount });
  }
  const giftVouchersAppliedMinor = grossMinor - left;

  return {
    lines,
    ticketsMinor,
    discountsMinor,
    discounts,
    inapplicable,
    bookingFeesMinor,
    vouchersMinor,
    allFeesAbsorbed: input.tickets.length > 0 && input.tickets.every((line) => line.absorbFee),
    refundProtectionCostMinor,
    refundProtectionMinor,
    deliveryMinor,
    giftVouchers,
    giftVouchersAppliedMinor,
    basketTotalMinor: left,
  };
}
