import { allSettled } from 'effector';
import { PAYMENT_METHODS } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/payment';
import { apiFailure, failWith, sampleCheckout } from '@checkout/shared/testing';
import { modelScope } from '../../testing';
import { $contactError, $error, $paying, paymentShown } from '../model';
import {
  confirmOutcome,
  payByCardFx,
  cardFieldChanged,
  cardPayClicked,
  $card,
  $cardErrors,
  type CardOutcome,
} from './model';

// The billing draft lives in this tab's sessionStorage: each test starts without one.
beforeEach(() => window.sessionStorage.clear());

// The fake server's total: Pay stops when the total on the button is not the server's.
const context = {
  basketTotal: sampleCheckout().basket_total,
  currencyCode: 'GBP',
  express: false,
  provider: 'stripe' as const,
  organisersWithoutPayments: [],
  planKeys: [],
  requirePhone: false,
  email: 'a@b.co',
  availableMethods: PAYMENT_METHODS,
};

async function fill(s: ReturnType<typeof modelScope>, number = '4242 4242 4242 4242') {
  await allSettled(paymentShown, { scope: s.scope, params: { deps: s.deps, context } });
  for (const [field, value] of [
    ['number', number],
    ['expiry', '12/34'],
    ['cvc', '123'],
    ['postcode', 'BS1 4QA'],
  ] as const) {
    await allSettled(cardFieldChanged, { scope: s.scope, params: { field, value } });
  }
}

test.each([
  [200, { status: 'succeeded' }, { kind: 'succeeded' }],
  [
    200,
    { status: 'requires_action', redirect_url: '/sandbox/stripe/3ds?pi=1' },
    { kind: 'redirect', url: '/sandbox/stripe/3ds?pi=1' },
  ],
  [
    402,
    { error: { code: 'card_declined', message: 'Your card was declined.' } },
    { kind: 'refused', message: 'Your card was declined.' },
  ],
  [500, null, { kind: 'refused', message: messages.stripeRedirectFailed }],
])('confirmOutcome(%i, %o)', (status, body, outcome) => {
  expect(confirmOutcome(status, body)).toEqual(outcome);
});

test('an incomplete card form sends nothing and marks the fields', async () => {
  const s = modelScope();
  await allSettled(paymentShown, { scope: s.scope, params: { deps: s.deps, context } });
  await allSettled(cardPayClicked, { scope: s.scope });
  expect(Object.keys(s.scope.getState($cardErrors)).sort()).toEqual(['cvc', 'expiry', 'number', 'postcode']);
  expect(s.api.payloadsOf('getToken')).toEqual([]);
});

test.each<[string, CardOutcome, (s: ReturnType<typeof modelScope>) => void]>([
  ['succeeded -> next step', { kind: 'succeeded' }, (s) => expect(s.sent).toEqual([{ kind: 'stepCompleted' }])],
  [
    '3-D Secure -> the authentication page',
    { kind: 'redirect', url: '/sandbox/stripe/3ds?pi=9' },
    (s) => expect(s.navigated).toEqual(['/sandbox/stripe/3ds?pi=9']),
  ],
  [
    'declined -> reset with the message',
    { kind: 'refused', message: 'Your card was declined.' },
    (s) => {
      expect(s.scope.getState($error)).toBe('Your card was declined.');
      expect(s.scope.getState($paying)).toBe(false);
    },
  ],
])('card Pay: %s', async (_, outcome, check) => {
  // An attached effect's handler gets its source, then the params.
  const keys: string[] = [];
  const s = modelScope(
    {},
    { handlers: [[payByCardFx, (_source: unknown, { key }: { key: string }) => (keys.push(key), outcome)]] },
  );
  await fill(s);
  await allSettled(cardPayClicked, { scope: s.scope });
  expect(keys).toEqual(['test-key-00000001']);
  check(s);
});

test('back from a failed 3-D Secure check: the billing postcode and country are kept, the card fields are cleared', async () => {
  const s = modelScope(
    {},
    { handlers: [[payByCardFx, () => ({ kind: 'redirect', url: '/sandbox/stripe/3ds?pi=9' }) as CardOutcome]] },
  );
  await fill(s);
  // A US billing address: its ZIP code, and the country chosen.
  await allSettled(cardFieldChanged, { scope: s.scope, params: { field: 'country', value: '2' } });
  await allSettled(cardFieldChanged, { scope: s.scope, params: { field: 'postcode', value: '10001' } });
  await allSettled(cardPayClicked, { scope: s.scope });
  expect(s.navigated).toEqual(['/sandbox/stripe/3ds?pi=9']);
  // The page comes back from the provider: a fresh payment step in a fresh page.
  const back = modelScope();
  await allSettled(paymentShown, { scope: back.scope, params: { deps: back.deps, context } });
  expect(back.scope.getState($card)).toEqual({ number: '', expiry: '', cvc: '', postcode: '10001', country: '2' });
  // Kept for that one trip: a later visit starts empty.
  const later = modelScope();
  await allSettled(paymentShown, { scope: later.scope, params: { deps: later.deps, context } });
  expect(later.scope.getState($card).postcode).toBe('');
});

