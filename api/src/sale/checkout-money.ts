import type { Checkout, TicketLine } from '@checkout/shared';
import { currencyOf, toDecimal } from '../catalogue/money';
import { appliedCodes, priceBreakdown } from '../pricing/breakdown';
import type { CheckoutSource } from './checkout-load';
import { saleMessages } from './messages';
import { vouchersLeftToPay } from '../pricing/voucher-scope';

type MoneyFields =
  | 'currency'
  | 'delivery_cost'
  | 'discounts_applied'
  | 'offers_applied_total'
  | 'gift_vouchers_applied_total'
  | 'basket_total'
  | 'has_refund_protection'
  | 'refund_protection'
  | 'refund_protection_cost'
  | 'basket_success'
  | 'all_booking_fees_are_absorbed'
  | 'price_breakdown'
  | 'applied_codes';

/**
 * The checkout's money: the totals computed from the lines and codes, what the codes took off, refund protection, and
 * the order summary's rows (which need the ticket lines already built and the charity's name).
 */
export function checkoutMoney(
  { sale, lines, totals }: CheckoutSource,
  tickets: readonly TicketLine[],
  charityName: string | null,
): Pick<Checkout, MoneyFields> {
  const currency = currencyOf(sale.currency);
  return {
    currency,
    delivery_cost: toDecimal(totals.deliveryMinor),
    discounts_applied: Object.fromEntries(totals.discounts.map((entry) => [entry.code, toDecimal(entry.amountMinor)])),
    // Automatic offers are not part of the catalogue: every discount comes from a code.
    offers_applied_total: 0,
    gift_vouchers_applied_total: toDecimal(totals.giftVouchersAppliedMinor),
    basket_total: toDecimal(totals.basketTotalMinor),
    has_refund_protection: totals.refundProtectionCostMinor !== null,
    refund_protection: sale.refund_protection && totals.refundProtectionCostMinor !== null ? 1 : 0,
    refund_protection_cost:
      totals.refundProtectionCostMinor === null ? null : toDecimal(totals.refundProtectionCostMinor),
    basket_success: [
      ...totals.giftVouchers
        .filter((entry) => entry.amountMinor > 0)
        .map((entry) => saleMessages.giftVoucherApplied(entry.code, toDecimal(entry.amountMinor), currency.symbol)),
      ...(vouchersLeftToPay(totals) ? [saleMessages.giftVoucherLeavesVouchers] : []),
    ],
    all_booking_fees_are_absorbed: totals.allFeesAbsorbed,
    price_breakdown: priceBreakdown({
      totals,
      tickets,
      vouchers: lines.vouchers,
      donationMinor: sale.donation_minor,
      donationFeeMinor: sale.donation_fee_minor,
      isGiftAid: sale.is_gift_aid,
      charityName,
      currencySymbol: currency.symbol,
    }),
    applied_codes: appliedCodes(lines.codes, totals),
  };
}
