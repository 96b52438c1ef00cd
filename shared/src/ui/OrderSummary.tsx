import * as messages from '../messages/order-summary';
import type { ReactNode } from 'react';
import type { BreakdownRow } from '../contract/entities';
import { formatCount } from '../format/count';
import { formatMoney } from '../format/money';
import { cx } from './cx';

/** A ticket or voucher price: FREE at 0 or less, else money. */
export function Price({ amount, currencySymbol }: { amount: number; currencySymbol: string }) {
  return <span className="price">{amount <= 0 ? messages.free : formatMoney(amount, currencySymbol)}</span>;
}

export interface OrderSummaryProps {
  /** Heading of the summary; when given the summary is a named region. */
  title?: ReactNode;
  /** OrderSummaryLine and OrderSummaryTotal rows. */
  children: ReactNode;
  /** Below the rows, outside the list (the 'Edit basket' link). */
  footer?: ReactNode;
  className?: string;
}

/** The order summary frame: a description list of lines, so each amount is read with its label. */
export function OrderSummary({ title, children, footer, className }: OrderSummaryProps) {
  return (
    <section className={cx('summary', className)} aria-label={typeof title === 'string' ? title : undefined}>
      {title ? <h2 className="summary__title">{title}</h2> : null}
      <dl className="summary__lines">{children}</dl>
      {footer ? <div className="summary__footer">{footer}</div> : null}
    </section>
  );
}

export interface OrderSummaryLineProps {
  label: ReactNode;
  /** Small print under the label, e.g. the event date. */
  detail?: ReactNode;
  /** Shown before the label as '2 ×'. */
  quantity?: number;
  /** The line's amount as it should read (for a ticket line, the line total). */
  amount: number;
  currencySymbol: string;
  /** 'price': FREE at 0 or less (tickets, vouchers); 'money': the amount as is (fees); 'discount': shown as a minus. */
  kind?: 'price' | 'money' | 'discount';
}

export function OrderSummaryLine({
  label,
  detail,
  quantity,
  amount,
  currencySymbol,
  kind = 'price',
}: OrderSummaryLineProps) {
  let value: ReactNode;
  if (kind === 'price') value = <Price amount={amount} currencySymbol={currencySymbol} />;
  else value = formatMoney(kind === 'discount' ? -Math.abs(amount) : amount, currencySymbol);
  return (
    <div className={cx('summary__line', kind === 'discount' && 'summary__line--discount')}>
      <dt>
        {/* Spaces, not margins, between the parts: a screen reader and a copied line read '2 × Adult Sat 5 Dec'. */}
        {quantity !== undefined ? <span className="summary__qty">{formatCount(quantity)} ×</span> : null}
        {quantity !== undefined ? ' ' : null}
        {label}
        {detail ? ' ' : null}
        {detail ? <small className="summary__detail">{detail}</small> : null}
      </dt>
      <dd>{value}</dd>
    </div>
  );
}

export interface OrderSummaryTotalProps {
  amount: number;
  currencySymbol: string;
  label?: ReactNode;
}

/** The total row; a zero total reads £0.00 (the payment step, not the summary, says the tickets are free). */
export function OrderSummaryTotal({ amount, currencySymbol, label = messages.total }: OrderSummaryTotalProps) {
  return (
    <div className="summary__line summary__line--total">
      <dt>{label}</dt>
      <dd>{formatMoney(amount, currencySymbol)}</dd>
    </div>
  );
}

export interface PriceBreakdownProps {
  /** The checkout's price_breakdown: the server's rows, which add up to the total. */
  rows: readonly BreakdownRow[];
  currencySymbol: string;
  /** Leave the ticket and voucher lines out (the basket lists them itself, with their quantity inputs). */
  withoutLines?: boolean;
}

/**
 * The order summary's rows as the server sends them, one per component of the total: ticket and voucher lines with
 * their quantity, codes taken off, fees, delivery, refund protection and donation. Nothing is computed here, so what
 * the buyer reads adds up to what the payment charges.
 */
export function PriceBreakdown({ rows, currencySymbol, withoutLines = false }: PriceBreakdownProps) {
  return (
    <>
      {rows
        .filter((row) => !withoutLines || (row.kind !== 'ticket' && row.kind !== 'voucher'))
        .map((row, index) => {
          const line = row.kind === 'ticket' || row.kind === 'voucher';
          return (
            <OrderSummaryLine
              key={`${row.kind}-${row.code ?? row.label}-${index}`}
              label={row.label}
              {...(row.detail ? { detail: row.detail } : {})}
              {...(line && row.quantity !== null ? { quantity: row.quantity } : {})}
              amount={row.amount}
              currencySymbol={currencySymbol}
              kind={row.amount < 0 ? 'discount' : line ? 'price' : 'money'}
            />
          );
        })}
    </>
  );
}
