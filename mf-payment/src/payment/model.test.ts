import { allSettled, scopeBind } from 'effector';
import { PAYMENT_METHODS } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/payment';
import { apiFailure, failWith, sampleCheckout } from '@checkout/shared/testing';
import { modelScope, type ModelSetup } from '../testing';
import {
  $attemptKey,
  $bankUnavailable,
  $choice,
  $contactError,
  $error,
  $method,
  $paying,
  contactChanged,
  contextChanged,
  methodChosen,
  payClicked,
  paymentReset,
  paymentShown,
  type PaymentContext,
} from './model';

const context = (over: Partial<PaymentContext> = {}): PaymentContext => ({
  // The fake server's total: Pay reads the checkout and stops when the total on the button is not the server's.
  basketTotal: sampleCheckout().basket_total,
  currencyCode: 'GBP',
  express: false,
  provider: 'square',
  organisersWithoutPayments: [],
  planKeys: [],
  requirePhone: false,
  email: 'buyer@example.com',
  availableMethods: PAYMENT_METHODS,
  ...over,
});
const show = (s: ModelSetup, over: Partial<PaymentContext> = {}) =>
  allSettled(paymentShown, { scope: s.scope, params: { deps: s.deps, context: context(over) } });

test('arrival reads the payment error and prepares the bank payment', async () => {
  const s = modelScope({ getPaymentError: async () => 'Your card was declined.' });
  await show(s);
  expect(s.api.log.map((c) => c.name).sort()).toEqual(['createTruelayerPayment', 'getPaymentError']);
  expect(s.scope.getState($error)).toBe('Your card was declined.');
  expect(s.scope.getState($choice)).toEqual({
    kind: 'methods',
    methods: ['bank_transfer', 'square'],
    autoSelected: null,
    cardProvider: 'square',
  });
});

test('a failed bank payment creation removes the option (and auto-selects what is left)', async () => {
  const s = modelScope({ createTruelayerPayment: failWith(apiFailure('createTruelayerPayment')) });
  await show(s);
  expect(s.scope.getState($bankUnavailable)).toBe(true);
  expect(s.scope.getState($method)).toBe('square');
  expect(s.sent).toEqual([]);
});

test('stripe-type organisers: no bank payment is created, card is auto-selected', async () => {
  const s = modelScope();
  await show(s, { provider: 'stripe' });
  expect(s.api.payloadsOf('createTruelayerPayment')).toEqual([]);
  expect(s.scope.getState($method)).toBe('card');
});

test('a method whose provider is off is not offered: the bank is neither listed nor prepared, the card is chosen', async () => {
  const s = modelScope();
  await show(s, { availableMethods: ['card', 'instalment', 'square'] });
  expect(s.api.payloadsOf('createTruelayerPayment')).toEqual([]);
  expect(s.scope.getState($choice)).toEqual({
    kind: 'methods',
    methods: ['square'],
    autoSelected: 'square',
    cardProvider: 'square',
  });
  expect(s.scope.getState($method)).toBe('square');
});

test('no way of paying available: the choice says so, nothing is chosen or prepared', async () => {
  const s = modelScope();
  await show(s, { availableMethods: [] });
  expect(s.scope.getState($choice)).toEqual({ kind: 'no_methods' });
  expect(s.scope.getState($method)).toBeNull();
  expect(s.api.log.map((c) => c.name)).toEqual(['getPaymentError']);
});

test('zero total: free tickets claimed at once with the buyer email and a key, then the next step', async () => {
  const s = modelScope();
  await show(s, { basketTotal: 0, provider: null });
  expect(s.api.payloadsOf('claimFreeTickets')).toEqual([
    { email: 'buyer@example.com', idempotency_key: 'test-key-00000001' },
  ]);
  expect(s.sent).toEqual([{ kind: 'stepCompleted' }]);
});

test('a failed free claim: the spec message', async () => {
  const s = modelScope({ claimFreeTickets: failWith(apiFailure('claimFreeTickets')) });
  await show(s, { basketTotal: 0 });
  expect(s.sent).toEqual([
    { kind: 'notify', notification: { type: 'error', text: messages.claimFreeTicketsFailed, group: 'payment' } },
  ]);
  expect(s.scope.getState($error)).toBe(messages.claimFreeTicketsFailed);
});

