import { allSettled } from 'effector';
import { PAYMENT_METHODS } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/payment';
import { apiFailure, failWith, sampleCheckout } from '@checkout/shared/testing';
import { modelScope, type ModelSetup } from '../../testing';
import { $cardErrors, cardFieldChanged, cardPayClicked, payByCardFx } from '../card/model';
import { $contactError, $paying, contactChanged, paymentShown, type PaymentContext } from '../model';
import {
  $accountErrors,
  accountFieldChanged,
  expressPrefilled,
  newsletterChanged,
  organiserPreferenceChanged,
} from './model';

// The fake server's total: Pay stops when the total on the button is not the server's.
const context: PaymentContext = {
  basketTotal: sampleCheckout().basket_total,
  currencyCode: 'GBP',
  express: true,
  provider: 'stripe',
  organisersWithoutPayments: [],
  planKeys: [],
  requirePhone: true,
  email: null,
  availableMethods: PAYMENT_METHODS,
};

async function arrive(s: ModelSetup) {
  await allSettled(paymentShown, { scope: s.scope, params: { deps: s.deps, context } });
  await allSettled(expressPrefilled, {
    scope: s.scope,
    params: { fullname: '', email: '', ct_subscribed: false, organisers: { '8': false } },
  });
  for (const [field, value] of [
    ['number', '4242 4242 4242 4242'],
    ['expiry', '12/34'],
    ['cvc', '123'],
    ['postcode', 'BS1 4QA'],
  ] as const) {
    await allSettled(cardFieldChanged, { scope: s.scope, params: { field, value } });
  }
}

async function fillAccount(s: ModelSetup) {
  await allSettled(accountFieldChanged, { scope: s.scope, params: { field: 'fullname', value: 'Pat Payer' } });
  await allSettled(accountFieldChanged, { scope: s.scope, params: { field: 'email', value: ' pat@example.com ' } });
  await allSettled(contactChanged, { scope: s.scope, params: '07700 900123' });
}

const cardKeys = (keys: string[]): [unknown, unknown] => [
  payByCardFx,
  (_source: unknown, { key }: { key: string }) => (keys.push(key), { kind: 'succeeded' }),
];

test('Pay with an empty account form: the spec messages, nothing sent; each error clears when its field changes', async () => {
  const s = modelScope();
  await arrive(s);
  await allSettled(cardPayClicked, { scope: s.scope });
  expect(s.scope.getState($accountErrors)).toEqual({
    fullname: messages.expressFullNameRequired,
    email: messages.expressInvalidEmail,
  });
  expect(s.scope.getState($contactError)).toBe(messages.invalidPhone);
  expect(s.api.log).toEqual(expect.not.arrayContaining([expect.objectContaining({ name: 'setAccountDetails' })]));
  await allSettled(accountFieldChanged, { scope: s.scope, params: { field: 'email', value: 'pat@' } });
  expect(s.scope.getState($accountErrors)).toEqual({ fullname: messages.expressFullNameRequired });
  await allSettled(accountFieldChanged, { scope: s.scope, params: { field: 'fullname', value: 'Pat' } });
  expect(s.scope.getState($accountErrors)).toEqual({});
});

test('a one-part name and a bad email are refused before anything is sent', async () => {
  const s = modelScope();
  await arrive(s);
  await allSettled(accountFieldChanged, { scope: s.scope, params: { field: 'fullname', value: 'Pat' } });
  await allSettled(accountFieldChanged, { scope: s.scope, params: { field: 'email', value: 'pat@example' } });
  await allSettled(contactChanged, { scope: s.scope, params: '07700 900123' });
  await allSettled(cardPayClicked, { scope: s.scope });
  expect(s.scope.getState($accountErrors)).toEqual({
    fullname: messages.expressFullNameRequired,
    email: messages.expressInvalidEmail,
  });
  expect(s.api.payloadsOf('setAccountDetails')).toEqual([]);
});

