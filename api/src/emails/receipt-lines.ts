import { niceDay, niceTime } from '../catalogue/dates';
import { type BreakdownTicket, type BreakdownVoucher, priceBreakdown } from '../pricing/breakdown';
import type { PriceComponents, PricedLine } from '../pricing/price';
import { type CatalogueEntry, type ReceiptLine, totalsOfComponents } from './receipt-data';

export interface ReceiptLinesInput {
  components: PriceComponents;
  ticketLines: readonly PricedLine[];
  voucherLines: readonly PricedLine[];
  catalogue: ReadonlyMap<number, CatalogueEntry>;
  vouchers: readonly { id: number; name: string }[];
  charityName: string | null;
  currencySymbol: string;
  giftVoucher: { to: string | null; from: string | null };
  money: (minor: number) => string;
}

const quantityLabel = (quantity: number | null, label: string) =>
  quantity && quantity > 0 ? `${quantity} × ${label}` : label;

function breakdownTickets(input: ReceiptLinesInput): BreakdownTicket[] {
  return input.ticketLines.map((line) => {
    const type = input.catalogue.get(line.id);
    return {
      ticket_name: type?.name ?? 'Ticket',
      event_name: type?.title ?? '',
      nice_date: type ? `${niceDay(type.starts_at, type.timezone)} at ${niceTime(type.starts_at, type.timezone)}` : '',
      qty: line.qty,
      absorb_fee: type?.absorb_fee ?? false,
      event_hide_booking_fee: type?.hide_booking_fee ?? false,
    };
  });
}

function breakdownVouchers(input: ReceiptLinesInput): BreakdownVoucher[] {
  return input.voucherLines.map((line) => ({
    name: input.vouchers.find((voucher) => voucher.id === line.id)?.name ?? 'Gift voucher',
    qty: line.qty,
    value_minor: line.unit_price_minor,
  }));
}

/** The checkout's rows, from what was charged. */
export function receiptLines(input: ReceiptLinesInput): ReceiptLine[] {
  const { components, ticketLines, catalogue, giftVoucher, money } = input;
  const rows = priceBreakdown({
    totals: totalsOfComponents(components),
    tickets: breakdownTickets(input),
    vouchers: breakdownVouchers(input),
    donationMinor: components.donation_minor,
    donationFeeMinor: components.donation_fee_minor,
    isGiftAid: components.gift_aid,
    charityName: input.charityName,
    currencySymbol: input.currencySymbol,
  });
  // Ticket rows come in ticket-line order (one each): the venue goes under the event and date the row names.
  let ticketIndex = 0;
  return rows.map((row) => {
    const details = row.detail ? row.detail.split(' · ') : [];
    if (row.kind === 'ticket') {
      const type = catalogue.get(ticketLines[ticketIndex]?.id ?? -1);
      ticketIndex += 1;
      if (type) details.splice(1, 0, type.venue_full_address ?? type.location);
    }
    if (row.kind === 'voucher' && (giftVoucher.to || giftVoucher.from)) {
      details.push(
        [giftVoucher.to ? `For ${giftVoucher.to}` : null, giftVoucher.from ? `from ${giftVoucher.from}` : null]
          .filter(Boolean)
          .join(', '),
      );
    }
    const amountMinor = Math.round(row.amount * 100);
    return {
      kind: row.kind,
      label: row.kind === 'ticket' || row.kind === 'voucher' ? quantityLabel(row.quantity, row.label) : row.label,
      details,
      amount: money(amountMinor),
      amountMinor,
    };
  });
}
