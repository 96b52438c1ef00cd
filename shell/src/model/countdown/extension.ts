import { combine, createEvent, createStore, sample } from 'effector';
import { isApiFailure, type ExtendReservationResponse } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/shell';
import { destroySaleFx, extendReservationFx, updateBasketStateFx } from '../api/effects';
import { $checkout } from '../checkout';
import { notify } from '../notifications/notifications';
import { $countdownRunning, $secondsRemaining, reservationStarted } from './countdown';
import { $countdownWarning } from './warnings';

export { EXTENSION_ACTION } from './warnings';

/**
 * 'Need more time?': with the countdown's warning, once per reservation, where the server offers it (the checkout's
 * hold_extension_minutes). Pressing it asks the server to extend the reservation; the countdown takes the server's new
 * time, the offer goes, and the notification area says the new time (or the server's refusal).
 */

/** The buyer pressed 'Add N minutes'. */
export const extensionRequested = createEvent();

/** The server refused this reservation's extension (or it was used): the offer is not shown again for it. */
const $extensionWithdrawn = createStore(false).reset(reservationStarted, destroySaleFx.done);

/** The minutes the offer adds, while it stands: a warning is showing, the countdown runs, nothing is pending. */
export const $extensionOffer = combine(
  $checkout,
  $countdownWarning,
  $countdownRunning,
  $extensionWithdrawn,
  extendReservationFx.pending,
  (checkout, warning, running, withdrawn, pending): number | null => {
    const minutes = checkout?.hold_extension_minutes ?? null;
    if (minutes === null || minutes <= 0 || warning === null || !running || withdrawn || pending) return null;
    return minutes;
  },
);

sample({
  clock: extensionRequested,
  source: { checkout: $checkout, offer: $extensionOffer },
  filter: ({ checkout, offer }) => offer !== null && !!checkout?.sale_reference,
  fn: ({ checkout }) => ({ sale_reference: checkout?.sale_reference ?? '' }),
  target: extendReservationFx,
});

// Every state change says whether the offer stands (the step after reserving has a checkout loaded before the hold).
$checkout.on(updateBasketStateFx.doneData, (checkout, answer) =>
  checkout && checkout.hold_extension_minutes !== answer.hold_extension_minutes
    ? { ...checkout, hold_extension_minutes: answer.hold_extension_minutes }
    : checkout,
);

$secondsRemaining.on(extendReservationFx.doneData, (_, answer) => answer.seconds_remaining);
$checkout.on(extendReservationFx.doneData, (checkout, answer) =>
  checkout ? { ...checkout, seconds_remaining: answer.seconds_remaining, hold_extension_minutes: null } : checkout,
);
// A refusal is the server's last word on this reservation; a request that never arrived may be tried again.
$extensionWithdrawn
  .on(extendReservationFx.done, () => true)
  .on(
    extendReservationFx.failData,
    (withdrawn, failure) => withdrawn || !isApiFailure(failure) || failure.kind === 'http',
  );

/** The announcement of the new time, in whole minutes left (the countdown shows the seconds). */
export function extendedText(answer: ExtendReservationResponse): string {
  return messages.reservationExtended(answer.minutes_added, Math.floor(answer.seconds_remaining / 60));
}

// In the countdown's group: it replaces the warning that offered the extension.
sample({
  clock: extendReservationFx.doneData,
  fn: (answer) => ({ type: 'success' as const, text: extendedText(answer), group: 'countdown' }),
  target: notify,
});
sample({
  clock: extendReservationFx.failData,
  fn: (failure) => ({
    type: 'error' as const,
    text:
      isApiFailure(failure) && failure.kind === 'http' && failure.serverMessage
        ? failure.serverMessage
        : messages.extendReservationFailed,
    group: 'countdown',
  }),
  target: notify,
});
