import { allSettled, fork } from 'effector';
import * as commonMessages from '@checkout/shared/messages/common';
import * as shellMessages from '@checkout/shared/messages/shell';
import { sampleCheckout } from '@checkout/shared/testing';
import { getCheckoutFx } from '../api/effects';
import { $notifications } from '../notifications';
import { fakeServer, handlersOf } from '../test-handlers';
import { $checkout, $expired, $reservingError, $updatingBasket, reloadCheckout } from './checkout';

describe('checkout', () => {
  test('reloadCheckout replaces the checkout with the server one', async () => {
    const server = fakeServer({ checkout: sampleCheckout({ basket_total: 99 }) });
    const scope = fork({ values: [[$checkout, sampleCheckout()]], handlers: handlersOf(server) });
    await allSettled(reloadCheckout, { scope });
    expect(scope.getState($checkout)?.basket_total).toBe(99);
  });

  test('$updatingBasket is true while the reload runs', async () => {
    let answer: (value: ReturnType<typeof sampleCheckout>) => void = () => undefined;
    const scope = fork({ handlers: [[getCheckoutFx, () => new Promise((resolve) => (answer = resolve))]] });
    const reload = allSettled(reloadCheckout, { scope });
    expect(scope.getState($updatingBasket)).toBe(true);
    answer(sampleCheckout());
    await reload;
    expect(scope.getState($updatingBasket)).toBe(false);
  });

  test('after an expiry a reload carries the expiry message over as reserving_error', async () => {
    const server = fakeServer({ checkout: sampleCheckout({ reserving_error: null }) });
    const scope = fork({ values: [[$expired, true]], handlers: handlersOf(server) });
    await allSettled(reloadCheckout, { scope });
    expect(scope.getState($checkout)?.reserving_error).toBe(commonMessages.checkoutExpired);
    expect(scope.getState($reservingError)).toBe(commonMessages.checkoutExpired);
  });

  test("the server's reserving_error shows when not expired", async () => {
    const server = fakeServer({ checkout: sampleCheckout({ reserving_error: 'Sold out' }) });
    const scope = fork({ handlers: handlersOf(server) });
    await allSettled(reloadCheckout, { scope });
    expect(scope.getState($reservingError)).toBe('Sold out');
  });

  test('a failed load keeps the checkout and shows the spec message', async () => {
    const before = sampleCheckout();
    const scope = fork({
      values: [[$checkout, before]],
      handlers: [
        [
          getCheckoutFx,
          () => Promise.reject({ kind: 'network', call: 'getCheckout', message: shellMessages.getCheckoutFailed }),
        ],
      ],
    });
    await allSettled(reloadCheckout, { scope });
    expect(scope.getState($checkout)).toBe(before);
    expect(scope.getState($notifications).map((n) => [n.type, n.text])).toEqual([
      ['error', shellMessages.getCheckoutFailed],
    ]);
  });
});
