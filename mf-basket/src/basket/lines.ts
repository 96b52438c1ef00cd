import type { Checkout, GiftVoucherLine, TicketLine } from '@checkout/shared';

/**
 * One line of the basket the buyer can change: a ticket type, or a gift voucher of one value (the same voucher
 * bought at two values is two lines, which is why the value is part of its identity).
 */
export type LineRef = { kind: 'ticket'; ticketId: number } | { kind: 'voucher'; voucherId: number; value: number };

export const ticketRef = (line: TicketLine): LineRef => ({ kind: 'ticket', ticketId: line.ticket_id });
export const voucherRef = (line: GiftVoucherLine): LineRef => ({
  kind: 'voucher',
  voucherId: line.id,
  value: line.value,
});

/** A stable key for maps of drafts, warnings and pending updates. */
export function lineKey(ref: LineRef): string {
  return ref.kind === 'ticket' ? `ticket:${ref.ticketId}` : `voucher:${ref.voucherId}:${ref.value}`;
}

/** The quantity the server holds for a line; null when the line is not in the checkout. */
export function serverQuantity(
  checkout: Pick<Checkout, 'tickets' | 'gift_vouchers'> | null,
  ref: LineRef,
): number | null {
  if (!checkout) return null;
  if (ref.kind === 'ticket') return checkout.tickets.find((t) => t.ticket_id === ref.ticketId)?.qty ?? null;
  return checkout.gift_vouchers.find((v) => v.id === ref.voucherId && v.value === ref.value)?.qty ?? null;
}
