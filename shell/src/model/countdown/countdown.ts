import { combine, createEvent, createStore, sample } from 'effector';
import { interval } from 'patronum';
import {
  countdownRuns,
  countdownRunsIn,
  expiryReturnsToBasket,
  type Checkout,
  type CheckoutState,
} from '@checkout/shared';
import * as messages from '@checkout/shared/messages/common';
import { destroySaleFx, getCheckoutFx, updateBasketStateFx } from '../api/effects';
import { $checkout, $expired, reloadCheckout } from '../checkout';
import { $state, goTo } from '../state';

/** One countdown tick; a store so a test can run the clock fast. */
export const $tickMs = createStore(1000);

/** The reservation was made; seconds from the server's checkout_time. */
export const reservationStarted = createEvent<number>();

/** Seconds left on the reservation, never below zero; null when there is no reservation. */
export const $secondsRemaining = createStore<number | null>(null);

const paymentComplete = (checkout: Checkout | null) => checkout?.payment_complete === true;

/** Runs when the state is not basket/reserve/captcha and seconds are set; stops at zero or once paid. */
export const $countdownRunning = combine(
  $state,
  $secondsRemaining,
  $checkout,
  (state, seconds, checkout) =>
    countdownRuns(state, seconds, paymentComplete(checkout)) && seconds !== null && seconds > 0,
);

const started = sample({ clock: $countdownRunning.updates, filter: Boolean });
const stopped = sample({ clock: $countdownRunning.updates, filter: (running) => !running });
const { tick } = interval({ timeout: $tickMs, start: started, stop: stopped });

$secondsRemaining
  .on(reservationStarted, (_, seconds) => seconds)
  .on(tick, (left) => (left === null ? null : Math.max(0, left - 1)))
  // The server's clock wins whenever it speaks: after every state change and every checkout load.
  .on(updateBasketStateFx.doneData, (_, answer) => answer.seconds_remaining)
  .on(getCheckoutFx.doneData, (_, checkout) => checkout.seconds_remaining)
  .reset(destroySaleFx.done);

/** Time ran out on a step where that sends the buyer back to the basket. */
export const countdownExpired = sample({
  clock: $secondsRemaining.updates,
  source: { state: $state, checkout: $checkout },
  filter: ({ state, checkout }, seconds) =>
    seconds === 0 && countdownRunsIn(state) && expiryReturnsToBasket(state) && !paymentComplete(checkout),
  fn: () => undefined,
});

$expired.on(countdownExpired, () => true).reset(reservationStarted);
$checkout.on(countdownExpired, (checkout) =>
  checkout ? { ...checkout, reserving_error: messages.checkoutExpired } : checkout,
);
sample({ clock: countdownExpired, fn: (): CheckoutState => 'basket', target: goTo });
sample({ clock: countdownExpired, target: reloadCheckout });
