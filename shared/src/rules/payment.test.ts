import { bankWait, instalmentKeys, isValidPhone, paymentChoice, paymentTitle, type PaymentChoiceInput } from './payment';

const base: PaymentChoiceInput = { basketTotal: 50, currencyCode: 'GBP', express: false, provider: 'square', planKeys: [], bankUnavailable: false };
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

  test.each([
    ['GBP', { provider: null }],
    ['EUR', { provider: null, currencyCode: 'EUR' }],
    ['with a plan', { provider: null, planKeys: ['1', '3'] }],
  ] as const)('no provider (%s): no payment integration', (_, over) => {
    expect(choice(over)).toEqual({ kind: 'no_integration' });
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
    ['stripe EUR plan (GBP only)', { provider: 'stripe', currencyCode: 'EUR', planKeys: ['1', '3'] }, ['card'], 'card', 'stripe'],
    ['express square', { express: true }, ['card'], 'card', 'stripe'],
    ['express no provider', { express: true, provider: null }, ['card'], 'card', 'stripe'],
    ['express plan', { express: true, planKeys: ['3'] }, ['card', 'instalment'], null, 'stripe'],
    ['express bank failed', { express: true, bankUnavailable: true }, ['card'], 'card', 'stripe'],
    // Square-type: bank for GBP/EUR, card below 2000 GBP or any other currency.
    ['square GBP', {}, ['bank_transfer', 'square'], null, 'square'],
    ['square GBP 1999.99', { basketTotal: 1999.99 }, ['bank_transfer', 'square'], null, 'square'],
    ['square GBP 2000', { basketTotal: 2000 }, ['bank_transfer'], 'bank_transfer', 'square'],
    ['square GBP 2500', { basketTotal: 2500 }, ['bank_transfer'], 'bank_transfer', 'square'],
    ['square GBP 2000 bank failed', { basketTotal: 2000, bankUnavailable: true }, [], null, 'square'],
    ['square GBP bank failed', { bankUnavailable: true }, ['square'], 'square', 'square'],
    ['square EUR', { currencyCode: 'EUR' }, ['bank_transfer', 'square'], null, 'square'],
    ['square EUR 5000', { currencyCode: 'EUR', basketTotal: 5000 }, ['bank_transfer', 'square'], null, 'square'],
    ['square EUR bank failed', { currencyCode: 'EUR', bankUnavailable: true }, ['square'], 'square', 'square'],
    ['square USD', { currencyCode: 'USD' }, ['square'], 'square', 'square'],
    ['square USD 5000', { currencyCode: 'USD', basketTotal: 5000 }, ['square'], 'square', 'square'],
    ['square GBP plan', { planKeys: ['1', '3'] }, ['bank_transfer', 'square', 'instalment'], null, 'square'],
    ['square GBP plan, bank failed', { planKeys: ['1', '3'], bankUnavailable: true }, ['square', 'instalment'], null, 'square'],
    ['square GBP 2000 plan (card only)', { basketTotal: 2000, planKeys: ['3'] }, ['bank_transfer'], 'bank_transfer', 'square'],
    ['square USD plan (GBP only)', { currencyCode: 'USD', planKeys: ['3'] }, ['square'], 'square', 'square'],
  ])('%s', (_, over, methods, autoSelected, cardProvider) => {
    expect(choice(over)).toEqual({ kind: 'methods', methods, autoSelected, cardProvider });
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
