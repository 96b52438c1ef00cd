import { breakdownLinesSubtotal, type Checkout } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/order-summary';
import { OrderSummaryLine, OrderSummaryTotal, PriceBreakdown } from '@checkout/shared/ui';

/**
 * Under the basket's lines: their subtotal, the rest of the server's price breakdown (codes, fees, delivery, refund
 * protection) and the total, so the rows read as a sum: subtotal and each row after it add up to what is charged.
 */
export function BasketTotals({ checkout }: { checkout: Checkout }) {
  const symbol = checkout.currency.symbol;
  const others = checkout.price_breakdown.filter((row) => row.kind !== 'ticket' && row.kind !== 'voucher');
  return (
    <dl className="basket-totals summary__lines">
      {others.length > 0 ? (
        <OrderSummaryLine
          label={messages.subtotal}
          amount={breakdownLinesSubtotal(checkout.price_breakdown)}
          currencySymbol={symbol}
          kind="money"
        />
      ) : null}
      <PriceBreakdown rows={checkout.price_breakdown} currencySymbol={symbol} withoutLines />
      <OrderSummaryTotal label={messages.total} amount={checkout.basket_total} currencySymbol={symbol} />
    </dl>
  );
}
