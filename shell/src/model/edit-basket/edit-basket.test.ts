import { allSettled, fork } from 'effector';
import * as messages from '@checkout/shared/messages/shell';
import { sampleCheckout } from '@checkout/shared/testing';
import { destroySaleFx } from '../api/effects';
import { $checkout } from '../checkout';
import { $countdownRunning, $secondsRemaining } from '../countdown';
import { $notifications } from '../notifications';
import { $state } from '../state';
import { fakeServer, handlersOf } from '../test-handlers';
import { editBasket } from './edit-basket';

describe('editBasket', () => {
  test('destroys the sale, then goes to the basket and reloads it', async () => {
    const server = fakeServer({ secondsRemaining: null });
    const scope = fork({
      values: [
        [$state, 'payment'],
        [$checkout, sampleCheckout({ state: 'payment' })],
        [$secondsRemaining, 500],
      ],
      handlers: handlersOf(server),
    });
    await allSettled(editBasket, { scope });
    expect(server.destroySale).toHaveBeenCalledTimes(1);
    expect(server.updateBasketState).toHaveBeenCalledWith(expect.objectContaining({ state: 'basket' }));
    expect(server.getCheckout).toHaveBeenCalledTimes(1);
    expect(scope.getState($state)).toBe('basket');
    expect(scope.getState($countdownRunning)).toBe(false);
  });

  test('a failure stays on the step and shows the spec message', async () => {
    const server = fakeServer();
    const scope = fork({
      values: [
        [$state, 'login'],
        [$checkout, sampleCheckout({ state: 'login' })],
      ],
      handlers: [
        ...handlersOf(server),
        [
          destroySaleFx,
          () => Promise.reject({ kind: 'http', call: 'destroySale', message: messages.editBasketFailed }),
        ],
      ],
    });
    await allSettled(editBasket, { scope });
    expect(scope.getState($state)).toBe('login');
    expect(server.updateBasketState).not.toHaveBeenCalled();
    expect(scope.getState($notifications).map((n) => n.text)).toEqual([messages.editBasketFailed]);
  });
});
