import { allSettled, fork } from 'effector';
import * as messages from '@checkout/shared/messages/shell';
import { sampleCheckout, sampleUser } from '@checkout/shared/testing';
import { getCheckoutFx, getUserFx } from '../api/effects';
import { $checkout } from '../checkout';
import { $secondsRemaining } from '../countdown';
import { $notifications } from '../notifications';
import { $state } from '../state';
import { fakeServer, handlersOf } from '../test-handlers';
import { $user } from '../user';
import { $started, appStarted, startedIn, tabShown } from './start';

describe('first load', () => {
  test("loads checkout and user in parallel and shows the checkout's state", async () => {
    const order: string[] = [];
    let answerCheckout: (c: ReturnType<typeof sampleCheckout>) => void = () => undefined;
    const scope = fork({
      handlers: [
        [getCheckoutFx, () => (order.push('checkout'), new Promise((resolve) => (answerCheckout = resolve)))],
        [getUserFx, async () => (order.push('user'), sampleUser())],
      ],
    });
    const started = allSettled(appStarted, { scope });
    // Both requests are out before either answers.
    expect(order).toEqual(['checkout', 'user']);
    expect(scope.getState($state)).toBe('determining');
    answerCheckout(sampleCheckout({ state: 'reserve', seconds_remaining: 840 }));
    await started;
    expect(scope.getState($state)).toBe('reserve');
    expect(scope.getState($user)?.email).toBe(sampleUser().email);
    expect(scope.getState($checkout)?.state).toBe('reserve');
    expect(scope.getState($secondsRemaining)).toBe(840);
    expect(scope.getState($started)).toBe(true);
  });

  test('the first state is not sent back to the server', async () => {
    const server = fakeServer({ checkout: sampleCheckout({ state: 'basket' }) });
    const scope = fork({ handlers: handlersOf(server) });
    await allSettled(appStarted, { scope });
    expect(scope.getState($state)).toBe('basket');
    expect(server.updateBasketState).not.toHaveBeenCalled();
  });

  test('a failing checkout load stays on determining and shows the spec message', async () => {
    const scope = fork({
      handlers: [
        [
          getCheckoutFx,
          () => Promise.reject({ kind: 'network', call: 'getCheckout', message: messages.getCheckoutFailed }),
        ],
        [getUserFx, async () => null],
      ],
    });
    await allSettled(appStarted, { scope });
    expect(scope.getState($state)).toBe('determining');
    expect(scope.getState($notifications).map((n) => n.text)).toEqual([messages.getCheckoutFailed]);
  });

  test('a failing user load leaves a guest and the checkout still loads', async () => {
    const server = fakeServer();
    const scope = fork({ handlers: [...handlersOf(server), [getUserFx, () => Promise.reject(undefined)]] });
    await allSettled(appStarted, { scope });
    expect(scope.getState($state)).toBe('basket');
    expect(scope.getState($user)).toBeNull();
  });
});

describe('tab shown again', () => {
  test('reloads the checkout once started', async () => {
    const server = fakeServer();
    const scope = fork({
      values: [
        [$started, true],
        [$state, 'basket'],
      ],
      handlers: handlersOf(server),
    });
    await allSettled(tabShown, { scope });
    expect(server.getCheckout).toHaveBeenCalledTimes(1);
  });

  test('does nothing before the first load', async () => {
    const server = fakeServer();
    const scope = fork({ handlers: handlersOf(server) });
    await allSettled(tabShown, { scope });
    expect(server.getCheckout).not.toHaveBeenCalled();
  });
});

test('startedIn resolves once the first load has answered, with the state known', async () => {
  const server = fakeServer({ checkout: sampleCheckout({ state: 'basket' }) });
  const scope = fork({ handlers: handlersOf(server) });
  await startedIn(scope);
  expect(scope.getState($state)).toBe('basket');
  expect(scope.getState($started)).toBe(true);
});