test('bank Pay: paying flag, cleared error, pay_with_truelayer with the contact number and key, then the auth url', async () => {
  const s = modelScope({
    getPaymentError: async () => 'old error',
    payWithTruelayer: async () => ({ auth_url: '/sandbox/truelayer/authorize?payment_id=p1' }),
  });
  await show(s, { requirePhone: true });
  await allSettled(contactChanged, { scope: s.scope, params: ' 07700 900123 ' });
  await allSettled(methodChosen, { scope: s.scope, params: 'bank_transfer' });
  await allSettled(payClicked, { scope: s.scope, params: 'bank_transfer' });
  expect(s.api.payloadsOf('payWithTruelayer')).toEqual([
    { contact_number: '07700 900123', idempotency_key: 'test-key-00000001' },
  ]);
  expect(s.navigated).toEqual(['/sandbox/truelayer/authorize?payment_id=p1']);
  expect(s.scope.getState($paying)).toBe(true);
  expect(s.scope.getState($error)).toBeNull();
});

test('an invalid contact number stops Pay with the spec message', async () => {
  const s = modelScope();
  await show(s, { requirePhone: true });
  await allSettled(contactChanged, { scope: s.scope, params: '12345' });
  await allSettled(payClicked, { scope: s.scope, params: 'bank_transfer' });
  expect(s.scope.getState($contactError)).toBe(messages.invalidPhone);
  expect(s.api.payloadsOf('payWithTruelayer')).toEqual([]);
  await allSettled(contactChanged, { scope: s.scope, params: '123456789' });
  expect(s.scope.getState($contactError)).toBeNull();
});

test('a failed bank redirect resets: flags and method cleared, the TrueLayer sentence shown, a new key next time', async () => {
  const s = modelScope({ payWithTruelayer: failWith(apiFailure('payWithTruelayer')) });
  await show(s);
  await allSettled(methodChosen, { scope: s.scope, params: 'bank_transfer' });
  await allSettled(payClicked, { scope: s.scope, params: 'bank_transfer' });
  expect(s.scope.getState($paying)).toBe(false);
  expect(s.scope.getState($method)).toBeNull();
  expect(s.scope.getState($error)).toBe('There was an error with taking you to TrueLayer. Please try again.');
  expect(s.scope.getState($attemptKey)).toBeNull();
  await allSettled(payClicked, { scope: s.scope, params: 'bank_transfer' });
  expect(s.api.payloadsOf('payWithTruelayer').map((p) => (p as { idempotency_key: string }).idempotency_key)).toEqual([
    'test-key-00000001',
    'test-key-00000002',
  ]);
});

test('a second Pay while paying sends nothing more (one attempt, one key)', async () => {
  let release = () => {};
  const s = modelScope({
    payWithTruelayer: () => new Promise((resolve) => (release = () => resolve({ auth_url: '/x' }))),
  });
  await show(s);
  const first = allSettled(payClicked, { scope: s.scope, params: 'bank_transfer' });
  await new Promise((r) => setTimeout(r, 0));
  // allSettled would wait for the pending request: click again from outside, like a double click does.
  scopeBind(payClicked, { scope: s.scope })('bank_transfer');
  release();
  await first;
  expect(s.api.payloadsOf('payWithTruelayer')).toHaveLength(1);
});

test('reset sets the error, clears paying and reads the checkout again (the total may have changed in another tab)', async () => {
  const s = modelScope();
  await show(s, { provider: 'stripe' });
  await allSettled(paymentReset, { scope: s.scope, params: messages.paymentRefundedBasketChanged });
  expect(s.scope.getState($error)).toBe(messages.paymentRefundedBasketChanged);
  expect(s.scope.getState($paying)).toBe(false);
  expect(s.sent).toEqual([{ kind: 'reloadCheckout' }]);
});

test('Pay after another tab changed the basket: nothing is paid, the product sentence, the checkout read again; the next Pay is at the new total', async () => {
  const s = modelScope({ payWithTruelayer: async () => ({ auth_url: '/sandbox/truelayer/authorize?payment_id=p1' }) });
  await show(s);
  await allSettled(methodChosen, { scope: s.scope, params: 'bank_transfer' });
  // The other tab set 3 tickets and reserved again: the server's total is no longer the one on the Pay button.
  s.api.checkout = { ...s.api.checkout, basket_total: 312 };
  await allSettled(payClicked, { scope: s.scope, params: 'bank_transfer' });
  expect(s.api.payloadsOf('payWithTruelayer')).toEqual([]);
  expect(s.scope.getState($error)).toBe(messages.paymentCancelledBasketChanged);
  expect(s.scope.getState($paying)).toBe(false);
  expect(s.sent).toEqual([{ kind: 'reloadCheckout' }]);
  // The shell's reload brings the new total to the step; Pay now goes ahead, with a fresh key.
  await allSettled(contextChanged, { scope: s.scope, params: context({ basketTotal: 312 }) });
  await allSettled(methodChosen, { scope: s.scope, params: 'bank_transfer' });
  await allSettled(payClicked, { scope: s.scope, params: 'bank_transfer' });
  expect(s.api.payloadsOf('payWithTruelayer')).toEqual([{ contact_number: '', idempotency_key: 'test-key-00000001' }]);
  expect(s.scope.getState($error)).toBeNull();
});

