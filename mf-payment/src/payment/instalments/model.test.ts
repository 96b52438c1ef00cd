import { allSettled } from 'effector';
import { PAYMENT_METHODS, type SavedPaymentMethod } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/payment';
import { apiFailure, failWith } from '@checkout/shared/testing';
import { modelScope } from '../../testing';
import { $contactError, $error, $paying, contactChanged, paymentShown } from '../model';
import {
  $cardChoice,
  $mobileError,
  $months,
  $newCard,
  instalmentPayClicked,
  instalmentsShown,
  mobileChanged,
  newCardFieldChanged,
} from './model';

const saved: SavedPaymentMethod[] = [
  { payment_method_id: 'pm_a', card_type: 'visa', last4digits: '4242', expiry: '12/30', is_default: false },
  { payment_method_id: 'pm_b', card_type: 'mastercard', last4digits: '4444', expiry: '08/29', is_default: true },
];

async function ready(
  api: Parameters<typeof modelScope>[0],
  savedCards: SavedPaymentMethod[] = saved,
  requirePhone = false,
) {
  const s = modelScope(api);
  await allSettled(paymentShown, {
    scope: s.scope,
    params: {
      deps: s.deps,
      context: {
        basketTotal: 300,
        currencyCode: 'GBP',
        express: false,
        provider: 'stripe',
        organisersWithoutPayments: [],
        planKeys: ['1', '3', '2'],
        requirePhone,
        email: null,
        availableMethods: PAYMENT_METHODS,
      },
    },
  });
  await allSettled(instalmentsShown, {
    scope: s.scope,
    params: { planKeys: ['1', '3', '2'], savedCards, cardholder: 'Pat Payer' },
  });
  return s;
}

test('starts on the fewest months (never key 1) and the default saved card', async () => {
  const s = await ready({});
  expect(s.scope.getState($months)).toBe('2');
  expect(s.scope.getState($cardChoice)).toBe('pm_b');
});

test('the mobile number is required', async () => {
  const s = await ready({});
  await allSettled(instalmentPayClicked, { scope: s.scope });
  expect(s.scope.getState($mobileError)).toBe('Please enter a mobile number');
  expect(s.api.payloadsOf('payWithInstalment')).toEqual([]);
});

test.each(['12ab', 'x', '123'])(
  'a mobile number of the wrong shape (%j) gets the phone field’s sentence, and nothing is sent',
  async (mobile) => {
    const s = await ready({});
    await allSettled(mobileChanged, { scope: s.scope, params: mobile });
    await allSettled(instalmentPayClicked, { scope: s.scope });
    expect(s.scope.getState($mobileError)).toBe(messages.invalidPhone);
    expect(s.api.payloadsOf('payWithInstalment')).toEqual([]);
  },
);

test('with a contact number on the page, that is the plan’s one phone number, checked by the same rule', async () => {
  const s = await ready({ payWithInstalment: async () => ({ status: 'success' as const }) }, saved, true);
  await allSettled(contactChanged, { scope: s.scope, params: '12ab' });
  await allSettled(instalmentPayClicked, { scope: s.scope });
  expect(s.scope.getState($contactError)).toBe(messages.invalidPhone);
  expect(s.scope.getState($mobileError)).toBeNull();
  expect(s.api.payloadsOf('payWithInstalment')).toEqual([]);
  await allSettled(contactChanged, { scope: s.scope, params: ' 07700 900123 ' });
  await allSettled(instalmentPayClicked, { scope: s.scope });
  expect(s.scope.getState($contactError)).toBeNull();
  expect(s.api.payloadsOf('payWithInstalment')).toEqual([expect.objectContaining({ contact_number: '07700 900123' })]);
});

