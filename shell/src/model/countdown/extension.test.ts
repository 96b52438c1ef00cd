import { allSettled, fork } from 'effector';
import type { ApiFailure } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/shell';
import { sampleCheckout } from '@checkout/shared/testing';
import { updateBasketStateFx } from '../api/effects';
import { $checkout } from '../checkout';
import { $notifications } from '../notifications';
import { $state } from '../state';
import { fakeServer, handlersOf } from '../test-handlers';
import { $secondsRemaining, $tickMs, reservationStarted } from './countdown';
import { $extensionOffer, EXTENSION_ACTION, extensionRequested } from './extension';
import { $countdownWarning, countdownWarned } from './warnings';

const REFERENCE = 'CT-ABCDEFGHJKLMNPQR';

/**
 * A reservation on the payment step with 4:50 left and the five-minute warning given; the clock ticks once a minute,
 * so nothing moves under the test by itself.
 */
function setup(options: { minutes?: number | null; warning?: number | null } = {}) {
  const server = fakeServer();
  const checkout = sampleCheckout({
    state: 'payment',
    sale_reference: REFERENCE,
    seconds_remaining: 290,
    hold_extension_minutes: options.minutes === undefined ? 5 : options.minutes,
  });
  const scope = fork({
    values: [
      [$state, 'payment'],
      [$checkout, checkout],
      [$tickMs, 60_000],
      [$secondsRemaining, 290],
      [$countdownWarning, options.warning === undefined ? 300 : options.warning],
    ],
    handlers: handlersOf(server),
  });
  return { scope, server };
}

const refusal = (serverMessage: string): ApiFailure => ({
  kind: 'http',
  call: 'extendReservation',
  status: 409,
  message: messages.extendReservationFailed,
  serverMessage,
});

describe("'Need more time?'", () => {
  test('the five-minute warning carries the offer, with the minutes the server offers', async () => {
    const { scope } = setup({ warning: null });
    expect(scope.getState($extensionOffer)).toBeNull();
    await allSettled(countdownWarned, { scope, params: 300 });
    expect(scope.getState($extensionOffer)).toBe(5);
    expect(scope.getState($notifications)).toEqual([
      expect.objectContaining({ group: 'countdown', action: EXTENSION_ACTION, text: messages.checkoutTimeLeft(5) }),
    ]);
  });

  test('the step after reserving learns of the offer from update_basket_state (its checkout predates the hold)', async () => {
    const server = fakeServer({ secondsRemaining: 900, extensionMinutes: 5 });
    const scope = fork({
      values: [
        [$state, 'reserve'],
        [$checkout, sampleCheckout({ state: 'reserve', hold_extension_minutes: null })],
      ],
      handlers: handlersOf(server),
    });
    await allSettled(updateBasketStateFx, { scope, params: { state: 'reserve', from: 'reserve' } });
    expect(scope.getState($checkout)?.hold_extension_minutes).toBe(5);
    expect(scope.getState($secondsRemaining)).toBe(900);
    // Not before a warning: the offer comes with the five-minute (or one-minute) notice.
    expect(scope.getState($extensionOffer)).toBeNull();
  });

  test('pressed: the reservation is extended once, the countdown takes the new time, the offer goes', async () => {
    const { scope, server } = setup();
    await allSettled(countdownWarned, { scope, params: 300 });
    await allSettled(extensionRequested, { scope });
    expect(server.extendReservation).toHaveBeenCalledTimes(1);
    expect(server.extendReservation).toHaveBeenCalledWith({ sale_reference: REFERENCE });
    expect(scope.getState($secondsRemaining)).toBe(540);
    expect(scope.getState($checkout)?.hold_extension_minutes).toBeNull();
    expect(scope.getState($extensionOffer)).toBeNull();
    // The announcement replaces the warning that offered it, and offers nothing.
    const notices = scope.getState($notifications);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ type: 'success', group: 'countdown', text: messages.reservationExtended(5, 9) });
    expect(notices[0]?.action).toBeUndefined();

    // Pressed again (a double click, a stale button): nothing is sent.
    await allSettled(extensionRequested, { scope });
    expect(server.extendReservation).toHaveBeenCalledTimes(1);
    // The one-minute warning later on offers nothing either.
    await allSettled(countdownWarned, { scope, params: 60 });
    expect(scope.getState($extensionOffer)).toBeNull();
  });

  test("refused: the server's message is shown, the time is unchanged and the offer is not made again", async () => {
    const { scope, server } = setup();
    server.extendReservation.mockRejectedValueOnce(refusal(messages.extensionAlreadyUsed));
    await allSettled(extensionRequested, { scope });
    expect(scope.getState($secondsRemaining)).toBe(290);
    expect(scope.getState($notifications)).toEqual([
      expect.objectContaining({ type: 'error', group: 'countdown', text: messages.extensionAlreadyUsed }),
    ]);
    expect(scope.getState($extensionOffer)).toBeNull();
    await allSettled(extensionRequested, { scope });
    expect(server.extendReservation).toHaveBeenCalledTimes(1);
  });

  test("a request that never reached the server: the call's message, and the offer stands", async () => {
    const { scope, server } = setup();
    server.extendReservation.mockRejectedValueOnce({
      kind: 'network',
      call: 'extendReservation',
      message: messages.extendReservationFailed,
    } satisfies ApiFailure);
    await allSettled(extensionRequested, { scope });
    expect(scope.getState($notifications)).toEqual([
      expect.objectContaining({ type: 'error', text: messages.extendReservationFailed }),
    ]);
    expect(scope.getState($extensionOffer)).toBe(5);
  });

  test.each([
    ['the server offers none', { minutes: null }],
    ['no warning was given yet', { warning: null }],
  ])('nothing is offered or sent when %s', async (_name, options) => {
    const { scope, server } = setup(options);
    expect(scope.getState($extensionOffer)).toBeNull();
    await allSettled(extensionRequested, { scope });
    expect(server.extendReservation).not.toHaveBeenCalled();
  });

  test('not offered where the countdown does not run (the basket)', async () => {
    const { scope } = setup();
    await allSettled($state, { scope, params: 'basket' });
    expect(scope.getState($extensionOffer)).toBeNull();
  });

  test('a new reservation after a refusal can be offered again', async () => {
    const { scope, server } = setup();
    server.extendReservation.mockRejectedValueOnce(refusal(messages.extensionNotOffered));
    await allSettled(extensionRequested, { scope });
    expect(scope.getState($extensionOffer)).toBeNull();
    await allSettled(reservationStarted, { scope, params: 900 });
    await allSettled(countdownWarned, { scope, params: 300 });
    expect(scope.getState($extensionOffer)).toBe(5);
  });
});
