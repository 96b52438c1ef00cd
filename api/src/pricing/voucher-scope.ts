import { computeTotals, type Totals, type TotalsInput } from './totals';

/**
 * Our rule where the spec is silent: gift vouchers are not bought with gift vouchers (as most sellers rule, so a
 * voucher cannot be turned into another voucher, or into cash through one). A gift voucher code pays for tickets,
 * booking fees, delivery, refund protection and donations, never for gift vouchers in the same basket.
 *
 * The price keeps to it by pricing the codes over the basket without the vouchers bought, then adding those vouchers
 * to what is left to pay; every other amount is the plain computation's.
 */
export function totalsWithVoucherScope(input: TotalsInput): Totals {
  const totals = computeTotals(input);
  if (input.vouchers.length === 0 || !input.codes.some((code) => code.kind === 'gift_voucher')) return totals;
  const withoutVouchers = computeTotals({ ...input, vouchers: [] });
  return {
    ...totals,
    giftVouchers: withoutVouchers.giftVouchers,
    giftVouchersAppliedMinor: withoutVouchers.giftVouchersAppliedMinor,
    basketTotalMinor: withoutVouchers.basketTotalMinor + totals.vouchersMinor,
  };
}

/** Whether the basket's gift voucher codes leave its gift vouchers to pay (the page says why the code covers less). */
export function vouchersLeftToPay(totals: Pick<Totals, 'vouchersMinor' | 'giftVouchers'>): boolean {
  return totals.vouchersMinor > 0 && totals.giftVouchers.length > 0;
}
