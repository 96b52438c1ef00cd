import { attach, createEvent, createStore, sample } from 'effector';
import { bankWait, type BankWaitText, type TruelayerStatus } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/awaiting-bank';
import {
  $deps,
  apiOf,
  depsReceived,
  goTo,
  notifyError,
  shellCommandsSent,
  stepCompleted,
  type ShellCommand,
  type StepDeps,
} from '@checkout/shared/parcel';
import { waitFx } from '../browser-effects';

/** What the step shows while the bank transfer's result is awaited. */
export type BankView =
  | { kind: 'cancelled' }
  | { kind: 'waiting'; text: BankWaitText; offerOtherMethod: boolean }
  | { kind: 'success'; total: number | null; reference: string | null }
  | { kind: 'failed'; error: string | null };

export const bankResultShown = createEvent<{ deps: StepDeps; returnedFrom: number | null }>();
export const bankResultLeft = createEvent();
export const continueClicked = createEvent();
export const tryDifferentMethodClicked = createEvent();
/** 'Yes, I'm sure' on the panels' Edit basket: the bank said no, so nothing is moving and the basket can change. */
export const editBasketConfirmed = createEvent();

const pollDelayFx = attach({ effect: waitFx });
export const getStatusFx = attach({ source: $deps, effect: (deps) => apiOf(deps).getTruelayerStatus({}) });

/** Status requests that found the payment still pending. */
export const $polls = createStore(0);
export const $view = createStore<BankView>({ kind: 'waiting', text: 'none', offerOtherMethod: false });
const $running = createStore(false);

sample({ clock: bankResultShown, fn: ({ deps }) => deps, target: depsReceived });
$polls.reset(bankResultShown);
$running.on(bankResultShown, (_, { returnedFrom }) => returnedFrom !== 0).on(bankResultLeft, () => false);
$view.on(bankResultShown, (_, { returnedFrom }) =>
  returnedFrom === 0 ? { kind: 'cancelled' } : { kind: 'waiting', text: 'none', offerOtherMethod: false },
);

// The first poll 2000 ms after arriving, then every 1500 ms (bankWait says which).
sample({
  clock: bankResultShown,
  filter: ({ returnedFrom }) => returnedFrom !== 0,
  fn: () => bankWait(0).nextPollInMs ?? 0,
  target: pollDelayFx,
});
sample({ clock: pollDelayFx.done, filter: $running, target: getStatusFx });

const answered = getStatusFx.doneData.map(({ truelayer_status }) => truelayer_status);
const isDone = (s: TruelayerStatus) => s.payment_completed || s.status === 'executed';
const isFailed = (s: TruelayerStatus) => !isDone(s) && (s.status === 'failed' || !!s.truelayer_status_error);

// The server's remaining checkout time is the countdown's (spec: updated from checkout_expires_in).
sample({
  clock: answered,
  filter: (s) => s.checkout_expires_in !== null && s.checkout_expires_in > 0,
  fn: (s): ShellCommand[] => [{ kind: 'reservationStarted', seconds: s.checkout_expires_in ?? 0 }],
  target: shellCommandsSent,
});

$view.on(answered.filter({ fn: isDone }), (_, s) => ({ kind: 'success', total: s.total, reference: s.reference }));
$running.on(answered.filter({ fn: (s) => isDone(s) || isFailed(s) }), () => false);

// A failure with no time left: back to the basket with the expiry sentence; otherwise the failure panel.
const failed = answered.filter({ fn: isFailed });
const expiredFailure = failed.filter({ fn: (s) => s.checkout_expires_in !== null && s.checkout_expires_in <= 0 });
sample({
  clock: expiredFailure,
  fn: (): ShellCommand[] => [notifyError(messages.paymentFailedExpired, 'bank-status'), goTo('basket')],
  target: shellCommandsSent,
});
$view.on(failed, (_, s) => ({ kind: 'failed', error: s.truelayer_status_error }));

// Still pending (or the request failed): count it, maybe change the wait text, poll again or give up.
const pending = sample({
  clock: [answered.filter({ fn: (s) => !isDone(s) && !isFailed(s) }), getStatusFx.fail],
  source: $polls,
  fn: (polls) => polls + 1,
});
$polls.on(pending, (_, polls) => polls);
$view.on(pending, (view, polls) => {
  if (view.kind !== 'waiting') return view;
  const wait = bankWait(polls);
  return { kind: 'waiting', text: wait.text, offerOtherMethod: wait.offerOtherMethod };
});
sample({
  clock: pending,
  source: $running,
  filter: (running, polls) => running && bankWait(polls).nextPollInMs !== null,
  fn: (_, polls) => bankWait(polls).nextPollInMs ?? 0,
  target: pollDelayFx,
});
sample({
  clock: getStatusFx.fail,
  fn: () => [notifyError(messages.truelayerStatusFailed, 'bank-status')],
  target: shellCommandsSent,
});

sample({ clock: continueClicked, fn: () => [stepCompleted], target: shellCommandsSent });
$running.on(tryDifferentMethodClicked, () => false);
sample({ clock: tryDifferentMethodClicked, fn: () => [goTo('payment')], target: shellCommandsSent });
$running.on(editBasketConfirmed, () => false);
sample({
  clock: editBasketConfirmed,
  source: $view,
  filter: (view) => view.kind === 'cancelled' || view.kind === 'failed',
  fn: (): ShellCommand[] => [{ kind: 'editBasket' }],
  target: shellCommandsSent,
});
