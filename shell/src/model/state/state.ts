import { createEvent, createStore, sample } from 'effector';
import { messages, nextStep, type CheckoutState } from '@checkout/shared';
import { updateBasketStateFx } from '../api/effects';
import { $checkout } from '../checkout';
import { notify } from '../notifications';

/** The step on screen; 'determining' until the first load has answered. */
export const $state = createStore<CheckoutState>('determining');

/** The current step is done: the next one comes from shared rules/next-step (spec 4 'Next-step rules'). */
export const stepCompleted = createEvent();
/** Go to a state the spec names explicitly (captcha demanded, back to the basket after an error, ...). */
export const goTo = createEvent<CheckoutState>();
/** The state is now this one (every change, whatever caused it); sent to the server. */
export const stateChanged = createEvent<CheckoutState>();

sample({
  clock: stepCompleted,
  source: { state: $state, checkout: $checkout },
  filter: ({ state, checkout }) => checkout !== null && state !== 'determining',
  // The filter above guarantees the checkout; `!` would hide that, so re-check for the type.
  fn: ({ state, checkout }) => (checkout ? nextStep(state, checkout) : state),
  target: stateChanged,
});

sample({ clock: goTo, source: $state, filter: (current, next) => current !== next, fn: (_, next) => next, target: stateChanged });

$state.on(stateChanged, (_, state) => state);

// Every state change is sent; its seconds_remaining is kept by the countdown (spec 4 'Loading and caching').
sample({ clock: stateChanged, target: updateBasketStateFx });

sample({
  clock: updateBasketStateFx.fail,
  fn: () => ({ type: 'error' as const, text: messages.updateBasketStateFailed, group: 'update-basket-state' }),
  target: notify,
});
