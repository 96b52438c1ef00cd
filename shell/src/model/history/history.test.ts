import { allSettled, fork } from 'effector';
import type { CheckoutState } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/shell';
import { sampleCheckout } from '@checkout/shared/testing';
import { $checkout } from '../checkout';
import { $notifications, notify } from '../notifications';
import { $state, goTo, stepCompleted } from '../state';
import { fakeServer, handlersOf } from '../test-handlers';
import { $entryStep, historyPopped, historyStarted, writeEntriesFx, type EntryWrite } from './history';

function setUp(state: CheckoutState, options: { paid?: boolean; entry?: CheckoutState | null } = {}) {
  const server = fakeServer();
  const writes: EntryWrite[] = [];
  const scope = fork({
    values: [
      [$state, state],
      [$checkout, sampleCheckout({ payment_complete: options.paid ?? false })],
      [$entryStep, options.entry === undefined ? state : options.entry],
    ],
    handlers: [...handlersOf(server), [writeEntriesFx, (list: EntryWrite[]) => void writes.push(...list)]],
  });
  return { scope, server, writes };
}

const texts = (scope: ReturnType<typeof setUp>['scope']) => scope.getState($notifications).map((n) => n.text);

describe('history', () => {
  test('the first step shown takes the page entry; each step reached after it adds one', async () => {
    const { scope, writes } = setUp('determining', { entry: null });
    await allSettled(goTo, { scope, params: 'login' });
    await allSettled(stepCompleted, { scope });
    expect(writes).toEqual([
      { mode: 'replace', entry: { checkoutStep: 'login' } },
      { mode: 'push', entry: { checkoutStep: 'marketing_preferences' } },
    ]);
  });

  test('a page the bank sent back opens with a guard entry before its step', async () => {
    const { scope, writes } = setUp('determining', { entry: null });
    await allSettled(historyStarted, { scope, params: { fromBank: true } });
    await allSettled(goTo, { scope, params: 'awaiting_truelayer' });
    expect(writes).toEqual([
      { mode: 'replace', entry: { checkoutStep: 'awaiting_truelayer', bankReturn: true } },
      { mode: 'push', entry: { checkoutStep: 'awaiting_truelayer' } },
    ]);
  });

  test('Back to a step the sale allows goes there, sends the move and adds no entry', async () => {
    const { scope, server, writes } = setUp('marketing_preferences');
    await allSettled(historyPopped, { scope, params: { checkoutStep: 'login' } });
    expect(scope.getState($state)).toBe('login');
    expect(server.updateBasketState).toHaveBeenCalledWith({ state: 'login', from: 'marketing_preferences' });
    expect(writes).toEqual([]);
  });

  test('Back from a paid step to the payment stays, rewrites the entry and says why', async () => {
    const { scope, writes } = setUp('order_completed', { paid: true });
    await allSettled(historyPopped, { scope, params: { checkoutStep: 'payment' } });
    expect(scope.getState($state)).toBe('order_completed');
    expect(writes).toEqual([{ mode: 'replace', entry: { checkoutStep: 'order_completed' } }]);
    expect(texts(scope)).toEqual([messages.historyPaid]);
  });

  test('Back from a reserved step to the basket keeps the reservation and points at Edit basket', async () => {
    const { scope, server } = setUp('login');
    await allSettled(historyPopped, { scope, params: { checkoutStep: 'basket' } });
    expect(scope.getState($state)).toBe('login');
    expect(server.updateBasketState).not.toHaveBeenCalled();
    expect(texts(scope)).toEqual([messages.historyStillReserved]);
  });

  test('why a step stayed goes once another step is on screen; Back again says it again', async () => {
    const { scope } = setUp('login');
    await allSettled(notify, { scope, params: { type: 'default', text: 'Not about history' } });
    await allSettled(historyPopped, { scope, params: { checkoutStep: 'basket' } });
    expect(texts(scope)).toEqual(['Not about history', messages.historyStillReserved]);
    await allSettled(stepCompleted, { scope });
    expect(scope.getState($state)).toBe('marketing_preferences');
    // A paid order is never told its tickets are still reserved, nor to use an Edit basket it no longer has.
    expect(texts(scope)).toEqual(['Not about history']);
    await allSettled(historyPopped, { scope, params: { checkoutStep: 'basket' } });
    expect(texts(scope)).toEqual(['Not about history', messages.historyStillReserved]);
  });

  test('Back on the captcha is the basket, nothing reserved: no sentence, the move sent', async () => {
    const { scope, server } = setUp('captcha', { entry: 'captcha' });
    await allSettled(historyPopped, { scope, params: { checkoutStep: 'basket' } });
    expect(scope.getState($state)).toBe('basket');
    expect(server.updateBasketState).toHaveBeenCalledWith({ state: 'basket', from: 'captcha' });
    expect(texts(scope)).toEqual([]);
  });

  test('Back onto the bank guard stays and pushes the step again, so the bank page is never reached', async () => {
    const { scope, writes } = setUp('deliver_tickets', { paid: true });
    await allSettled(historyPopped, { scope, params: { checkoutStep: 'awaiting_truelayer', bankReturn: true } });
    expect(scope.getState($state)).toBe('deliver_tickets');
    expect(writes).toEqual([{ mode: 'push', entry: { checkoutStep: 'deliver_tickets' } }]);
    expect(texts(scope)).toEqual([messages.historyBankClosed]);
  });

  test('an entry that is not the checkout’s is left alone', async () => {
    const { scope, writes } = setUp('payment');
    await allSettled(historyPopped, { scope, params: null });
    await allSettled(historyPopped, { scope, params: { checkoutStep: 'nowhere' } });
    expect(scope.getState($state)).toBe('payment');
    expect(writes).toEqual([]);
  });
});
