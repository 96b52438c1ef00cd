import type { Checkout, GiftVoucherLine, TicketLine } from '@checkout/shared';
import { links } from '../catalogue/links';
import { niceDate, ukDate } from '../catalogue/dates';
import { toDecimal } from '../catalogue/money';
import { ticketRefundPolicy } from '../catalogue/refund-policy';
import type { Sale } from '../db/schema';
import { serverMessages } from '../http/server-messages';
import { addMonths } from '../instalments/schedule';
import { availableOf } from '../inventory/holds';
import type { SaleTotals } from '../pricing/amounts';
import type { CheckoutSource } from './checkout-load';
import { saleMessages } from './messages';

/** The basket's lines: its tickets with what one costs and how many this buyer may hold, its gift vouchers. */
export function checkoutLines({
  sale,
  lines,
  context,
  totals,
  now,
}: CheckoutSource): Pick<Checkout, 'tickets' | 'gift_vouchers' | 'basket_errors'> {
  const requirementsByTicket = new Map<number, { title: string; ids: number[] }[]>();
  for (const row of context.requirements) {
    const list = requirementsByTicket.get(row.ticket_type_id) ?? [];
    list.push({ title: row.title, ids: row.required_ticket_type_ids });
    requirementsByTicket.set(row.ticket_type_id, list);
  }

  const tickets: TicketLine[] = lines.tickets.map((line, index) => {
    const ownHeld = lines.heldBySale.get(line.ticket_id) ?? 0;
    const amounts = totals.lines[index];
    return {
      ticket_id: line.ticket_id,
      event_id: line.event_id,
      event_name: line.event_title,
      event_url: links.event(line.event_slug),
      ticket_name: line.ticket_name,
      date_id: line.date_id,
      nice_date: niceDate(line.starts_at, line.timezone),
      qty: line.qty,
      // Net of an absorbed fee, so price + booking fee is what one ticket costs (pricing/totals.ts).
      price: toDecimal(amounts?.unitPriceMinor ?? line.price_minor),
      discount_amount: toDecimal(amounts?.unitDiscountMinor ?? 0),
      absorb_fee: line.absorb_fee,
      booking_fee: toDecimal(amounts?.unitFeeMinor ?? line.booking_fee_minor),
      event_hide_booking_fee: line.hide_booking_fee,
      thumbnail: line.thumbnail,
      seats: lines.seatsByType.get(line.ticket_id) ?? [],
      non_refundable: line.non_refundable,
      can_update_quantity: sale.status !== 'paid' && !line.seated,
      // What this buyer could hold: the per-customer cap, or less when stock is short (their own hold counts as free).
      max_can_reserve: Math.max(0, Math.min(line.max_per_customer, availableOf(line) + ownHeld)),
      min_per_customer: line.min_per_customer,
      required_tickets: requirementsByTicket.get(line.ticket_id) ?? [],
      refund_policy: ticketRefundPolicy(line),
      organiser_url: links.organiser(line.organiser_slug),
    };
  });

  const gift_vouchers: GiftVoucherLine[] = lines.vouchers.map((line) => ({
    id: line.id,
    name: line.name,
    value: toDecimal(line.value_minor ?? 0),
    qty: line.qty,
    thumbnail: line.thumbnail,
    o_name: line.organiser_name,
    o_url: links.organiser(line.organiser_slug),
    uk_expiry_date: ukDate(addMonths(now, line.valid_months)),
  }));

  return { tickets, gift_vouchers, basket_errors: basketErrors(sale, lines.tickets, tickets, totals) };
}

/**
 * What the buyer should fix before reserving (shown as warnings): the last code refused, codes that have expired or
 * no longer apply, and lines asking for more than the stock left (a reserved sale's own holds count as its stock).
 */
function basketErrors(
  sale: Sale,
  rows: readonly { ticket_name: string; qty: number }[],
  tickets: readonly TicketLine[],
  totals: SaleTotals,
): string[] {
  const errors: string[] = [];
  if (sale.code_error) errors.push(sale.code_error);
  for (const code of totals.expiredCodes) errors.push(saleMessages.codeNoLongerValid(code));
  if (tickets.length > 0) for (const code of totals.inapplicable) errors.push(saleMessages.codeNoLongerApplies(code));
  if (sale.status !== 'paid') {
    tickets.forEach((line, index) => {
      const row = rows[index];
      if (row && line.qty > line.max_can_reserve)
        errors.push(serverMessages.notEnoughTickets(row.ticket_name, line.max_can_reserve));
    });
  }
  return errors;
}
