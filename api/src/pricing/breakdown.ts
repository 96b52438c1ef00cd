import { type AppliedCode, type BreakdownRow, formatMoney } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/order-summary';
import type { CodeRow } from '../catalogue/codes';
import { toDecimal } from '../catalogue/money';
import type { SaleTotals } from './amounts';

/** What the breakdown needs of a ticket line, in the order the totals were computed. */
export interface BreakdownTicket {
  ticket_name: string;
  event_name: string;
  nice_date: string;
  qty: number;
  absorb_fee: boolean;
  event_hide_booking_fee: boolean;
}

export interface BreakdownVoucher {
  name: string;
  qty: number;
  value_minor: number | null;
}

/** What the rows are made of: the sale's totals now (the checkout), or a settlement's price components (a receipt). */
export type BreakdownTotals = Pick<
  SaleTotals,
  'lines' | 'discounts' | 'deliveryMinor' | 'refundProtectionMinor' | 'giftVouchers'
>;

export interface BreakdownInput {
  totals: BreakdownTotals;
  tickets: readonly BreakdownTicket[];
  vouchers: readonly BreakdownVoucher[];
  donationMinor: number;
  donationFeeMinor: number;
  isGiftAid: boolean;
  charityName: string | null;
  currencySymbol: string;
}

const row = (
  kind: BreakdownRow['kind'],
  label: string,
  amountMinor: number,
  extra: Partial<BreakdownRow> = {},
): BreakdownRow => ({
  kind,
  label,
  detail: null,
  quantity: null,
  code: null,
  ...extra,
  amount: toDecimal(amountMinor),
});

/**
 * The order summary's rows: one for each non-zero component of basket_total, signed, adding up to it to the penny.
 * Booking fees follow the spec's display rule: a fee the organiser absorbs is inside its ticket's price (noted under
 * the line), a fee the event hides is inside it too (not mentioned), every other fee is one 'Booking fee' row.
 */
export function priceBreakdown(input: BreakdownInput): BreakdownRow[] {
  const { totals, currencySymbol } = input;
  const money = (minor: number) => formatMoney(toDecimal(minor), currencySymbol);
  const rows: BreakdownRow[] = [];
  let shownFeesMinor = 0;
  input.tickets.forEach((ticket, index) => {
    const amounts = totals.lines[index];
    if (!amounts) return;
    const priceMinor = amounts.unitPriceMinor * ticket.qty;
    const feeMinor = amounts.unitFeeMinor * ticket.qty;
    const inside = ticket.absorb_fee || ticket.event_hide_booking_fee;
    if (!inside) shownFeesMinor += feeMinor;
    const detail = [
      `${ticket.event_name}, ${ticket.nice_date}`,
      ticket.absorb_fee && feeMinor > 0 ? messages.bookingFeeIncluded(money(feeMinor)) : null,
    ]
      .filter(Boolean)
      .join(' · ');
    rows.push(
      row('ticket', ticket.ticket_name, inside ? priceMinor + feeMinor : priceMinor, { detail, quantity: ticket.qty }),
    );
  });
  for (const voucher of input.vouchers)
    rows.push(row('voucher', voucher.name, (voucher.value_minor ?? 0) * voucher.qty, { quantity: voucher.qty }));
  for (const discount of totals.discounts)
    rows.push(row('discount', messages.discountRow(discount.code), -discount.amountMinor, { code: discount.code }));
  if (shownFeesMinor > 0) rows.push(row('booking_fee', messages.bookingFee, shownFeesMinor));
  if (totals.deliveryMinor > 0) rows.push(row('delivery', messages.deliveryRow, totals.deliveryMinor));
  if (totals.refundProtectionMinor > 0)
    rows.push(row('refund_protection', messages.refundProtectionRow, totals.refundProtectionMinor));
  if (input.donationMinor > 0) {
    rows.push(
      row('donation', messages.donationRow(input.charityName ?? 'charity'), input.donationMinor, {
        detail: input.isGiftAid ? messages.withGiftAid : null,
      }),
    );
  }
  if (input.donationFeeMinor > 0) rows.push(row('donation_fee', messages.donationFeeRow, input.donationFeeMinor));
  for (const voucher of totals.giftVouchers) {
    if (voucher.amountMinor > 0)
      rows.push(
        row('gift_voucher_code', messages.giftVoucherCodeRow(voucher.code), -voucher.amountMinor, {
          code: voucher.code,
        }),
      );
  }
  return rows;
}

/** Every code on the sale with what it saves now (0 when it applies to nothing, or has expired). */
export function appliedCodes(codes: readonly Pick<CodeRow, 'code' | 'kind'>[], totals: SaleTotals): AppliedCode[] {
  const saved = new Map([...totals.discounts, ...totals.giftVouchers].map((entry) => [entry.code, entry.amountMinor]));
  return codes.map((code) => ({
    code: code.code,
    kind: code.kind === 'gift_voucher' ? 'gift_voucher' : 'discount',
    saving: toDecimal(saved.get(code.code) ?? 0),
  }));
}
