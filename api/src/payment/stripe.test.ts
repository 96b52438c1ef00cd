import { saleOf, stockOf } from '../testing/sale-support';
import { createTestApp, type TestApp } from '../testing/test-app';
import { StripeCardProvider } from './providers/stripe';
import { startStripeStub, type StripeStub } from './testing/stripe-stub';
import { confirmSalePayment } from './settle';
import { freshTickets, key, payPaths, reservedBuyer, testPaymentConfig } from './test-support';

const SECRET = 'sk_test_stub';
let stub: StripeStub;
let t: TestApp;
let keys: { secretKey: string; publishableKey: string; host: string; port: number; protocol: 'http' };

beforeAll(async () => {
  stub = await startStripeStub(SECRET);
  keys = { secretKey: SECRET, publishableKey: 'pk_test_stub', host: '127.0.0.1', port: stub.port, protocol: 'http' };
  t = await createTestApp({
    config: {
      payment: testPaymentConfig({ stripe: keys }),
    },
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await stub.close();
});

describe('the real Stripe adapter, against a local stub of the Stripe API', () => {
  test("get_token creates a PaymentIntent for the basket total with an idempotency key; the same key, or another tab's, creates no second one", async () => {
    const type = await freshTickets(t, 5);
    const visitor = await reservedBuyer(t, type, 2);
    const k = key();
    const first = await visitor.post(payPaths.getToken, { idempotency_key: k });
    expect(first.statusCode).toBe(200);
    expect(first.json().public_key).toBe('pk_test_stub');
    const secret = first.json().client_secret as string;
    const intent = [...stub.intents.values()].find((candidate) => candidate.client_secret === secret);
    expect(intent).toMatchObject({ amount: 2000, currency: 'gbp', status: 'requires_payment_method' });
    expect(intent?.metadata.sale_id).toBe(String((await saleOf(t, visitor)).id));
    const created = stub.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v1/payment_intents',
    );
    // The provider's key is the sale's payment slot's, so a retry after a crash finds the same intent at Stripe.
    const slot = await t.db
      .selectFrom('sale_provider_payments')
      .select(['provider_key', 'provider_payment_id'])
      .where('provider_payment_id', '=', intent?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(created.at(-1)?.idempotencyKey).toContain(slot.provider_key);
    const count = stub.intents.size;
    expect((await visitor.post(payPaths.getToken, { idempotency_key: k })).json().client_secret).toBe(secret);
    expect((await visitor.post(payPaths.getToken, { idempotency_key: key() })).json().client_secret).toBe(secret);
    expect(stub.intents.size).toBe(count);
  });

  test('confirmSalePayment asks Stripe: not paid until the intent succeeded, then settled once', async () => {
    const type = await freshTickets(t, 5);
    const visitor = await reservedBuyer(t, type, 1);
    const secret = (await visitor.post(payPaths.getToken, { idempotency_key: key() })).json().client_secret as string;
    const sale = await saleOf(t, visitor);
    expect(await confirmSalePayment(t.db, sale.id, undefined, t.clock.now())).toEqual({ paid: false, error: '' });
    const intent = [...stub.intents.values()].find((candidate) => candidate.client_secret === secret);
    if (!intent) throw new Error('no intent');
    // What Stripe.js confirmCardPayment does in the browser.
    intent.status = 'succeeded';
    expect(await confirmSalePayment(t.db, sale.id, undefined, t.clock.now())).toEqual({ paid: true, error: '' });
    expect(await confirmSalePayment(t.db, sale.id, undefined, t.clock.now())).toEqual({ paid: true, error: '' });
    expect(await stockOf(t, type)).toMatchObject({ sold: 1, held: 0 });
  });

  test("an intent still processing (a bank debit on its way) is not replaced by a second tab's Pay: a 409, one intent", async () => {
    const type = await freshTickets(t, 5);
    const visitor = await reservedBuyer(t, type, 1);
    const secret = (await visitor.post(payPaths.getToken, { idempotency_key: key() })).json().client_secret as string;
    const intent = [...stub.intents.values()].find((candidate) => candidate.client_secret === secret);
    if (!intent) throw new Error('no intent');
    intent.status = 'processing';
    const count = stub.intents.size;
    const second = await visitor.post(payPaths.getToken, { idempotency_key: key() });
    expect(second.statusCode).toBe(409);
    expect(stub.intents.size).toBe(count);
  });

  test('the return page verifies with Stripe before settling', async () => {
    const type = await freshTickets(t, 5);
    const visitor = await reservedBuyer(t, type, 1);
    const secret = (await visitor.post(payPaths.getToken, { idempotency_key: key() })).json().client_secret as string;
    const intent = [...stub.intents.values()].find((candidate) => candidate.client_secret === secret);
    if (!intent) throw new Error('no intent');
    const forged = await visitor.get(`${payPaths.stripeReturn}?payment_intent=${intent.id}&redirect_status=succeeded`);
    expect(forged.headers.location).toBe('/checkout/?card_return=1');
    expect((await saleOf(t, visitor)).status).toBe('reserved');
    intent.status = 'succeeded';
    await visitor.get(`${payPaths.stripeReturn}?payment_intent=${intent.id}&redirect_status=succeeded`);
    expect((await saleOf(t, visitor)).status).toBe('paid');
  });

  test('instalment functions: customer, SetupIntent, off-session charge (success and decline), refund', async () => {
    const stripe = new StripeCardProvider(keys);
    const customer = await stripe.createCustomer({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      idempotencyKey: key(),
    });
    expect(customer.id).toMatch(/^cus_/);
    const setup = await stripe.createSetupIntent({ customerId: customer.id, idempotencyKey: key() });
    expect(setup.clientSecret).toMatch(/^seti_.+_secret_/);
    const paid = await stripe.chargeOffSession({
      saleId: 1,
      amountMinor: 1500,
      currency: 'GBP',
      idempotencyKey: key(),
      customerId: customer.id,
      paymentMethodId: 'pm_card_visa',
    });
    expect(paid).toMatchObject({ status: 'succeeded', amountMinor: 1500 });
    const declined = await stripe.chargeOffSession({
      saleId: 1,
      amountMinor: 1500,
      currency: 'GBP',
      idempotencyKey: key(),
      customerId: customer.id,
      paymentMethodId: 'pm_card_declined',
    });
    expect(declined).toMatchObject({ status: 'requires_payment_method', lastError: 'Your card was declined.' });
    await stripe.refund(paid.id);
    await stripe.refund(paid.id);
    // Both requests carry the same key, so Stripe refunds once.
    expect(
      stub.requests.filter(
        (request) => request.path === '/v1/refunds' && request.idempotencyKey === `refund-${paid.id}`,
      ),
    ).toHaveLength(2);
    expect(stub.refunds.filter((refund) => refund.payment_intent === paid.id)).toHaveLength(1);
  });

  test('a wrong secret key is an error, not a success', async () => {
    const stripe = new StripeCardProvider({ ...keys, secretKey: 'sk_test_wrong' });
    await expect(
      stripe.createIntent({ saleId: 1, amountMinor: 100, currency: 'GBP', idempotencyKey: key() }),
    ).rejects.toThrow(/API Key/);
  });
});
