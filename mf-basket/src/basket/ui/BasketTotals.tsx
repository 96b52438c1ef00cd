import { formatBookingFee, formatMoney, type Checkout } from '@checkout/shared';
import { basketTotals } from '../totals';

/** Subtotal and booking fee as spec section 9 words them. */
export function BasketTotals({ checkout }: { checkout: Checkout }) {
  const totals = basketTotals(checkout);
  const symbol = checkout.currency.symbol;
  return (
    <dl className="basket-totals">
      <div className="basket-totals__row">
        <dt>Subtotal</dt>
        <dd>{formatMoney(totals.subtotal, symbol)}</dd>
      </div>
      {totals.showBookingFee ? (
        <div className="basket-totals__row">
          <dt>Booking fee</dt>
          <dd>{formatBookingFee(totals.bookingFee, symbol, totals.bookingFeeAbsorbed)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
