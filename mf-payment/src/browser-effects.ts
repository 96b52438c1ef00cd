import { createEffect } from 'effector';

/** Time is an effect, so model tests replace it with an instant one (fork handlers) instead of faking timers. */
export const waitFx = createEffect((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

/** The browser leaves the checkout (bank portal, 3-D Secure page, instalment redirect). */
export const navigateFx = createEffect((url: string) => {
  window.location.assign(url);
});

/** One key per Pay attempt (protocol: the server charges once per key); reused when the same attempt is retried. */
export const newIdempotencyKeyFx = createEffect(() => crypto.randomUUID());
