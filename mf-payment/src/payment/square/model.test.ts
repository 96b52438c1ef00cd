import { allSettled } from 'effector';
import { PAYMENT_METHODS } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/payment';
import { apiFailure, failWith, type FakeApiHandlers, sampleCheckout } from '@checkout/shared/testing';
import { modelScope, type ModelSetup } from '../../testing';
import {
  $attemptKey,
  $contactError,
  $error,
  $method,
  $paying,
  methodChosen,
  paymentShown,
  type PaymentContext,
} from '../model';
import {
  $billingErrors,
  $squareReady,
  billingChanged,
  mountSquareCardFx,
  squarePanelShown,
  squarePayClicked,
  tokenizeFx,
  verificationDetails,
  verifyBuyerFx,
} from './model';
import type { SquareVerificationDetails } from './sdk';

// The fake server's total: Pay stops when the total on the button is not the server's.
const context: PaymentContext = {
  basketTotal: sampleCheckout().basket_total,
  currencyCode: 'GBP',
  express: false,
  provider: 'square',
  organisersWithoutPayments: [],
  planKeys: [],
  requirePhone: false,
  email: 'a@b.co',
  availableMethods: PAYMENT_METHODS,
};

function setup(api: Partial<FakeApiHandlers> = {}, tokens: string[] = ['cnon_1', 'cnon_2']) {
  const mounted: unknown[] = [];
  const details: SquareVerificationDetails[] = [];
  let n = 0;
  const s = modelScope(api, {
    handlers: [
      [mountSquareCardFx, (_deps: unknown, credentials: unknown) => void mounted.push(credentials)],
      [
        tokenizeFx,
        async (given: SquareVerificationDetails) => {
          details.push(given);
          return { status: 'OK', token: tokens[n++] ?? 'cnon_x' };
        },
      ],
      [
        verifyBuyerFx,
        async (given: SquareVerificationDetails) => {
          details.push(given);
          return { token: tokens[n++] ?? 'cnon_x', verification: 'verified-1' };
        },
      ],
    ],
  });
  return { ...s, mounted, details };
}

async function ready(s: ModelSetup) {
  await allSettled(paymentShown, { scope: s.scope, params: { deps: s.deps, context } });
  await allSettled(methodChosen, { scope: s.scope, params: 'square' });
  await allSettled(squarePanelShown, { scope: s.scope });
  await allSettled(billingChanged, { scope: s.scope, params: { field: 'postcode', value: ' BS1 4QA ' } });
}
const pay = (s: ModelSetup) => allSettled(squarePayClicked, { scope: s.scope });

test('the panel gets the credentials and attaches the card widget with them', async () => {
  const s = setup({
    getSquareCredentials: async () => ({ app_id: 'sandbox-sq-app', location_id: 'loc', checkout_js: '/js/' }),
  });
  await ready(s);
  expect(s.mounted).toEqual([{ app_id: 'sandbox-sq-app', location_id: 'loc', checkout_js: '/js/' }]);
  expect(s.scope.getState($squareReady)).toBe(true);
});

test('credentials refused: reset with the spec sentence', async () => {
  const s = setup({ getSquareCredentials: failWith(apiFailure('getSquareCredentials')) });
  await ready(s);
  expect(s.scope.getState($error)).toBe(messages.squareCredentialsFailed);
  expect(s.scope.getState($squareReady)).toBe(false);
  expect(s.mounted).toEqual([]);
});

test('no billing postcode: marked, nothing tokenised or sent', async () => {
  const s = setup();
  await ready(s);
  await allSettled(billingChanged, { scope: s.scope, params: { field: 'postcode', value: '' } });
  await pay(s);
  expect(s.scope.getState($billingErrors)).toEqual({ postcode: 'Type your postcode or zip code' });
  expect(s.api.payloadsOf('payWithSquare')).toEqual([]);
});

test('Pay: tokenise, pay-with-square with the billing address, token and key, then the next step', async () => {
  const s = setup();
  await ready(s);
  await allSettled(billingChanged, { scope: s.scope, params: { field: 'town', value: 'Bristol' } });
  await pay(s);
  expect(s.api.payloadsOf('payWithSquare')).toEqual([
    {
      billing_address_data: { postcode: 'BS1 4QA', country: 1, town: 'Bristol' },
      source_id: 'cnon_1',
      idempotency_key: 'test-key-00000001',
    },
  ]);
  expect(s.sent).toEqual([{ kind: 'stepCompleted' }]);
});

test('an address error shows on the postcode; the retry sends the same token and key', async () => {
  let calls = 0;
  const s = setup({
    payWithSquare: async () =>
      ++calls === 1
        ? { payment_completed: false, addressError: messages.addressNotFound }
        : { payment_completed: true },
  });
  await ready(s);
  await pay(s);
  expect(s.scope.getState($billingErrors)).toEqual({ postcode: messages.addressNotFound });
  expect(s.scope.getState($paying)).toBe(false);
  expect(s.sent).toEqual([]);
  await allSettled(billingChanged, { scope: s.scope, params: { field: 'postcode', value: 'BS8 1TH' } });
  await pay(s);
  const sent = s.api.payloadsOf('payWithSquare') as { source_id: string; idempotency_key: string }[];
  expect(sent.map((p) => [p.source_id, p.idempotency_key])).toEqual([
    ['cnon_1', 'test-key-00000001'],
    ['cnon_1', 'test-key-00000001'],
  ]);
  expect(s.sent).toEqual([{ kind: 'stepCompleted' }]);
});

