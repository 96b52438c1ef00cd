import { allSettled, createWatch, fork } from 'effector';
import { sampleCheckout } from '@checkout/shared/testing';
import { $checkout } from '../checkout';
import { $state, goTo } from '../state';
import { fakeServer, handlersOf } from '../test-handlers';
import { $secondsRemaining, $tickMs, reservationStarted } from './countdown';
import { $countdownWarning, $warningsGiven, countdownWarned, warningReached } from './warnings';

describe('warningReached', () => {
  test.each<[string, number | null, number | null, number[], number | null]>([
    ['a tick onto five minutes', 301, 300, [], 300],
    ['a tick onto one minute', 61, 60, [300], 60],
    ['any other tick', 299, 298, [300], null],
    ['five minutes again after a resync lifted the time back', 301, 300, [300], null],
    ['a resync jumping past both thresholds: the nearer one', 420, 45, [], 60],
    ['a resync landing under five minutes', 330, 290, [], 300],
    ['the first known value (a reload with 4 minutes left)', null, 240, [], null],
    ['the end: the expiry has its own message', 61, 0, [300], null],
    ['no reservation any more', 301, null, [], null],
  ])('%s: %p -> %p (given %p) warns %p', (_name, previous, next, given, expected) => {
    expect(warningReached(previous, next, given)).toBe(expected);
  });
});

describe('countdown warnings in the model', () => {
  function setup(state: 'payment' | 'basket', seconds: number) {
    const server = fakeServer({
      checkout: sampleCheckout({ state: 'basket', seconds_remaining: null }),
      secondsRemaining: null,
    });
    const scope = fork({
      values: [
        [$state, state],
        [$checkout, sampleCheckout({ state })],
        [$tickMs, 1],
      ],
      handlers: handlersOf(server),
    });
    const warned: number[] = [];
    createWatch({ unit: countdownWarned, scope, fn: (at) => warned.push(at) });
    return { scope, server, warned, start: () => allSettled(reservationStarted, { scope, params: seconds }) };
  }

  test('a whole reservation running out warns at five minutes and at one minute, once each', async () => {
    const t = setup('payment', 302);
    await t.start();
    expect(t.warned).toEqual([300, 60]);
    // It ran out and went back to the basket; the last warning is kept until the next reservation.
    expect(t.scope.getState($state)).toBe('basket');
    expect(t.scope.getState($countdownWarning)).toBe(60);
  });

  test('a warning already given for this reservation is not given again', async () => {
    // The five-minute warning was given, then a resync from the server lifted the time back over five minutes.
    const server = fakeServer({ secondsRemaining: 302 });
    const scope = fork({
      values: [
        [$state, 'reserve'],
        [$checkout, sampleCheckout()],
        [$tickMs, 1],
        [$secondsRemaining, 302],
        [$warningsGiven, [300]],
      ],
      handlers: handlersOf(server),
    });
    const warned: number[] = [];
    createWatch({ unit: countdownWarned, scope, fn: (at) => warned.push(at) });
    await allSettled(goTo, { scope, params: 'login' });
    expect(server.updateBasketState).toHaveBeenCalledWith(expect.objectContaining({ state: 'basket' }));
    expect(warned).toEqual([60]);
  });

  test('nothing is announced where the countdown does not run (the basket)', async () => {
    const t = setup('basket', 302);
    await t.start();
    expect(t.warned).toEqual([]);
    expect(t.scope.getState($countdownWarning)).toBeNull();
  });

  test('a new reservation starts with no warning given', async () => {
    const scope = fork({
      values: [
        [$state, 'basket'],
        [$warningsGiven, [300, 60]],
        [$countdownWarning, 60],
      ],
    });
    await allSettled(reservationStarted, { scope, params: 900 });
    expect(scope.getState($warningsGiven)).toEqual([]);
    expect(scope.getState($countdownWarning)).toBeNull();
  });
});
