import { canEditBasket, isBeforePayment, type Checkout, type CheckoutState } from '@checkout/shared';

const shown = (checkout: Checkout): CheckoutState => (checkout.state === 'determining' ? 'basket' : checkout.state);

/**
 * Where a reloaded checkout puts this tab. After the server refused one of its changes as stale, the server's state
 * is the truth. Otherwise the tab keeps its step (its own changes may still be on their way), unless the sale was
 * paid in another tab while this one showed a step before payment: then it moves on to where the sale is.
 */
export function stateAfterReload(current: CheckoutState, checkout: Checkout, refusedAsStale: boolean): CheckoutState {
  if (refusedAsStale) return shown(checkout);
  if (reservationLost(current, checkout)) return 'basket';
  if (checkout.payment_complete && isBeforePayment(current)) {
    const server = shown(checkout);
    return isBeforePayment(server) || server === 'payment' ? 'deliver_tickets' : server;
  }
  return current;
}

/**
 * The tab shows a step that needs the reservation (from the account step to Payment) but the reloaded checkout holds
 * none and is back at the basket: another tab edited the basket, or the hold ended. Staying would leave the buyer paying for tickets no longer
 * held, so the tab goes to the basket (and says why). The bank's step is not one of them: the bank may still settle.
 */
export function reservationLost(current: CheckoutState, checkout: Checkout): boolean {
  const released = checkout.state === 'basket' || checkout.state === 'determining';
  return canEditBasket(current) && !checkout.payment_complete && checkout.seconds_remaining === null && released;
}
