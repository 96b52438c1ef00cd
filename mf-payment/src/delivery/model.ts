import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { DELIVERY_ADVANCE_MS, DELIVERY_START_MS } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/delivery';
import {
  $deps,
  apiOf,
  depsReceived,
  notifyError,
  shellCommandsSent,
  stepCompleted,
  type ShellCommand,
  type StepDeps,
} from '@checkout/shared/parcel';
import { waitFx } from '../browser-effects';
import { sendPurchase, type PurchaseTracking } from './purchase';

/** Where delivery stands (the progress messages in this order). */
export type DeliveryProgress = 'payment_complete' | 'to_wallet' | 'to_email' | 'delivered';

export const deliveryStarted = createEvent<{ deps: StepDeps; hasUser: boolean; tracking: PurchaseTracking | null }>();
/** The step left the page: nothing more is sent to the shell. */
export const deliveryStopped = createEvent();

const startDelayFx = attach({ effect: waitFx });
const advanceDelayFx = attach({ effect: waitFx });

export const deliverToBitticketFx = attach({ source: $deps, effect: (deps) => apiOf(deps).deliverToBitticket({}) });
export const deliverToWalletFx = attach({ source: $deps, effect: (deps) => apiOf(deps).deliverToWallet({}) });
export const reportPurchaseFx = createEffect((tracking: PurchaseTracking) => sendPurchase(tracking));

export const $progress = createStore<DeliveryProgress>('payment_complete');
/** The sentence of a failed delivery, shown in the step as well as the toast. */
export const $error = createStore<string | null>(null);
const $running = createStore(false);
const $hasUser = createStore(true);
const $tracking = createStore<PurchaseTracking | null>(null, { serialize: 'ignore' });

sample({ clock: deliveryStarted, fn: ({ deps }) => deps, target: depsReceived });
$progress.reset(deliveryStarted);
$error.reset(deliveryStarted);
$running.on(deliveryStarted, () => true).on(deliveryStopped, () => false);
$hasUser.on(deliveryStarted, (_, { hasUser }) => hasUser);
$tracking.on(deliveryStarted, (_, { tracking }) => tracking);

// Delivery starts 1000 ms after the step loads.
sample({ clock: deliveryStarted, fn: () => DELIVERY_START_MS, target: startDelayFx });
sample({ clock: startDelayFx.done, filter: $running, target: deliverToBitticketFx });
$progress.on(deliverToBitticketFx, () => 'to_wallet');

sample({ clock: deliverToBitticketFx.doneData, filter: (r) => r.delivery_completed, target: deliverToWalletFx });
$progress.on(deliverToWalletFx, () => 'to_email');
$progress.on(deliverToWalletFx.doneData.filter({ fn: (r) => r.delivery_completed }), () => 'delivered');

const walletDelivered = sample({ clock: deliverToWalletFx.doneData, filter: (r) => r.delivery_completed });
sample({
  clock: walletDelivered,
  source: $tracking,
  filter: (t): t is PurchaseTracking => t !== null,
  target: reportPurchaseFx,
});
// The next steps read the checkout as it is now the tickets exist (order completed offers a transfer only when the
// server says one can succeed) and the user (questions, order completed): both reloaded before the wait, the user
// only when the buyer came as a guest.
sample({
  clock: walletDelivered,
  source: $hasUser,
  fn: (hasUser): ShellCommand[] =>
    hasUser ? [{ kind: 'reloadCheckout' }] : [{ kind: 'reloadCheckout' }, { kind: 'refreshUser' }],
  target: shellCommandsSent,
});
sample({ clock: walletDelivered, fn: () => DELIVERY_ADVANCE_MS, target: advanceDelayFx });
sample({ clock: advanceDelayFx.done, filter: $running, fn: () => [stepCompleted], target: shellCommandsSent });

// Failures: each call has its message; a 'not completed' answer is the support message with its error code.
const notCompleted = sample({
  clock: [deliverToBitticketFx.doneData, deliverToWalletFx.doneData],
  filter: (r) => !r.delivery_completed,
});
sample({
  clock: notCompleted,
  fn: () => [notifyError(messages.deliveryNotCompleted, 'delivery')],
  target: shellCommandsSent,
});
sample({
  clock: deliverToBitticketFx.fail,
  fn: () => [notifyError(messages.deliverToBitticketFailed, 'delivery')],
  target: shellCommandsSent,
});
sample({
  clock: deliverToWalletFx.fail,
  fn: () => [notifyError(messages.deliverToWalletFailed, 'delivery')],
  target: shellCommandsSent,
});
$error
  .on(notCompleted, () => messages.deliveryNotCompleted)
  .on(deliverToBitticketFx.fail, () => messages.deliverToBitticketFailed)
  .on(deliverToWalletFx.fail, () => messages.deliverToWalletFailed);