test('the server refusing the phone number: its sentence on the field, the card typed stays, and Pay works again', async () => {
  let calls = 0;
  const s = await ready(
    {
      payWithInstalment: async () => {
        calls += 1;
        if (calls === 1)
          throw apiFailure('payWithInstalment', {
            status: 400,
            body: { error: messages.invalidPhone, errors: { contact_number: messages.invalidPhone } },
          });
        return { status: 'success' as const };
      },
    },
    [],
  );
  const fetchMock = jest.fn(async () => ({
    status: 200,
    json: async () => ({ id: 'pm_new', brand: 'visa', last4: '4242', month: 12, year: 2034, funding: 'credit' }),
  }));
  Object.defineProperty(globalThis, 'fetch', { value: fetchMock, configurable: true });
  await allSettled(mobileChanged, { scope: s.scope, params: '07700 900123' });
  for (const [field, value] of [
    ['number', '4242424242424242'],
    ['expiry', '12/34'],
    ['cvc', '123'],
  ] as const) {
    await allSettled(newCardFieldChanged, { scope: s.scope, params: { field, value } });
  }
  await allSettled(instalmentPayClicked, { scope: s.scope });
  expect(s.scope.getState($mobileError)).toBe(messages.invalidPhone);
  expect(s.scope.getState($error)).toBeNull();
  expect(s.scope.getState($paying)).toBe(false);
  expect(s.scope.getState($newCard)).toMatchObject({ number: '4242424242424242', expiry: '12/34', cvc: '123' });
  await allSettled(mobileChanged, { scope: s.scope, params: '07700 900124' });
  await allSettled(instalmentPayClicked, { scope: s.scope });
  expect(s.api.payloadsOf('payWithInstalment')).toHaveLength(2);
  expect(s.api.payloadsOf('payWithInstalment')[1]).toMatchObject({ contact_number: '07700 900124' });
});

test('a saved card: pay_with_instalment with the months, mobile, card and key; success reloads and goes on', async () => {
  const s = await ready({ payWithInstalment: async () => ({ status: 'success' as const }) });
  await allSettled(mobileChanged, { scope: s.scope, params: '07700 900123' });
  await allSettled(instalmentPayClicked, { scope: s.scope });
  expect(s.api.payloadsOf('payWithInstalment')).toEqual([
    {
      instalment_option: 2,
      contact_number: '07700 900123',
      selected_payment_method_id: 'pm_b',
      idempotency_key: 'test-key-00000001',
    },
  ]);
  expect(s.sent).toEqual([{ kind: 'reloadCheckout' }, { kind: 'stepCompleted' }]);
});

test('redirect_to_url: the browser goes there', async () => {
  const s = await ready({
    payWithInstalment: async () => ({ status: 'redirect_to_url' as const, url: '/sandbox/stripe/3ds?pi=7' }),
  });
  await allSettled(mobileChanged, { scope: s.scope, params: '07700 900123' });
  await allSettled(instalmentPayClicked, { scope: s.scope });
  expect(s.navigated).toEqual(['/sandbox/stripe/3ds?pi=7']);
});

test.each([
  ['unsuccessful', async () => ({ status: 'unsuccessful' as const })],
  ['a failed request', failWith(apiFailure('payWithInstalment'))],
])('%s: the spec message and the form resets', async (_, payWithInstalment) => {
  const s = await ready({ payWithInstalment }, []);
  await allSettled(mobileChanged, { scope: s.scope, params: '07700 900123' });
  // No saved cards: a new card (the sandbox is not reachable in a unit test, so fetch is stubbed).
  const fetchMock = jest.fn(async () => ({
    status: 200,
    json: async () => ({ id: 'pm_new', brand: 'visa', last4: '4242', month: 12, year: 2034, funding: 'credit' }),
  }));
  Object.defineProperty(globalThis, 'fetch', { value: fetchMock, configurable: true });
  for (const [field, value] of [
    ['number', '4242424242424242'],
    ['expiry', '12/34'],
    ['cvc', '123'],
  ] as const) {
    await allSettled(newCardFieldChanged, { scope: s.scope, params: { field, value } });
  }
  await allSettled(instalmentPayClicked, { scope: s.scope });
  expect(s.api.payloadsOf('payWithInstalment')).toEqual([
    expect.objectContaining({
      selected_payment_method_id: 'new',
      new_payment_method: expect.objectContaining({ id: 'pm_new', last4: '4242', make_default_payment_method: false }),
    }),
  ]);
  expect(s.scope.getState($error)).toBe(messages.instalmentPaymentFailed);
  expect(s.scope.getState($paying)).toBe(false);
  expect(s.scope.getState($newCard)).toEqual({ number: '', expiry: '', cvc: '', postcode: '', country: '1' });
});