test('not completed: reset with the server error; the next attempt tokenises again with a new key', async () => {
  const s = setup({ payWithSquare: async () => ({ payment_completed: false, error: 'Your card was declined.' }) });
  await ready(s);
  await pay(s);
  expect(s.scope.getState($error)).toBe('Your card was declined.');
  expect(s.scope.getState($method)).toBeNull();
  expect(s.scope.getState($attemptKey)).toBeNull();
  await allSettled(methodChosen, { scope: s.scope, params: 'square' });
  await pay(s);
  const sent = s.api.payloadsOf('payWithSquare') as { source_id: string; idempotency_key: string }[];
  expect(sent.map((p) => [p.source_id, p.idempotency_key])).toEqual([
    ['cnon_1', 'test-key-00000001'],
    ['cnon_2', 'test-key-00000002'],
  ]);
});

test('refused by the server: Unable to pay. Please try again later', async () => {
  const s = setup({ payWithSquare: failWith(apiFailure('payWithSquare')) });
  await ready(s);
  await pay(s);
  expect(s.scope.getState($error)).toBe(messages.payFailed);
});

test('no answer (network): the retry sends the same token and the same key', async () => {
  let calls = 0;
  const s = setup({
    payWithSquare: async () => {
      if (++calls === 1) throw apiFailure('payWithSquare', { kind: 'network', status: undefined });
      return { payment_completed: true };
    },
  });
  await ready(s);
  await pay(s);
  expect(s.scope.getState($error)).toBe(messages.payFailed);
  expect(s.scope.getState($method)).toBe('square');
  await pay(s);
  const sent = s.api.payloadsOf('payWithSquare') as { source_id: string; idempotency_key: string }[];
  expect(sent.map((p) => [p.source_id, p.idempotency_key])).toEqual([
    ['cnon_1', 'test-key-00000001'],
    ['cnon_1', 'test-key-00000001'],
  ]);
  expect(s.sent).toEqual([{ kind: 'stepCompleted' }]);
});

test('buyer verification: a new token (the first was spent on the refused charge) verified, then charged with the verification token as a new attempt', async () => {
  let calls = 0;
  const s = setup({
    payWithSquare: async () =>
      ++calls === 1 ? { payment_completed: false, square_verify_buyer: true } : { payment_completed: true },
  });
  await ready(s);
  await pay(s);
  expect(s.api.payloadsOf('payWithSquare')).toEqual([
    {
      billing_address_data: { postcode: 'BS1 4QA', country: 1 },
      source_id: 'cnon_1',
      idempotency_key: 'test-key-00000001',
    },
    {
      billing_address_data: { postcode: 'BS1 4QA', country: 1 },
      source_id: 'cnon_2',
      idempotency_key: 'test-key-00000002',
      verification_token: 'verified-1',
    },
  ]);
  expect(s.sent).toEqual([{ kind: 'stepCompleted' }]);
});

test('the card is tokenised with what Square needs to verify the buyer: the amount, the currency and the billing contact', async () => {
  const s = setup();
  await ready(s);
  await allSettled(billingChanged, { scope: s.scope, params: { field: 'address_1', value: ' 1 Sea Road ' } });
  await allSettled(billingChanged, { scope: s.scope, params: { field: 'town', value: 'Bristol' } });
  await pay(s);
  expect(s.details).toEqual([
    {
      amount: context.basketTotal.toFixed(2),
      currencyCode: 'GBP',
      intent: 'CHARGE',
      customerInitiated: true,
      sellerKeyedIn: false,
      billingContact: {
        postalCode: 'BS1 4QA',
        addressLines: ['1 Sea Road'],
        city: 'Bristol',
        countryCode: 'GB',
        email: 'a@b.co',
      },
    },
  ]);
});

test('verification details: a country Square is not told of is left out, as is an email not known yet', () => {
  const billing = { address_1: '', town: '', postcode: '75001', country: '9' };
  expect(verificationDetails(billing, { basketTotal: 65.5, currencyCode: 'EUR', email: null })).toEqual({
    amount: '65.50',
    currencyCode: 'EUR',
    intent: 'CHARGE',
    customerInitiated: true,
    sellerKeyedIn: false,
    billingContact: { postalCode: '75001' },
  });
});

test('billing for every country: a ZIP code is refused for the UK, and with the United States chosen it pays', async () => {
  const s = setup();
  await ready(s);
  await allSettled(billingChanged, { scope: s.scope, params: { field: 'postcode', value: '10001' } });
  await pay(s);
  expect(s.scope.getState($billingErrors)).toEqual({ postcode: messages.billingUkPostcodeInvalid });
  await allSettled(billingChanged, { scope: s.scope, params: { field: 'country', value: '2' } });
  await allSettled(billingChanged, { scope: s.scope, params: { field: 'postcode', value: '1000' } });
  await pay(s);
  expect(s.scope.getState($billingErrors)).toEqual({ postcode: messages.billingZipInvalid });
  expect(s.api.payloadsOf('payWithSquare')).toEqual([]);
  await allSettled(billingChanged, { scope: s.scope, params: { field: 'postcode', value: '10001-1234' } });
  await pay(s);
  expect(s.api.payloadsOf('payWithSquare')).toEqual([
    {
      billing_address_data: { postcode: '10001-1234', country: 2 },
      source_id: 'cnon_1',
      idempotency_key: 'test-key-00000001',
    },
  ]);
});

test('Pay checks the contact number with the billing fields, so both errors show at once', async () => {
  const s = setup();
  await allSettled(paymentShown, {
    scope: s.scope,
    params: { deps: s.deps, context: { ...context, requirePhone: true } },
  });
  await allSettled(methodChosen, { scope: s.scope, params: 'square' });
  await allSettled(squarePanelShown, { scope: s.scope });
  await pay(s);
  expect(s.scope.getState($billingErrors)).toEqual({ postcode: messages.postcodeRequired });
  expect(s.scope.getState($contactError)).toBe(messages.invalidPhone);
});
