import { combine, createEvent, createStore, sample } from 'effector';
import { type Checkout } from '@checkout/shared';
import * as commonMessages from '@checkout/shared/messages/common';
import * as shellMessages from '@checkout/shared/messages/shell';
import { destroySaleFx, getCheckoutFx } from '../api/effects';
import { notify } from '../notifications';

/** The server's checkout; null until the first load answers. */
export const $checkout = createStore<Checkout | null>(null);
/** Some way of paying takes test money (the server says so in every checkout): the frame says TEST MODE. */
export const $testMode = $checkout.map((checkout) => checkout?.test_mode ?? false);
/** The countdown ran out (set by the countdown, cleared by a new reservation). */
export const $expired = createStore(false);

/** Fetch the checkout again: after basket updates, when the tab is shown again, after an expiry or an edit. */
export const reloadCheckout = createEvent();

sample({ clock: reloadCheckout, target: getCheckoutFx });

// After an expiry the reload keeps the expiry message as reserving_error, so the basket warns of it.
sample({
  clock: getCheckoutFx.doneData,
  source: $expired,
  fn: (expired, checkout): Checkout =>
    expired ? { ...checkout, reserving_error: commonMessages.checkoutExpired } : checkout,
  target: $checkout,
});

sample({
  clock: getCheckoutFx.fail,
  fn: () => ({ type: 'error' as const, text: shellMessages.getCheckoutFailed, group: 'get-checkout' }),
  target: notify,
});

/** The reserving error the basket shows: the server's, or the expiry message after the countdown ran out. */
export const $reservingError = combine($checkout, $expired, (checkout, expired) =>
  expired ? commonMessages.checkoutExpired : (checkout?.reserving_error ?? null),
);

/** True while the checkout is being reloaded or the sale destroyed (steps disable their actions meanwhile). */
export const $updatingBasket = combine(
  getCheckoutFx.pending,
  destroySaleFx.pending,
  (loading, destroying) => loading || destroying,
);
