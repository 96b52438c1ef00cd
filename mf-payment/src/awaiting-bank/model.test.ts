import { allSettled } from 'effector';
import { type TruelayerStatus } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/awaiting-bank';
import { apiFailure, failWith } from '@checkout/shared/testing';
import { modelScope } from '../testing';
import {
  $polls,
  $view,
  bankResultShown,
  continueClicked,
  editBasketConfirmed,
  tryDifferentMethodClicked,
} from './model';

const status = (over: Partial<TruelayerStatus> = {}): { truelayer_status: TruelayerStatus } => ({
  truelayer_status: {
    status: 'pending',
    payment_completed: false,
    reference: null,
    total: null,
    checkout_expires_in: 600,
    truelayer_status_error: null,
    ...over,
  },
});

/** A bank that answers 'pending' `pendingFor` times, then `final`. */
function bank(pendingFor: number, final: ReturnType<typeof status> | null) {
  let calls = 0;
  return async () => {
    calls += 1;
    return calls <= pendingFor || final === null ? status() : final;
  };
}

test('returned from the bank with 0: cancelled, no polling', async () => {
  const s = modelScope();
  await allSettled(bankResultShown, { scope: s.scope, params: { deps: s.deps, returnedFrom: 0 } });
  expect(s.scope.getState($view)).toEqual({ kind: 'cancelled' });
  expect(s.api.log).toEqual([]);
  await allSettled(tryDifferentMethodClicked, { scope: s.scope });
  expect(s.sent).toEqual([{ kind: 'goTo', state: 'payment' }]);
});

test('cancelled or failed at the bank: Edit basket goes to the shell; while waiting it does nothing', async () => {
  const cancelled = modelScope();
  await allSettled(bankResultShown, { scope: cancelled.scope, params: { deps: cancelled.deps, returnedFrom: 0 } });
  await allSettled(editBasketConfirmed, { scope: cancelled.scope });
  expect(cancelled.sent).toEqual([{ kind: 'editBasket' }]);

  const failed = modelScope({
    getTruelayerStatus: bank(0, status({ status: 'failed', truelayer_status_error: 'No' })),
  });
  await allSettled(bankResultShown, { scope: failed.scope, params: { deps: failed.deps, returnedFrom: 1 } });
  await allSettled(editBasketConfirmed, { scope: failed.scope });
  expect(failed.sent.at(-1)).toEqual({ kind: 'editBasket' });

  const waiting = modelScope({ getTruelayerStatus: bank(0, status()) });
  await allSettled(bankResultShown, { scope: waiting.scope, params: { deps: waiting.deps, returnedFrom: 1 } });
  await allSettled(editBasketConfirmed, { scope: waiting.scope });
  expect(waiting.sent).not.toContainEqual({ kind: 'editBasket' });
});

test('polls after 2000 ms, then every 1500 ms, until executed: success with amount and reference; Continue completes', async () => {
  const s = modelScope({
    getTruelayerStatus: bank(
      4,
      status({ status: 'executed', payment_completed: true, reference: 'TL-42', total: 25.5 }),
    ),
  });
  await allSettled(bankResultShown, { scope: s.scope, params: { deps: s.deps, returnedFrom: 1 } });
  expect(s.waits).toEqual([2000, 1500, 1500, 1500, 1500]);
  expect(s.api.payloadsOf('getTruelayerStatus')).toHaveLength(5);
  expect(s.scope.getState($view)).toEqual({ kind: 'success', total: 25.5, reference: 'TL-42' });
  // Every answer set the countdown from checkout_expires_in.
  expect(s.sent.filter((c) => c.kind === 'reservationStarted')).toHaveLength(5);
  await allSettled(continueClicked, { scope: s.scope });
  expect(s.sent.at(-1)).toEqual({ kind: 'stepCompleted' });
});

test.each([
  [2, 'none', false],
  [3, 'waiting', false],
  [6, 'awaiting', false],
  [9, 'longer', true],
])('after %i pending polls the wait text is %s', async (polls, text, offer) => {
  const s = modelScope({
    getTruelayerStatus: bank(polls, status({ status: 'failed', truelayer_status_error: 'stop' })),
  });
  const seen: unknown[] = [];
  s.api.handlers.getTruelayerStatus = async () => {
    seen.push(s.scope.getState($view));
    return seen.length <= polls ? status() : status({ status: 'failed', truelayer_status_error: 'stop' });
  };
  await allSettled(bankResultShown, { scope: s.scope, params: { deps: s.deps, returnedFrom: 1 } });
  expect(seen.at(-1)).toEqual({ kind: 'waiting', text, offerOtherMethod: offer });
});

test('gives up after more than 60 pending polls', async () => {
  const s = modelScope({ getTruelayerStatus: bank(1000, null) });
  await allSettled(bankResultShown, { scope: s.scope, params: { deps: s.deps, returnedFrom: 1 } });
  expect(s.api.payloadsOf('getTruelayerStatus')).toHaveLength(61);
  expect(s.scope.getState($polls)).toBe(61);
  expect(s.scope.getState($view)).toEqual({ kind: 'waiting', text: 'give_up', offerOtherMethod: true });
});

test('a failed payment with time left: the failure panel with the error; Try a different payment method goes to payment', async () => {
  const s = modelScope({
    getTruelayerStatus: bank(1, status({ status: 'failed', truelayer_status_error: 'The bank declined the payment' })),
  });
  await allSettled(bankResultShown, { scope: s.scope, params: { deps: s.deps, returnedFrom: 1 } });
  expect(s.scope.getState($view)).toEqual({ kind: 'failed', error: 'The bank declined the payment' });
  await allSettled(tryDifferentMethodClicked, { scope: s.scope });
  expect(s.sent.at(-1)).toEqual({ kind: 'goTo', state: 'payment' });
});

test('a failed payment with no time left: the expiry sentence and back to the basket', async () => {
  const s = modelScope({
    getTruelayerStatus: bank(0, status({ status: 'failed', checkout_expires_in: 0, truelayer_status_error: 'failed' })),
  });
  await allSettled(bankResultShown, { scope: s.scope, params: { deps: s.deps, returnedFrom: 1 } });
  expect(s.sent).toEqual([
    { kind: 'notify', notification: { type: 'error', text: messages.paymentFailedExpired, group: 'bank-status' } },
    { kind: 'goTo', state: 'basket' },
  ]);
});

test('a failed status request toasts and keeps polling', async () => {
  let calls = 0;
  const s = modelScope({
    getTruelayerStatus: async () => {
      calls += 1;
      if (calls === 1) return failWith(apiFailure('getTruelayerStatus'))();
      return status({ status: 'executed', payment_completed: true, reference: 'R', total: 1 });
    },
  });
  await allSettled(bankResultShown, { scope: s.scope, params: { deps: s.deps, returnedFrom: 1 } });
  expect(s.sent[0]).toEqual({
    kind: 'notify',
    notification: { type: 'error', text: messages.truelayerStatusFailed, group: 'bank-status' },
  });
  expect(s.scope.getState($view)).toMatchObject({ kind: 'success' });
});
