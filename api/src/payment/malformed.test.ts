import { calls } from '@checkout/shared';
import { saleOf } from '../testing/sale-support';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { freshTickets, key, payPaths, reservedBuyer } from './test-support';

/**
 * Malformed requests to the payment calls and the sandbox routes: a 4xx with { error }, never a 5xx, and nothing
 * changes (the registry-wide table in http/malformed.test.ts covers every call's shape; this one the payment cases).
 */
let t: TestApp;
let visitor: Visitor;
beforeAll(async () => {
  t = await createTestApp();
  visitor = await reservedBuyer(t, await freshTickets(t, 5), 1);
  await visitor.post(payPaths.getToken, { idempotency_key: key() });
}, 60_000);
afterAll(() => t.close());

async function snapshot(): Promise<string> {
  const tables = await Promise.all([
    t.db.selectFrom('sales').selectAll().orderBy('id').execute(),
    t.db.selectFrom('holds').selectAll().orderBy('id').execute(),
    t.db.selectFrom('ticket_types').select(['id', 'held', 'sold']).orderBy('id').execute(),
    t.db.selectFrom('users').select('id').orderBy('id').execute(),
    t.db.selectFrom('payment_attempts').selectAll().orderBy('id').execute(),
    t.db.selectFrom('payments').selectAll().orderBy('id').execute(),
    t.db.selectFrom('sale_provider_payments').selectAll().orderBy('id').execute(),
    t.db.selectFrom('sandbox_payment_intents').selectAll().orderBy('id').execute(),
    t.db.selectFrom('sandbox_payment_methods').selectAll().orderBy('id').execute(),
    t.db.selectFrom('sandbox_square_tokens').selectAll().orderBy('token').execute(),
    t.db.selectFrom('sandbox_bank_payments').selectAll().orderBy('id').execute(),
    t.db.selectFrom('sale_billing_addresses').selectAll().orderBy('id').execute(),
    t.db.selectFrom('jobs').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify(tables);
}

const secret = async () =>
  (await t.db.selectFrom('sandbox_payment_intents').select('client_secret').executeTakeFirstOrThrow()).client_secret;

const postCases: [string, string, () => Promise<string> | string][] = [
  ['get_token without a key', calls.getToken.path, () => ''],
  ['get_token with a short key', calls.getToken.path, () => 'idempotency_key=short'],
  [
    'get_token with a key of odd characters',
    calls.getToken.path,
    () => `idempotency_key=${encodeURIComponent('<script>alert(1)</script>xxxxxx')}`,
  ],
  ['pay_with_truelayer without a key', calls.payWithTruelayer.path, () => 'contact_number='],
  [
    'pay_with_truelayer with a bad phone',
    calls.payWithTruelayer.path,
    () => `contact_number=abc&idempotency_key=${key()}`,
  ],
  ['pay-with-square without a postcode', calls.payWithSquare.path, () => `source_id=x&idempotency_key=${key()}`],
  [
    'pay-with-square without a source',
    calls.payWithSquare.path,
    () => `billing_address_data[postcode]=BN11AA&idempotency_key=${key()}`,
  ],
  ['claim_free_tickets with a bad email', calls.claimFreeTickets.path, () => `email=nope&idempotency_key=${key()}`],
  ['set_billing_address without an address', calls.setBillingAddress.path, () => 'contact_number='],
  ['set_account_details with nothing', calls.setAccountDetails.path, () => ''],
  ['confirm without a card', '/sandbox/stripe/confirm', async () => `client_secret=${await secret()}`],
  [
    'confirm with letters for a number',
    '/sandbox/stripe/confirm',
    async () => `client_secret=${await secret()}&number=abcd&exp_month=1&exp_year=30&cvc=123`,
  ],
  [
    'confirm with month 13',
    '/sandbox/stripe/confirm',
    async () => `client_secret=${await secret()}&number=4242424242424242&exp_month=13&exp_year=30&cvc=123`,
  ],
  [
    'confirm with an unknown client secret',
    '/sandbox/stripe/confirm',
    () => 'client_secret=pi_nope_secret_nope&number=4242424242424242&exp_month=1&exp_year=40&cvc=123',
  ],
  [
    'payment method with a nested number',
    '/sandbox/stripe/payment_methods',
    () => 'number[a]=1&exp_month=1&exp_year=30&cvc=123',
  ],
  [
    'square tokenize without a cvc',
    '/sandbox/square/tokenize',
    () => 'number=4242424242424242&exp_month=1&exp_year=30',
  ],
];

describe.each(postCases)('%s', (_name, path, body) => {
  test('is a 4xx with { error } and changes nothing', async () => {
    const before = await snapshot();
    const response = await visitor.post(path, await body());
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toHaveProperty('error');
    expect(await snapshot()).toBe(before);
  });
});

const portalCases: [string, 'GET' | 'POST', string, string][] = [
  ['3-D Secure page without an intent', 'GET', '/sandbox/stripe/3ds', ''],
  ['3-D Secure page for an unknown intent', 'GET', '/sandbox/stripe/3ds?pi=pi_unknown', ''],
  ['3-D Secure answer with a strange outcome', 'POST', '/sandbox/stripe/3ds', 'pi=pi_unknown&outcome=maybe'],
  ['3-D Secure answer for an unknown intent', 'POST', '/sandbox/stripe/3ds', 'pi=pi_unknown&outcome=complete'],
  ['card return without an intent', 'GET', '/do/checkout/stripe_auth/', ''],
  [
    'bank portal with an injected id',
    'GET',
    `/sandbox/truelayer/authorize?payment_id=${encodeURIComponent('bp_"><script>')}`,
    '',
  ],
  ['bank portal for an unknown payment', 'GET', '/sandbox/truelayer/authorize?payment_id=bp_unknown', ''],
  ['bank answer with a strange action', 'POST', '/sandbox/truelayer/authorize', 'payment_id=bp_unknown&action=steal'],
  [
    'bank answer for an unknown payment',
    'POST',
    '/sandbox/truelayer/authorize',
    'payment_id=bp_unknown&action=approve',
  ],
];

describe.each(portalCases)('%s', (_name, method, url, payload) => {
  test('is a 4xx with { error } and changes nothing', async () => {
    const before = await snapshot();
    const response = await t.app.inject({
      method,
      url,
      ...(method === 'POST' ? { payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toHaveProperty('error');
    expect(response.body).not.toContain('<script>');
    expect(await snapshot()).toBe(before);
  });
});

test('the sale is untouched by all of it', async () => {
  expect((await saleOf(t, visitor)).status).toBe('reserved');
});
