import {
  bankWait,
  basketProvider,
  instalmentKeys,
  isValidPhone,
  organisersWithoutPayments,
  PAYMENT_METHODS,
  paymentChoice,
  paymentTitle,
  type PaymentChoiceInput,
} from './payment';

const base: PaymentChoiceInput = {
  basketTotal: 50,
  currencyCode: 'GBP',
  express: false,
  provider: 'square',
  planKeys: [],
  bankUnavailable: false,
  organisersWithoutPayments: [],
  availableMethods: PAYMENT_METHODS,
};
const choice = (over: Partial<PaymentChoiceInput>) => paymentChoice({ ...base, ...over });

describe('paymentChoice', () => {
  test.each([
    ['zero total, square', { basketTotal: 0 }],
    ['zero total, no provider', { basketTotal: 0, provider: null }],
    ['zero total, express', { basketTotal: 0, express: true }],
    ['zero total, stripe with a plan', { basketTotal: 0, provider: 'stripe', planKeys: ['1', '3'] }],
  ] as const)('%s: free claim', (_, over) => {
    expect(choice(over)).toEqual({ kind: 'free_claim' });
  });

  test.each<[string, Partial<PaymentChoiceInput>, string]>([
    ['GBP', { provider: null, organisersWithoutPayments: ['St Mary’s Village Hall'] }, 'St Mary’s Village Hall'],
    ['EUR', { provider: null, currencyCode: 'EUR', organisersWithoutPayments: ['Hall'] }, 'Hall'],
    ['with a plan', { provider: null, planKeys: ['1', '3'], organisersWithoutPayments: ['Hall'] }, 'Hall'],
    [
      'express does not pay past it',
      { express: true, provider: 'stripe', organisersWithoutPayments: ['Hall'] },
      'Hall',
    ],
    ['two organisers without one', { provider: null, organisersWithoutPayments: ['Hall', 'Barn'] }, 'Hall and Barn'],
    ['three', { provider: null, organisersWithoutPayments: ['Hall', 'Barn', 'Club'] }, 'Hall, Barn and Club'],
    ['no provider, nobody named', { provider: null }, ''],
  ])('an organiser without a payment integration (%s): nothing can be paid, naming it', (_, over, organiserNames) => {
    expect(choice(over)).toEqual({ kind: 'no_integration', organiserNames });
  });

  // [label, input, methods, autoSelected, cardProvider]
  test.each<[string, Partial<PaymentChoiceInput>, string[], string | null, 'stripe' | 'square']>([
    // Stripe-type or express: card only (no bank), auto-selected unless a plan exists; the 2000 limit does not apply.
    ['stripe GBP', { provider: 'stripe' }, ['card'], 'card', 'stripe'],
    ['stripe GBP 2000', { provider: 'stripe', basketTotal: 2000 }, ['card'], 'card', 'stripe'],
    ['stripe EUR', { provider: 'stripe', currencyCode: 'EUR' }, ['card'], 'card', 'stripe'],
    ['stripe USD', { provider: 'stripe', currencyCode: 'USD' }, ['card'], 'card', 'stripe'],
    ['stripe GBP plan', { provider: 'stripe', planKeys: ['1', '2', '3'] }, ['card', 'instalment'], null, 'stripe'],
    ['stripe GBP only key 1', { provider: 'stripe', planKeys: ['1'] }, ['card'], 'card', 'stripe'],
    [
      'stripe EUR plan (GBP only)',
      { provider: 'stripe', currencyCode: 'EUR', planKeys: ['1', '3'] },
      ['card'],
      'card',
      'stripe',
    ],
    ['express square', { express: true }, ['card'], 'card', 'stripe'],
    ['express no provider', { express: true, provider: null }, ['card'], 'card', 'stripe'],
    ['express plan', { express: true, planKeys: ['3'] }, ['card', 'instalment'], null, 'stripe'],
    ['express bank failed', { express: true, bankUnavailable: true }, ['card'], 'card', 'stripe'],
    // Square-type: bank for GBP/EUR, card below 2000 GBP or any other currency.
    ['square GBP', {}, ['bank_transfer', 'square'], null, 'square'],
    ['square GBP 1999.99', { basketTotal: 1999.99 }, ['bank_transfer', 'square'], null, 'square'],
    ['square GBP 2000', { basketTotal: 2000 }, ['bank_transfer'], 'bank_transfer', 'square'],
    ['square GBP 2500', { basketTotal: 2500 }, ['bank_transfer'], 'bank_transfer', 'square'],
    ['square GBP bank failed', { bankUnavailable: true }, ['square'], 'square', 'square'],
    ['square EUR', { currencyCode: 'EUR' }, ['bank_transfer', 'square'], null, 'square'],
    ['square EUR 5000', { currencyCode: 'EUR', basketTotal: 5000 }, ['bank_transfer', 'square'], null, 'square'],
    ['square EUR bank failed', { currencyCode: 'EUR', bankUnavailable: true }, ['square'], 'square', 'square'],
    ['square USD', { currencyCode: 'USD' }, ['square'], 'square', 'square'],
    ['square USD 5000', { currencyCode: 'USD', basketTotal: 5000 }, ['square'], 'square', 'square'],
    ['square GBP plan', { planKeys: ['1', '3'] }, ['bank_transfer', 'square', 'instalment'], null, 'square'],
    [
      'square GBP plan, bank failed',
      { planKeys: ['1', '3'], bankUnavailable: true },
      ['square', 'instalment'],
      null,
      'square',
    ],
    [
      'square GBP 2000 plan (card only)',
      { basketTotal: 2000, planKeys: ['3'] },
      ['bank_transfer'],
      'bank_transfer',
      'square',
    ],
    ['square USD plan (GBP only)', { currencyCode: 'USD', planKeys: ['3'] }, ['square'], 'square', 'square'],
  ])('%s', (_, over, methods, autoSelected, cardProvider) => {
    expect(choice(over)).toEqual({ kind: 'methods', methods, autoSelected, cardProvider });
  });

  // [label, input, methods, autoSelected, cardProvider]: what the server says is available, nothing else, is offered.
  test.each<[string, Partial<PaymentChoiceInput>, string[], string | null, 'stripe' | 'square']>([
    ['square GBP, bank off', { availableMethods: ['card', 'instalment', 'square'] }, ['square'], 'square', 'square'],
    [
      'square GBP, square off',
      { availableMethods: ['bank_transfer', 'card'] },
      ['bank_transfer'],
      'bank_transfer',
      'square',
    ],
    [
      'square GBP plan, square off: its instalments go with it',
      { planKeys: ['1', '3'], availableMethods: ['bank_transfer', 'card', 'instalment'] },
      ['bank_transfer'],
      'bank_transfer',
      'square',
    ],
    [
      'square GBP plan, card (instalments) off',
      { planKeys: ['1', '3'], availableMethods: ['bank_transfer', 'square'] },
      ['bank_transfer', 'square'],
      null,
      'square',
    ],
    [
      'stripe GBP plan, only the bank on (stripe-type pays by card)',
      { provider: 'stripe', planKeys: ['3'], availableMethods: ['bank_transfer', 'card', 'instalment'] },
      ['card', 'instalment'],
      null,
      'stripe',
    ],
  ])('%s', (_, over, methods, autoSelected, cardProvider) => {
    expect(choice(over)).toEqual({ kind: 'methods', methods, autoSelected, cardProvider });
  });

  test.each<[string, Partial<PaymentChoiceInput>]>([
    ['square GBP, nothing available', { availableMethods: [] }],
    ['square GBP 2000, the bank off', { basketTotal: 2000, availableMethods: ['card', 'instalment', 'square'] }],
    ['square GBP 2000, the bank payment failed', { basketTotal: 2000, bankUnavailable: true }],
    ['square USD, square off', { currencyCode: 'USD', availableMethods: ['bank_transfer', 'card', 'instalment'] }],
    [
      'stripe GBP plan, card off',
      { provider: 'stripe', planKeys: ['3'], availableMethods: ['bank_transfer', 'square'] },
    ],
    ['express, card off', { express: true, availableMethods: ['bank_transfer', 'instalment', 'square'] }],
  ])('%s: a basket to pay with no way of paying it says so, no empty list', (_, over) => {
    expect(choice(over)).toEqual({ kind: 'no_methods' });
  });

  test('a free basket is claimed and a basket without an integration says so, whatever is available', () => {
    expect(choice({ basketTotal: 0, availableMethods: [] })).toEqual({ kind: 'free_claim' });
    expect(choice({ provider: null, organisersWithoutPayments: ['Hall'], availableMethods: [] })).toEqual({
      kind: 'no_integration',
      organiserNames: 'Hall',
    });
  });
});

