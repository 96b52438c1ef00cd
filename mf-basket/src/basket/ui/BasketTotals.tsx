import { basketDisplayTotals, formatBookingFee, formatMoney, messages, type Checkout } from '@checkout/shared';

/** Subtotal and booking fee as spec section 9 words them (the shell's order summary uses the same rule). */
export function BasketTotals({ checkout }: { checkout: Checkout }) {
  const totals = basketDisplayTotals(checkout);
  const symbol = checkout.currency.symbol;
  return (
    <dl className="basket-totals">
      <div className="basket-totals__row">
        <dt>{messages.subtotal}</dt>
        <dd>{formatMoney(totals.subtotal, symbol)}</dd>
      </div>
      {totals.bookingFeeDisplay === 'hidden' ? null : (
        <div className="basket-totals__row">
          <dt>{messages.bookingFee}</dt>
          <dd>{formatBookingFee(totals.bookingFeeTotal, symbol, totals.bookingFeeDisplay === 'absorbed')}</dd>
        </div>
      )}
    </dl>
  );
}
