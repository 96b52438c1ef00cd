import { parseEnv } from '../config/env-schema';
import { calls } from '@checkout/shared';
import { loadPaymentConfig, sandboxesOn } from '../config/payment';
import { paymentMessages } from './messages';
import { availablePaymentMethods, takesTestMoney } from './modes';
import { describeProviderModes, providerModes } from './providers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { freshTickets, key, payPaths, reservedBuyer, testPaymentConfig } from './test-support';

describe('whether a method without a real provider takes test money (PAYMENTS_SANDBOX)', () => {
  test.each([
    [{}, true],
    [{ NODE_ENV: 'development' }, true],
    [{ NODE_ENV: 'test' }, true],
    [{ NODE_ENV: 'production' }, false],
    [{ NODE_ENV: 'production', PAYMENTS_SANDBOX: '' }, false],
    [{ NODE_ENV: 'production', PAYMENTS_SANDBOX: '0' }, false],
    [{ NODE_ENV: 'production', PAYMENTS_SANDBOX: '1' }, true],
    [{ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' }, true],
    [{ NODE_ENV: 'development', PAYMENTS_SANDBOX: 'false' }, false],
  ])('%j: %s', (env, on) => {
    expect(sandboxesOn(parseEnv(env))).toBe(on);
  });

  test('anything else stops the start-up, naming the variable', () => {
    expect(() => sandboxesOn(parseEnv({ PAYMENTS_SANDBOX: 'yes' }))).toThrow(/PAYMENTS_SANDBOX must be 1 or 0/);
  });
});

describe('each method live, sandbox or off', () => {
  const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' };
  test.each([
    ['production, nothing configured', { NODE_ENV: 'production' }, { card: 'off', square: 'off', bank: 'off' }],
    ['production with Stripe', { NODE_ENV: 'production', ...stripe }, { card: 'live', square: 'off', bank: 'off' }],
    [
      'production with Stripe and the sandboxes asked for',
      { NODE_ENV: 'production', PAYMENTS_SANDBOX: '1', ...stripe },
      { card: 'live', square: 'sandbox', bank: 'sandbox' },
    ],
    ['development', { NODE_ENV: 'development' }, { card: 'sandbox', square: 'sandbox', bank: 'sandbox' }],
  ])('%s', (_name, env, modes) => {
    expect(providerModes(loadPaymentConfig(parseEnv(env)))).toEqual(modes);
  });

  test.each([
    [{ STRIPE_SECRET_KEY: 'sk_live_x' }, /Stripe: STRIPE_PUBLISHABLE_KEY must be set with STRIPE_SECRET_KEY/],
    [{ STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }, /Stripe: STRIPE_SECRET_KEY must be set with STRIPE_PUBLISHABLE_KEY/],
  ])('half a Stripe configuration stops the start-up: %j', (env, message) => {
    expect(() => loadPaymentConfig(parseEnv({ NODE_ENV: 'production', ...env }))).toThrow(message);
  });

  test.each([
    [{ card: 'sandbox', square: 'sandbox', bank: 'sandbox' }, ['bank_transfer', 'card', 'instalment', 'square'], true],
    [{ card: 'live', square: 'sandbox', bank: 'off' }, ['card', 'instalment', 'square'], true],
    [{ card: 'off', square: 'live', bank: 'live' }, ['bank_transfer', 'square'], false],
    [{ card: 'live', square: 'off', bank: 'off' }, ['card', 'instalment'], false],
    [{ card: 'off', square: 'off', bank: 'off' }, [], false],
  ] as const)(
    '%j: the page may offer %j (instalments go with the card provider); TEST MODE %s',
    (modes, methods, testMode) => {
      expect(availablePaymentMethods(modes)).toEqual(methods);
      expect(takesTestMoney(modes)).toBe(testMode);
    },
  );

  test('the start-up log says each one in a line', () => {
    expect(describeProviderModes({ card: 'live', square: 'sandbox', bank: 'off' })).toEqual([
      'payments: card live (Stripe)',
      'payments: square-type card SANDBOX: test cards and a pretend bank, no real money (PAYMENTS_SANDBOX)',
      'payments: bank transfer off: not offered (set the TRUELAYER_* variables, or PAYMENTS_SANDBOX=1 for the sandbox)',
    ]);
  });
});

describe('with every method off (production, no provider, no PAYMENTS_SANDBOX)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        payment: testPaymentConfig({ sandboxes: false, bankSettleMs: 1000 }),
      },
    });
  }, 60_000);
  afterAll(() => t?.close());

  test('no call opens a payment: each answers the sentence, and nothing is written', async () => {
    const type = await freshTickets(t, 10);
    const visitor = await reservedBuyer(t, type, 1);
    const before = await t.db.selectFrom('payments').select('id').execute();
    const answers = await Promise.all([
      visitor.post(payPaths.getToken, { idempotency_key: key() }),
      visitor.post(payPaths.createBank),
      visitor.post(payPaths.payBank, { contact_number: '', idempotency_key: key() }),
      visitor.post(payPaths.squareCredentials),
      visitor.post(payPaths.paySquare, {
        source_id: 'cnon:x',
        billing_address_data: {
          postcode: 'BN1 1AA',
          first_name: 'Ada',
          last_name: 'Lovelace',
          address_1: '1 Sea Road',
          town: 'Brighton',
          country: 1,
        },
        idempotency_key: key(),
      }),
      visitor.post(calls.payWithInstalment.path, {
        instalment_option: 2,
        contact_number: '07700900456',
        selected_payment_method_id: 'pm_saved',
        idempotency_key: key(),
      }),
    ]);
    expect(answers.map((answer) => [answer.statusCode, answer.json<{ error?: unknown }>().error])).toEqual(
      answers.map(() => [409, paymentMessages.methodOff]),
    );
    expect(await t.db.selectFrom('payments').select('id').execute()).toEqual(before);
  });

  test.each([
    ['the card confirmation', 'POST', payPaths.confirm],
    ['the 3-D Secure page', 'GET', `${payPaths.threeDs}?pi=pi_1`],
    ['the bank portal', 'GET', `${payPaths.bankPortal}?payment_id=bp_1`],
    ['the square-type tokenizer', 'POST', payPaths.tokenize],
    ['the square-type sandbox script', 'GET', payPaths.squareScript],
  ] as const)('%s is not served', async (_name, method, url) => {
    const visitor = await t.visitor();
    const response = method === 'GET' ? await visitor.get(url) : await visitor.post(url, {});
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(paymentMessages.unknownIntent);
  });
});