test('instalmentKeys drops key 1 and sorts by months', () => {
  expect(instalmentKeys(['12', '1', '3', '2'])).toEqual(['2', '3', '12']);
  expect(instalmentKeys(['1'])).toEqual([]);
});

test.each([
  [{ freeClaim: true, paying: true, express: true }, 'Claiming free tickets'],
  [{ freeClaim: false, paying: true, express: true }, 'Confirming Payment'],
  [{ freeClaim: false, paying: false, express: true }, 'Complete purchase'],
  [{ freeClaim: false, paying: false, express: false }, 'Payment'],
  [{ freeClaim: false, paying: true, express: false }, 'Confirming Payment'],
])('paymentTitle(%o) = %s', (input, title) => {
  expect(paymentTitle(input)).toBe(title);
});

test.each([
  [0, 'none', false, 2000],
  [1, 'none', false, 1500],
  [2, 'none', false, 1500],
  [3, 'waiting', false, 1500],
  [5, 'waiting', false, 1500],
  [6, 'awaiting', false, 1500],
  [8, 'awaiting', false, 1500],
  [9, 'longer', true, 1500],
  [60, 'longer', true, 1500],
  [61, 'give_up', true, null],
  [100, 'give_up', true, null],
])('bankWait after %i polls: %s, other method %s, next in %s ms', (polls, text, offer, next) => {
  expect(bankWait(polls)).toEqual({ text, offerOtherMethod: offer, nextPollInMs: next });
});

