import type { Checkout } from '@checkout/shared';

export interface SummaryLine {
  key: string;
  label: string;
  detail?: string;
  quantity: number;
  amount: number;
}

export interface Summary {
  lines: SummaryLine[];
  subtotal: number;
  total: number;
  currencySymbol: string;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** The order summary's rows: each ticket and voucher line (price x qty), the subtotal of those, the server's total. */
export function summaryOf(checkout: Checkout): Summary {
  const tickets: SummaryLine[] = checkout.tickets.map((t) => ({
    key: `ticket-${t.ticket_id}`,
    label: t.ticket_name,
    detail: `${t.event_name}, ${t.nice_date}`,
    quantity: t.qty,
    amount: cents(t.price * t.qty),
  }));
  const vouchers: SummaryLine[] = checkout.gift_vouchers.map((v) => ({
    key: `voucher-${v.id}-${v.value}`,
    label: v.name,
    quantity: v.qty,
    amount: cents(v.value * v.qty),
  }));
  const lines = [...tickets, ...vouchers];
  return {
    lines,
    subtotal: cents(lines.reduce((sum, line) => sum + line.amount, 0)),
    total: checkout.basket_total,
    currencySymbol: checkout.currency.symbol,
  };
}
