import { isBeforePayment, type Checkout, type CheckoutState } from '@checkout/shared';

const shown = (checkout: Checkout): CheckoutState => (checkout.state === 'determining' ? 'basket' : checkout.state);

/**
 * Where a reloaded checkout puts this tab. After the server refused one of its changes as stale, the server's state
 * is the truth. Otherwise the tab keeps its step (its own changes may still be on their way), unless the sale was
 * paid in another tab while this one showed a step before payment: then it moves on to where the sale is.
 */
export function stateAfterReload(current: CheckoutState, checkout: Checkout, refusedAsStale: boolean): CheckoutState {
  if (refusedAsStale) return shown(checkout);
  if (checkout.payment_complete && isBeforePayment(current)) {
    const server = shown(checkout);
    return isBeforePayment(server) || server === 'payment' ? 'deliver_tickets' : server;
  }
  return current;
}