test.each([
  ['07700 900123', true],
  ['+44 7700 900123', true],
  ['+44 (0) 7700-900.123', false],
  ['(+44) 7700 900123', true],
  ['0117.496.0000', true],
  ['123456789', true],
  ['12345678', false],
  ['', false],
  ['   ', false],
  ['phone 0770090012', false],
  ['07700 900123 ext', false],
])('isValidPhone(%j) = %s', (input, valid) => {
  expect(isValidPhone(input)).toBe(valid);
});

describe('who takes the payment', () => {
  const paying = (name: string) => ({ name, takes_payments: true });
  const notPaying = (name: string) => ({ name, takes_payments: false });
  test.each([
    ['one organiser with its own square account', { provider: 'square' as const }, [paying('Lumen')], 'square', []],
    ['one organiser with its own stripe account', { provider: 'stripe' as const }, [paying('Demo')], 'stripe', []],
    [
      'two organisers who both take payments: the marketplace collects',
      null,
      [paying('Demo'), paying('Lumen')],
      'stripe',
      [],
    ],
    ['one organiser without an integration', null, [notPaying('Hall')], null, ['Hall']],
    ['a mixed basket naming only the one without', null, [paying('Demo'), notPaying('Hall')], null, ['Hall']],
    ['named once however many lines', null, [notPaying('Hall'), notPaying('Hall'), paying('Demo')], null, ['Hall']],
    ['an empty basket', null, [], null, []],
  ] as const)('%s', (_, opoa, organisers, provider, missing) => {
    expect(basketProvider(opoa, organisers)).toBe(provider);
    expect(organisersWithoutPayments(organisers)).toEqual(missing);
  });
});