test('get_token failing: reset with the Stripe token message', async () => {
  const s = modelScope({ getToken: failWith(apiFailure('getToken')) });
  await fill(s);
  await allSettled(cardPayClicked, { scope: s.scope });
  expect(s.scope.getState($error)).toBe(messages.stripeTokenFailed);
});

test('get_token lost on the network: the retry sends the same key; after a refusal the next Pay has a new one', async () => {
  let calls = 0;
  const s = modelScope({
    getToken: async () => {
      calls += 1;
      if (calls === 1) throw apiFailure('getToken', { kind: 'network', status: undefined });
      throw apiFailure('getToken');
    },
  });
  await fill(s);
  await allSettled(cardPayClicked, { scope: s.scope });
  expect(s.scope.getState($error)).toBe(messages.stripeTokenFailed);
  await allSettled(cardPayClicked, { scope: s.scope });
  await allSettled(cardPayClicked, { scope: s.scope });
  expect(s.api.payloadsOf('getToken')).toEqual([
    { idempotency_key: 'test-key-00000001' },
    { idempotency_key: 'test-key-00000001' },
    { idempotency_key: 'test-key-00000002' },
  ]);
});

test('the basket changed in another tab since the step read it: no card payment is fetched, the product sentence is shown', async () => {
  const s = modelScope();
  await fill(s);
  s.api.checkout = { ...s.api.checkout, basket_total: s.api.checkout.basket_total * 3 };
  await allSettled(cardPayClicked, { scope: s.scope });
  expect(s.api.payloadsOf('getToken')).toEqual([]);
  expect(s.scope.getState($error)).toBe(messages.paymentCancelledBasketChanged);
  expect(s.scope.getState($paying)).toBe(false);
  expect(s.sent).toEqual([{ kind: 'reloadCheckout' }]);
});

test('Pay checks the contact number with the card fields, so both errors show at once', async () => {
  const s = modelScope();
  await allSettled(paymentShown, {
    scope: s.scope,
    params: { deps: s.deps, context: { ...context, requirePhone: true } },
  });
  await allSettled(cardPayClicked, { scope: s.scope });
  expect(s.scope.getState($cardErrors).postcode).toBe(messages.postcodeRequired);
  expect(s.scope.getState($contactError)).toBe(messages.invalidPhone);
  expect(s.api.payloadsOf('getToken')).toEqual([]);
});

test('the billing country sets the postcode rule: a ZIP code for the United States, free text for France', async () => {
  const s = modelScope();
  await fill(s);
  await allSettled(cardFieldChanged, { scope: s.scope, params: { field: 'postcode', value: '10001' } });
  await allSettled(cardPayClicked, { scope: s.scope });
  expect(s.scope.getState($cardErrors)).toEqual({ postcode: messages.billingUkPostcodeInvalid });
  await allSettled(cardFieldChanged, { scope: s.scope, params: { field: 'country', value: '2' } });
  await allSettled(cardFieldChanged, { scope: s.scope, params: { field: 'postcode', value: '1000' } });
  await allSettled(cardPayClicked, { scope: s.scope });
  expect(s.scope.getState($cardErrors)).toEqual({ postcode: messages.billingZipInvalid });
  await allSettled(cardFieldChanged, { scope: s.scope, params: { field: 'country', value: '79' } });
  await allSettled(cardPayClicked, { scope: s.scope });
  expect(s.scope.getState($cardErrors)).toEqual({});
});

describe('the billing country starts where the buyer’s details point', () => {
  const countries = [
    { id: 1, name: 'United Kingdom', code: 'GB' },
    { id: 2, name: 'United States', code: 'US' },
    { id: 86, name: 'Germany', code: 'DE' },
  ];
  const shown = async (clue: number | null, browserLanguage: string | null) => {
    const s = modelScope({ getAddressAllCountriesStates: async () => ({ countries, states: [] }) });
    await allSettled(paymentShown, {
      scope: s.scope,
      params: { deps: s.deps, context: { ...context, billingCountry: clue, browserLanguage } },
    });
    return s;
  };

  test.each<[string, number | null, string | null, string]>([
    ['a German delivery address, in an en-GB browser', 86, 'en-GB', '86'],
    ['the saved US address', 2, 'en-GB', '2'],
    ['no clue from the sale, an en-US browser', null, 'en-US', '2'],
    ['no clue, a browser language without a region', null, 'de', '1'],
  ])('%s', async (_name, clue, language, country) => {
    const s = await shown(clue, language);
    expect(s.scope.getState($card).country).toBe(country);
  });

  test('the buyer can change it, and it stays changed', async () => {
    const s = await shown(86, 'de-DE');
    await allSettled(cardFieldChanged, { scope: s.scope, params: { field: 'country', value: '1' } });
    await allSettled(cardFieldChanged, { scope: s.scope, params: { field: 'postcode', value: 'BS1 4QA' } });
    expect(s.scope.getState($card)).toMatchObject({ country: '1', postcode: 'BS1 4QA' });
  });
});
