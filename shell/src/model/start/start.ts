import { allSettled, createEffect, createEvent, createStore, createWatch, sample, type Scope } from 'effector';
import type { Checkout, CheckoutState, User } from '@checkout/shared';
import { getCheckoutFx } from '../api/effects';
import { reloadCheckout } from '../checkout';
import { $state } from '../state';
import { loadUserFx } from '../user';

/** The page has started: load the checkout and the user together. */
export const appStarted = createEvent();
/** The browser tab became visible again: the checkout is reloaded (timers may have been throttled meanwhile). */
export const tabShown = createEvent();

/** Both calls in parallel; a failing user load leaves a guest rather than blocking the checkout. */
export const firstLoadFx = createEffect<void, { checkout: Checkout; user: User | null }, unknown>(async () => {
  const [checkout, user] = await Promise.all([getCheckoutFx(), loadUserFx().catch(() => null)]);
  return { checkout, user };
});

/** The first load has answered ('Determining checkout progress' until then). */
export const $started = createStore(false).on(firstLoadFx.done, () => true);

sample({ clock: appStarted, source: $started, filter: (started) => !started, target: firstLoadFx });

sample({
  clock: firstLoadFx.doneData,
  fn: ({ checkout }): CheckoutState => (checkout.state === 'determining' ? 'basket' : checkout.state),
  target: $state,
});

sample({ clock: tabShown, source: $started, filter: Boolean, target: reloadCheckout });

/**
 * Starts the page's model in `scope` and resolves once the first load has answered (the state is known then), not once
 * everything it set off has settled as allSettled would: a running countdown never settles.
 */
export function startedIn(scope: Scope): Promise<void> {
  return new Promise((resolve) => {
    const watch = createWatch({
      unit: firstLoadFx.finally,
      scope,
      fn: () => {
        watch.unsubscribe();
        resolve();
      },
    });
    void allSettled(appStarted, { scope });
  });
}
