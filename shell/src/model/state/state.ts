import { attach, createEvent, createStore, sample } from 'effector';
import { isApiFailure, nextStep, type CheckoutState } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/shell';
import { getCheckoutFx, updateBasketStateFx } from '../api/effects';
import { $checkout } from '../checkout';
import { notify } from '../notifications';
import { reservationLost, stateAfterReload } from './resync';

/** The step on screen; 'determining' until the first load has answered. */
export const $state = createStore<CheckoutState>('determining');

/** The current step is done: the next one comes from shared rules/next-step. */
export const stepCompleted = createEvent();
/** Go to a state the spec names explicitly (captcha demanded, back to the basket after an error, ...). */
export const goTo = createEvent<CheckoutState>();
/** A move of this tab, with the state it leaves (the server refuses a move from a state the sale has left). */
const moved = createEvent<{ from: CheckoutState; to: CheckoutState }>();
/** The state is now this one (every change this tab makes, whatever caused it); sent to the server. */
export const stateChanged = moved.map(({ to }) => to);

sample({
  clock: stepCompleted,
  source: { state: $state, checkout: $checkout },
  filter: ({ state, checkout }) => checkout !== null && state !== 'determining',
  // The filter above guarantees the checkout; `!` would hide that, so re-check for the type.
  fn: ({ state, checkout }) => ({ from: state, to: checkout ? nextStep(state, checkout) : state }),
  target: moved,
});

sample({
  clock: goTo,
  source: $state,
  filter: (current, next) => current !== next,
  fn: (from, to) => ({ from, to }),
  target: moved,
});

$state.on(moved, (_, { to }) => to);

// Every state change is sent, with the state it leaves; its seconds_remaining is kept by the countdown.
sample({ clock: moved, fn: ({ from, to }) => ({ state: to, from }), target: updateBasketStateFx });

const staleRefusal = updateBasketStateFx.failData.filter({
  fn: (error) => isApiFailure(error) && error.errorType === 'stale',
});

sample({
  clock: updateBasketStateFx.failData,
  filter: (error) => !(isApiFailure(error) && error.errorType === 'stale'),
  fn: () => ({ type: 'error' as const, text: messages.updateBasketStateFailed, group: 'update-basket-state' }),
  target: notify,
});

// Another tab moved the sale on: this tab reloads the checkout and shows where the sale is, instead of moving it back.
const resyncFx = attach({ effect: getCheckoutFx });
sample({ clock: staleRefusal, target: resyncFx });
sample({
  clock: resyncFx.doneData,
  source: $state,
  fn: (current, checkout) => stateAfterReload(current, checkout, true),
  target: $state,
});

// Any reload: a tab on a reserved step whose reservation is gone says why before it goes to the basket (below).
sample({
  clock: getCheckoutFx.doneData,
  source: $state,
  filter: (current, checkout) => current !== 'determining' && reservationLost(current, checkout),
  fn: (_, checkout) => ({
    type: 'warn' as const,
    text: checkout.edit_basket_clicked ? messages.reservationEditedElsewhere : messages.reservationGone,
    group: 'reservation-lost',
  }),
  target: notify,
});

// Any reload: a tab left on a step before payment whose sale was paid elsewhere moves on to that sale's next step.
sample({
  clock: getCheckoutFx.doneData,
  source: $state,
  filter: (current) => current !== 'determining',
  fn: (current, checkout) => stateAfterReload(current, checkout, false),
  target: $state,
});
