import { basketDisplayTotals, formatBookingFee, messages } from '@checkout/shared';
import { useUnit } from 'effector-react';
import { OrderSummary, OrderSummaryLine, OrderSummaryTotal } from '@checkout/shared/ui';
import { $checkout } from '../model';
import { summaryOf } from './summary';

/** The order summary every step shows (spec section 2), beside the step from 768px and below it on phones. */
export function OrderSummaryColumn() {
  const checkout = useUnit($checkout);
  if (!checkout || (checkout.tickets.length === 0 && checkout.gift_vouchers.length === 0)) return null;
  const summary = summaryOf(checkout);
  // Subtotal and booking fee as spec section 9 words them: the same rule as the basket's own totals.
  const totals = basketDisplayTotals(checkout);
  return (
    <OrderSummary title={messages.orderSummary} className="card">
      {summary.lines.map((line) => (
        <OrderSummaryLine
          key={line.key}
          label={line.label}
          {...(line.detail ? { detail: line.detail } : {})}
          quantity={line.quantity}
          amount={line.amount}
          currencySymbol={summary.currencySymbol}
        />
      ))}
      <OrderSummaryLine label={messages.subtotal} amount={totals.subtotal} currencySymbol={summary.currencySymbol} kind="money" />
      {totals.bookingFeeDisplay === 'hidden' ? null : (
        <div className="summary__line">
          <dt>{messages.bookingFee}</dt>
          <dd>{formatBookingFee(totals.bookingFeeTotal, summary.currencySymbol, totals.bookingFeeDisplay === 'absorbed')}</dd>
        </div>
      )}
      <OrderSummaryTotal label={messages.total} amount={summary.total} currencySymbol={summary.currencySymbol} />
    </OrderSummary>
  );
}
