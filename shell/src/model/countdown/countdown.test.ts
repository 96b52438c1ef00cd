import { allSettled, fork } from 'effector';
import { type CheckoutState } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/common';
import { sampleCheckout } from '@checkout/shared/testing';
import { $checkout, $expired, $reservingError, reloadCheckout } from '../checkout';
import { $state, goTo } from '../state';
import { fakeServer, handlersOf } from '../test-handlers';
import { $countdownRunning, $secondsRemaining, $tickMs, reservationStarted } from './countdown';

/** A scope on `state` with a fast clock and a fake server. */
function setup(state: CheckoutState, checkout = sampleCheckout({ state })) {
  const server = fakeServer({
    checkout: sampleCheckout({ state: 'basket', seconds_remaining: null }),
    secondsRemaining: null,
  });
  const scope = fork({
    values: [
      [$state, state],
      [$checkout, checkout],
      [$tickMs, 1],
    ],
    handlers: handlersOf(server),
  });
  return { scope, server };
}

describe('countdown', () => {
  test('returns to the basket with the expiry message when time runs out on the payment step', async () => {
    const { scope, server } = setup('payment');
    await allSettled(reservationStarted, { scope, params: 2 });
    expect(scope.getState($state)).toBe('basket');
    expect(scope.getState($expired)).toBe(true);
    expect(scope.getState($reservingError)).toBe(messages.checkoutExpired);
    expect(server.updateBasketState).toHaveBeenCalledWith(expect.objectContaining({ state: 'basket' }));
    expect(server.getCheckout).toHaveBeenCalledTimes(1);
    // The reload keeps the message on the checkout itself: it is carried over to the basket.
    expect(scope.getState($checkout)?.reserving_error).toBe(messages.checkoutExpired);
  });

  test('ticks once a second of $tickMs and never goes below zero', async () => {
    const { scope } = setup('order_completed');
    await allSettled(reservationStarted, { scope, params: 3 });
    expect(scope.getState($secondsRemaining)).toBe(0);
    expect(scope.getState($countdownRunning)).toBe(false);
  });

  test.each(['order_completed', 'after_sale_messages', 'awaiting_truelayer'] as const)(
    'at zero on %s it stops and stays on the step',
    async (state) => {
      const { scope, server } = setup(state);
      await allSettled(reservationStarted, { scope, params: 2 });
      expect(scope.getState($secondsRemaining)).toBe(0);
      expect(scope.getState($state)).toBe(state);
      expect(scope.getState($expired)).toBe(false);
      expect(server.updateBasketState).not.toHaveBeenCalled();
    },
  );

  test.each(['basket', 'reserve', 'captcha'] as const)('does not run on %s', async (state) => {
    const { scope } = setup(state);
    await allSettled(reservationStarted, { scope, params: 5 });
    expect(scope.getState($countdownRunning)).toBe(false);
    expect(scope.getState($secondsRemaining)).toBe(5);
  });

  test("starts when the step after reserving is reached, with the server's seconds", async () => {
    const server = fakeServer({ secondsRemaining: 2 });
    const scope = fork({
      values: [
        [$state, 'reserve'],
        [$checkout, sampleCheckout()],
        [$tickMs, 1],
      ],
      handlers: handlersOf(server),
    });
    await allSettled(reservationStarted, { scope, params: 900 });
    expect(scope.getState($countdownRunning)).toBe(false);
    await allSettled(goTo, { scope, params: 'login' });
    // 2 seconds from update_basket_state, then ticks to zero: back to the basket.
    expect(scope.getState($state)).toBe('basket');
    expect(scope.getState($expired)).toBe(true);
  });

  test('does not start without seconds remaining', async () => {
    const { scope } = setup('payment');
    await allSettled(goTo, { scope, params: 'login' });
    expect(scope.getState($secondsRemaining)).toBeNull();
    expect(scope.getState($countdownRunning)).toBe(false);
  });

  test('stops once the payment is complete', async () => {
    const checkout = sampleCheckout({ state: 'payment' });
    const server = fakeServer({ checkout: { ...checkout, payment_complete: true, seconds_remaining: 100 } });
    // A slow clock: the reload (which reports the payment complete) lands before any tick.
    const scope = fork({
      values: [
        [$state, 'payment'],
        [$checkout, checkout],
        [$tickMs, 60_000],
      ],
      handlers: handlersOf(server),
    });
    const running = allSettled(reservationStarted, { scope, params: 100 });
    expect(scope.getState($countdownRunning)).toBe(true);
    await allSettled(reloadCheckout, { scope });
    expect(scope.getState($countdownRunning)).toBe(false);
    await running;
    expect(scope.getState($secondsRemaining)).toBe(100);
    expect(scope.getState($state)).toBe('payment');
  });

  test('a checkout load that says no time is left expires the checkout', async () => {
    const server = fakeServer({ checkout: sampleCheckout({ state: 'login', seconds_remaining: 0 }) });
    const expired = fork({
      values: [
        [$state, 'login'],
        [$checkout, sampleCheckout()],
        [$tickMs, 60_000],
        [$secondsRemaining, 300],
      ],
      handlers: handlersOf(server),
    });
    await allSettled(reloadCheckout, { scope: expired });
    expect(expired.getState($state)).toBe('basket');
    expect(expired.getState($expired)).toBe(true);
  });

  test('a new reservation clears the expired flag', async () => {
    const expired = fork({
      values: [
        [$state, 'basket'],
        [$expired, true],
        [$tickMs, 1],
      ],
    });
    await allSettled(reservationStarted, { scope: expired, params: 900 });
    expect(expired.getState($expired)).toBe(false);
    expect(expired.getState($reservingError)).toBeNull();
  });
});