test('a failed read of the checkout does not stop Pay (the server prices the payment for the basket as it is)', async () => {
  const s = modelScope({
    getCheckout: failWith(apiFailure('getCheckout', { kind: 'network', status: undefined })),
    payWithTruelayer: async () => ({ auth_url: '/x' }),
  });
  await show(s);
  await allSettled(payClicked, { scope: s.scope, params: 'bank_transfer' });
  expect(s.api.payloadsOf('payWithTruelayer')).toHaveLength(1);
  expect(s.scope.getState($error)).toBeNull();
});

test('zero total for a guest whose email is not loaded yet: the checkout is reloaded and the claim waits for the email', async () => {
  const s = modelScope();
  await show(s, { basketTotal: 0, email: null });
  expect(s.api.payloadsOf('claimFreeTickets')).toEqual([]);
  expect(s.sent).toEqual([{ kind: 'reloadCheckout' }]);
  await allSettled(contextChanged, { scope: s.scope, params: context({ basketTotal: 0, email: 'guest@example.com' }) });
  await allSettled(contextChanged, { scope: s.scope, params: context({ basketTotal: 0, email: 'guest@example.com' }) });
  expect(s.api.payloadsOf('claimFreeTickets')).toEqual([
    { email: 'guest@example.com', idempotency_key: 'test-key-00000001' },
  ]);
});

test('a Pay request lost on the network is retried with the same key; a definite refusal then gets a fresh one', async () => {
  let calls = 0;
  const s = modelScope({
    payWithTruelayer: async () => {
      calls += 1;
      if (calls === 1) throw apiFailure('payWithTruelayer', { kind: 'network', status: undefined });
      throw apiFailure('payWithTruelayer');
    },
  });
  await show(s);
  await allSettled(methodChosen, { scope: s.scope, params: 'bank_transfer' });
  await allSettled(payClicked, { scope: s.scope, params: 'bank_transfer' });
  // No answer: the method stays, Pay is possible again, and the attempt keeps its key.
  expect(s.scope.getState($paying)).toBe(false);
  expect(s.scope.getState($method)).toBe('bank_transfer');
  expect(s.scope.getState($attemptKey)).toBe('test-key-00000001');
  await allSettled(payClicked, { scope: s.scope, params: 'bank_transfer' });
  await allSettled(methodChosen, { scope: s.scope, params: 'bank_transfer' });
  await allSettled(payClicked, { scope: s.scope, params: 'bank_transfer' });
  expect(s.api.payloadsOf('payWithTruelayer').map((p) => (p as { idempotency_key: string }).idempotency_key)).toEqual([
    'test-key-00000001',
    'test-key-00000001',
    'test-key-00000002',
  ]);
});

test('the tab that lost a two-tab payment moves on once its reloaded checkout says the sale is paid', async () => {
  const s = modelScope();
  await show(s, { provider: 'stripe' });
  await allSettled(paymentReset, { scope: s.scope, params: 'This checkout has already been paid.' });
  await allSettled(contextChanged, { scope: s.scope, params: context({ provider: 'stripe', paid: true }) });
  expect(s.sent).toEqual([{ kind: 'reloadCheckout' }, { kind: 'stepCompleted' }]);
});

test('a paid context while this tab is paying changes nothing (its own answer moves it on)', async () => {
  let release = () => {};
  const s = modelScope({
    payWithTruelayer: () => new Promise((resolve) => (release = () => resolve({ auth_url: '/x' }))),
  });
  await show(s);
  const paying = allSettled(payClicked, { scope: s.scope, params: 'bank_transfer' });
  await new Promise((r) => setTimeout(r, 0));
  // allSettled would wait for the pending payment: the reload's context arrives from outside meanwhile.
  scopeBind(contextChanged, { scope: s.scope })(context({ paid: true }));
  expect(s.sent).toEqual([]);
  release();
  await paying;
});