test('a valid form: set_account_details with the preferences and billing postcode, then the card with the same attempt key', async () => {
  const keys: string[] = [];
  const s = modelScope({}, { handlers: [cardKeys(keys)] });
  await arrive(s);
  await fillAccount(s);
  await allSettled(organiserPreferenceChanged, { scope: s.scope, params: { id: 8, checked: true } });
  await allSettled(newsletterChanged, { scope: s.scope, params: true });
  await allSettled(cardPayClicked, { scope: s.scope });
  expect(s.api.payloadsOf('setAccountDetails')).toEqual([
    {
      fullname: 'Pat Payer',
      email: 'pat@example.com',
      address: { postcode: 'BS1 4QA', country: 1 },
      contact_number: '07700 900123',
      organiser_subscribed_marketing: { '8': true },
      ct_subscribed: true,
    },
  ]);
  expect(keys).toEqual(['test-key-00000001']);
  expect(s.sent).toEqual([{ kind: 'stepCompleted' }]);
});

test.each([
  ['email', { email: 'Email is not valid' }],
  ['fullname', { fullname: 'x' }],
  ['contact_number', { contact_number: 'x' }],
])('a server error for %s shows on its field with the spec sentence; no card charge', async (field, errors) => {
  const keys: string[] = [];
  const s = modelScope(
    {
      setAccountDetails: failWith(
        apiFailure('setAccountDetails', { status: 400, serverMessage: 'x', body: { error: 'x', errors } }),
      ),
    },
    { handlers: [cardKeys(keys)] },
  );
  await arrive(s);
  await fillAccount(s);
  await allSettled(cardPayClicked, { scope: s.scope });
  const expected = {
    email: messages.expressInvalidEmail,
    fullname: messages.expressFullNameRequired,
    contact_number: messages.invalidPhone,
  }[field];
  if (field === 'contact_number') expect(s.scope.getState($contactError)).toBe(expected);
  else expect(s.scope.getState($accountErrors)).toEqual({ [field]: expected });
  expect(s.scope.getState($paying)).toBe(false);
  expect(keys).toEqual([]);
});

test('a refused billing postcode shows on the postcode field', async () => {
  const s = modelScope({
    setAccountDetails: failWith(
      apiFailure('setAccountDetails', { status: 400, body: { error: 'x', errors: { address: 'x' } } }),
    ),
  });
  await arrive(s);
  await fillAccount(s);
  await allSettled(cardPayClicked, { scope: s.scope });
  expect(s.scope.getState($cardErrors)).toEqual({ postcode: messages.addressNotFound });
});

test('Pay with an incomplete card and an empty account form: every error at once (card, account and contact number)', async () => {
  const s = modelScope();
  await allSettled(paymentShown, { scope: s.scope, params: { deps: s.deps, context } });
  await allSettled(cardPayClicked, { scope: s.scope });
  expect(Object.keys(s.scope.getState($cardErrors)).sort()).toEqual(['cvc', 'expiry', 'number', 'postcode']);
  expect(s.scope.getState($cardErrors).postcode).toBe(messages.postcodeRequired);
  expect(s.scope.getState($accountErrors)).toEqual({
    fullname: messages.expressFullNameRequired,
    email: messages.expressInvalidEmail,
  });
  expect(s.scope.getState($contactError)).toBe(messages.invalidPhone);
  expect(s.api.payloadsOf('setAccountDetails')).toEqual([]);
});

test('the billing country goes with the postcode: a US ZIP code with the United States chosen', async () => {
  const keys: string[] = [];
  const s = modelScope({}, { handlers: [cardKeys(keys)] });
  await arrive(s);
  await fillAccount(s);
  await allSettled(cardFieldChanged, { scope: s.scope, params: { field: 'country', value: '2' } });
  await allSettled(cardFieldChanged, { scope: s.scope, params: { field: 'postcode', value: '10001' } });
  await allSettled(cardPayClicked, { scope: s.scope });
  expect(s.api.payloadsOf('setAccountDetails')).toEqual([
    expect.objectContaining({ address: { postcode: '10001', country: 2 } }),
  ]);
});
