import { messages, type Checkout } from '@checkout/shared';
import { AlertBox } from '@checkout/shared/ui';

type NotesInput = Pick<Checkout, 'reserving_error' | 'basket_errors' | 'basket_success' | 'had_mismatching_currencies'>;

/** The server's notes on the basket (spec section 5): errors and the currency notice as warnings, successes as such. */
export function BasketNotes({ checkout }: { checkout: NotesInput }) {
  const warnings = [
    ...(checkout.reserving_error ? [checkout.reserving_error] : []),
    ...checkout.basket_errors,
    ...(checkout.had_mismatching_currencies ? [messages.differentCurrency] : []),
  ];
  if (warnings.length === 0 && checkout.basket_success.length === 0) return null;
  return (
    <div className="stack basket-notes">
      {warnings.map((text, index) => (
        <AlertBox key={`w${index}`} type="warning">
          {text}
        </AlertBox>
      ))}
      {checkout.basket_success.map((text, index) => (
        <AlertBox key={`s${index}`} type="success">
          {text}
        </AlertBox>
      ))}
    </div>
  );
}
