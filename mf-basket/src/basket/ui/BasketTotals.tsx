import { type Checkout } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/order-summary';
import { OrderSummaryTotal, PriceBreakdown } from '@checkout/shared/ui';

/**
 * Under the basket's lines: the rest of the server's price breakdown (codes, fees, delivery, refund protection) and
 * the total, so the lines above and these rows add up to what the payment charges.
 */
export function BasketTotals({ checkout }: { checkout: Checkout }) {
  const symbol = checkout.currency.symbol;
  return (
    <dl className="basket-totals summary__lines">
      <PriceBreakdown rows={checkout.price_breakdown} currencySymbol={symbol} withoutLines />
      <OrderSummaryTotal label={messages.total} amount={checkout.basket_total} currencySymbol={symbol} />
    </dl>
  );
}
