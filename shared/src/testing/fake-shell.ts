import { createEffect, createEvent, createStore, sample } from 'effector';
import type { Checkout, User } from '../contract/entities';
import type { CheckoutState } from '../contract/states';
import { nextStep } from '../rules/next-step';
import type { NotificationInput } from '../step';

/**
 * Real effector units standing in for the shell's model, so a step runs against the same kind of stores and events
 * it gets from the shell. Created once here; each fakeStepProps() forks its own scope over them.
 */
export const $checkout = createStore<Checkout | null>(null);
export const $state = createStore<CheckoutState>('basket');
export const $user = createStore<User | null>(null);
export const $secondsRemaining = createStore<number | null>(null);
export const $expired = createStore(false);
export const $updatingBasket = createStore(false);
/** What steps asked the shell to show, oldest first (the real shell's notification area). */
export const $notifications = createStore<NotificationInput[]>([]);

export const stepCompleted = createEvent();
export const goTo = createEvent<CheckoutState>();
export const editBasket = createEvent();
export const reloadCheckout = createEvent();
export const refreshUser = createEvent();
export const notify = createEvent<NotificationInput>();
export const reservationStarted = createEvent<number>();

/** Handlers come from the fake API through fork({ handlers }), per scope. */
export const loadCheckoutFx = createEffect<void, Checkout>();
export const loadUserFx = createEffect<void, User | null>();
export const destroySaleFx = createEffect<void, unknown>();

// The same rule the shell uses, so a standalone remote walks the real flow.
sample({
  clock: stepCompleted,
  source: { state: $state, checkout: $checkout },
  fn: ({ state, checkout }) => (checkout ? nextStep(state, checkout) : state),
  target: $state,
});
$state.on(goTo, (_, state) => state);

sample({ clock: editBasket, target: destroySaleFx });
$state.on(destroySaleFx.done, () => 'basket');
$secondsRemaining.on(destroySaleFx.done, () => null);
sample({ clock: destroySaleFx.done, target: loadCheckoutFx });

sample({ clock: reloadCheckout, target: loadCheckoutFx });
$checkout.on(loadCheckoutFx.doneData, (_, checkout) => checkout);
$updatingBasket.on(loadCheckoutFx.pending, (_, pending) => pending);

sample({ clock: refreshUser, target: loadUserFx });
$user.on(loadUserFx.doneData, (_, user) => user);

$notifications.on(notify, (list, n) => [...(n.group ? list.filter((old) => old.group !== n.group) : list), n]);
$secondsRemaining.on(reservationStarted, (_, seconds) => seconds);
