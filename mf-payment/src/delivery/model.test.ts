import { allSettled, scopeBind } from 'effector';
import { type Checkout } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/delivery';
import { apiFailure, failWith, sampleCheckout } from '@checkout/shared/testing';
import { modelScope, type ModelSetup } from '../testing';
import { waitFx } from '../browser-effects';
import { $error, $progress, deliveryStarted, deliveryStopped, reportPurchaseFx } from './model';
import { purchaseTracking, type PurchaseTracking } from './purchase';

function setup(api: Parameters<typeof modelScope>[0] = {}) {
  const reported: PurchaseTracking[] = [];
  const s = modelScope(api, { handlers: [[reportPurchaseFx, (t: PurchaseTracking) => void reported.push(t)]] });
  return { ...s, reported };
}

const start = (
  s: ModelSetup,
  hasUser = true,
  checkout: Checkout = sampleCheckout({ state: 'deliver_tickets', sale_reference: 'ABC123' }),
) =>
  allSettled(deliveryStarted, {
    scope: s.scope,
    params: { deps: s.deps, hasUser, tracking: purchaseTracking(checkout) },
  });

test('waits 1 s, delivers to the wallet, then emails it, reports the purchase, waits 3 s and completes', async () => {
  const s = setup();
  await start(s);
  expect(s.api.log.map((c) => c.name)).toEqual(['deliverToBitticket', 'deliverToWallet']);
  expect(s.waits).toEqual([1000, 3000]);
  expect(s.scope.getState($progress)).toBe('delivered');
  expect(s.reported).toHaveLength(1);
  expect(s.reported[0]?.report.ecommerce.transaction_id).toBe('ABC123');
  expect(s.sent).toEqual([{ kind: 'reloadCheckout' }, { kind: 'stepCompleted' }]);
});

test('a guest: the user is loaded before the wait', async () => {
  const s = setup();
  await start(s, false);
  expect(s.sent).toEqual([{ kind: 'reloadCheckout' }, { kind: 'refreshUser' }, { kind: 'stepCompleted' }]);
});

test('progress moves through every message in order', async () => {
  const seen: string[] = [];
  const s = setup({
    deliverToBitticket: async () => {
      seen.push(s.scope.getState($progress));
      return { delivery_completed: true };
    },
    deliverToWallet: async () => {
      seen.push(s.scope.getState($progress));
      return { delivery_completed: true };
    },
  });
  seen.push(s.scope.getState($progress));
  await start(s);
  seen.push(s.scope.getState($progress));
  expect(seen).toEqual(['payment_complete', 'to_wallet', 'to_email', 'delivered']);
});

test.each([
  [
    'BitTicket request fails',
    { deliverToBitticket: failWith(apiFailure('deliverToBitticket')) },
    messages.deliverToBitticketFailed,
    1,
  ],
  [
    'BitTicket not completed',
    { deliverToBitticket: async () => ({ delivery_completed: false }) },
    messages.deliveryNotCompleted,
    1,
  ],
  [
    'wallet request fails',
    { deliverToWallet: failWith(apiFailure('deliverToWallet')) },
    messages.deliverToWalletFailed,
    2,
  ],
  [
    'wallet not completed',
    { deliverToWallet: async () => ({ delivery_completed: false }) },
    messages.deliveryNotCompleted,
    2,
  ],
] as const)('%s: its message, no advance, no purchase report', async (_, api, message, calls) => {
  const s = setup(api);
  await start(s);
  expect(s.api.log).toHaveLength(calls);
  expect(s.sent).toEqual([{ kind: 'notify', notification: { type: 'error', text: message, group: 'delivery' } }]);
  expect(s.scope.getState($error)).toBe(message);
  expect(s.reported).toEqual([]);
});

test('a step that left before the first second delivers nothing', async () => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const s = modelScope({}, { handlers: [[waitFx, () => gate]] });
  const started = allSettled(deliveryStarted, {
    scope: s.scope,
    params: { deps: s.deps, hasUser: true, tracking: null },
  });
  // allSettled would wait for the gate itself: stop from outside, the way an unmount does.
  scopeBind(deliveryStopped, { scope: s.scope })();
  release();
  await started;
  expect(s.api.log).toEqual([]);
  expect(s.sent).toEqual([]);
});
