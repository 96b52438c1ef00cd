import { saleOf, stockOf } from '../testing/sale-support';
import { createTestApp, type TestApp } from '../testing/test-app';
import { loadSquareConfig } from './config';
import { paymentMessages } from './messages';
import { SQUARE_WEB_SDK, SquareCardProvider, type SquareKeys, squareIdempotencyKey } from './providers/square';
import { type SquareStub, startSquareStub } from './testing/square-stub';
import { freshTickets, key, payPaths, reservedBuyer, testPaymentConfig } from './test-support';

const ACCESS_TOKEN = 'EAAAl-stub-access-token';
const LOCATION = 'LSTUB0001';
let stub: SquareStub;
let t: TestApp;
let keys: SquareKeys;

beforeAll(async () => {
  stub = await startSquareStub({ accessToken: ACCESS_TOKEN, locationId: LOCATION });
  keys = {
    applicationId: 'sandbox-sq0idb-stub',
    accessToken: ACCESS_TOKEN,
    locationId: LOCATION,
    environment: 'sandbox',
    apiBase: stub.baseUrl,
    maxRetries: 0,
  };
  t = await createTestApp({
    config: {
      payment: testPaymentConfig({ square: keys }),
    },
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await stub.close();
});

const billing = {
  postcode: 'BN1 1AA',
  first_name: 'Ada',
  last_name: 'Lovelace',
  address_1: '1 Sea Road',
  town: 'Brighton',
  country: 1,
};
let tokens = 0;
/** A fresh single-use test token of the stub's (Square's sandbox values, made unique). */
const token = (kind: 'ok' | 'declined' | 'insufficient-funds' | 'requires-verification') =>
  `cnon:card-nonce-${kind}-${(tokens += 1)}`;
const creates = (sourceId: string) =>
  stub.requests.filter(
    (request) => request.method === 'POST' && request.path === '/v2/payments' && request.body?.source_id === sourceId,
  );
const paymentBy = (sourceId: string) =>
  [...stub.payments.values()].find((payment) => payment._request.source_id === sourceId);

describe("the real square-type adapter, against a local stub of Square's Payments API", () => {
  test('get_square_credentials gives the page the application id, the location and the Web Payments SDK to load', async () => {
    const type = await freshTickets(t, 5, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 1);
    expect((await visitor.post(payPaths.squareCredentials)).json()).toEqual({
      app_id: 'sandbox-sq0idb-stub',
      location_id: LOCATION,
      checkout_js: SQUARE_WEB_SDK.sandbox,
    });
    expect(new SquareCardProvider({ ...keys, environment: 'production' }).credentials().checkout_js).toBe(
      'https://web.squarecdn.com/v1/square.js',
    );
  });

  test("Pay: CreatePayment with the token, amount, location and the slot's key (authorised), then CompletePayment; settled with what Square collected", async () => {
    const type = await freshTickets(t, 5, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 2);
    const sourceId = token('ok');
    const k = key();
    const paid = await visitor.post(payPaths.paySquare, {
      billing_address_data: billing,
      source_id: sourceId,
      idempotency_key: k,
    });
    expect(paid.json()).toEqual({ payment_completed: true });

    const [create] = creates(sourceId);
    const sale = await saleOf(t, visitor);
    const slot = await t.db
      .selectFrom('sale_provider_payments')
      .selectAll()
      .where('sale_id', '=', sale.id)
      .executeTakeFirstOrThrow();
    expect(create).toMatchObject({
      authorization: `Bearer ${ACCESS_TOKEN}`,
      squareVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      contentType: expect.stringContaining('application/json'),
    });
    expect(create?.body).toEqual({
      source_id: sourceId,
      // The sale's payment slot's key: every retry of this payment reaches the same Square payment.
      idempotency_key: squareIdempotencyKey(slot.provider_key ?? ''),
      amount_money: { amount: 2000, currency: 'GBP' },
      location_id: LOCATION,
      autocomplete: false,
      reference_id: `sale-${sale.id}`,
    });
    const payment = paymentBy(sourceId);
    expect(payment?.status).toBe('COMPLETED');
    expect(
      stub.requests.some(
        (request) => request.method === 'POST' && request.path === `/v2/payments/${payment?.id}/complete`,
      ),
    ).toBe(true);

    expect(sale).toMatchObject({ status: 'paid', state: 'deliver_tickets', card_provider: 'square' });
    // The card as Square reports it, for the receipt.
    expect(slot).toMatchObject({
      provider: 'square',
      provider_payment_id: payment?.id,
      status: 'settled',
      card_brand: 'visa',
      card_last4: '1111',
    });
    const ledger = await t.db.selectFrom('ledger_entries').selectAll().where('sale_id', '=', sale.id).execute();
    expect(ledger).toEqual([
      expect.objectContaining({
        kind: 'payment',
        provider: 'square',
        provider_reference: payment?.id,
        amount_minor: 2000,
        currency: 'GBP',
      }),
    ]);
    expect(await stockOf(t, type)).toMatchObject({ sold: 2, held: 0 });
    // The same key again (a retry after a lost answer) answers the same and charges nothing more.
    expect(
      (
        await visitor.post(payPaths.paySquare, {
          billing_address_data: billing,
          source_id: sourceId,
          idempotency_key: k,
        })
      ).json(),
    ).toEqual({ payment_completed: true });
    expect(creates(sourceId)).toHaveLength(1);
  });

  test("a declined card: Square's CARD_DECLINED becomes the buyer's sentence, kept for get_payment_error; nothing sold", async () => {
    const type = await freshTickets(t, 5, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 1);
    const declined = token('declined');
    const answer = await visitor.post(payPaths.paySquare, {
      billing_address_data: billing,
      source_id: declined,
      idempotency_key: key(),
    });
    expect(answer.json()).toEqual({ payment_completed: false, error: paymentMessages.cardDeclined });
    expect(paymentBy(declined)?.status).toBe('FAILED');
    expect((await visitor.post(payPaths.paymentError)).body).toBe(paymentMessages.cardDeclined);
    const poor = await visitor.post(payPaths.paySquare, {
      billing_address_data: billing,
      source_id: token('insufficient-funds'),
      idempotency_key: key(),
    });
    expect(poor.json()).toEqual({ payment_completed: false, error: paymentMessages.insufficientFunds });
    expect(await saleOf(t, visitor)).toMatchObject({ status: 'reserved' });
    // The buyer tries another card: paid.
    expect(
      (
        await visitor.post(payPaths.paySquare, {
          billing_address_data: billing,
          source_id: token('ok'),
          idempotency_key: key(),
        })
      ).json(),
    ).toEqual({ payment_completed: true });
  });

  test('buyer verification: CARD_DECLINED_VERIFICATION_REQUIRED asks the page to verify; the verified token is sent with the new card token', async () => {
    const type = await freshTickets(t, 5, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 1);
    const first = token('requires-verification');
    expect(
      (
        await visitor.post(payPaths.paySquare, {
          billing_address_data: billing,
          source_id: first,
          idempotency_key: key(),
        })
      ).json(),
    ).toEqual({ payment_completed: false, square_verify_buyer: true });
    expect((await saleOf(t, visitor)).status).toBe('reserved');
    const second = token('requires-verification');
    const paid = await visitor.post(payPaths.paySquare, {
      billing_address_data: billing,
      source_id: second,
      verification_token: 'verf:stub-verified',
      idempotency_key: key(),
    });
    expect(paid.json()).toEqual({ payment_completed: true });
    expect(creates(second)[0]?.body).toMatchObject({ source_id: second, verification_token: 'verf:stub-verified' });
  });

  test("CreatePayment's answer lost: the authorisation is cancelled by its idempotency key, nothing is sold, and the next card pays", async () => {
    const type = await freshTickets(t, 5, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 1);
    const lost = token('ok');
    stub.dropNextCreateAnswer();
    const answer = await visitor.post(payPaths.paySquare, {
      billing_address_data: billing,
      source_id: lost,
      idempotency_key: key(),
    });
    expect(answer.statusCode).toBe(500);
    const orphan = paymentBy(lost);
    expect(orphan?.status).toBe('CANCELED');
    expect(
      stub.requests.some(
        (request) =>
          request.path === '/v2/payments/cancel' && request.body?.idempotency_key === orphan?._request.idempotency_key,
      ),
    ).toBe(true);
    expect(await saleOf(t, visitor)).toMatchObject({ status: 'reserved' });
    expect(
      (
        await visitor.post(payPaths.paySquare, {
          billing_address_data: billing,
          source_id: token('ok'),
          idempotency_key: key(),
        })
      ).json(),
    ).toEqual({ payment_completed: true });
  });

  test('refund: RefundPayment for what is left of the payment, with one key, once', async () => {
    const type = await freshTickets(t, 5, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 1);
    const sourceId = token('ok');
    await visitor.post(payPaths.paySquare, {
      billing_address_data: billing,
      source_id: sourceId,
      idempotency_key: key(),
    });
    const payment = paymentBy(sourceId);
    const square = new SquareCardProvider(keys);
    await square.refund(payment?.id ?? '');
    await square.refund(payment?.id ?? '');
    const refunds = stub.refunds.filter((refund) => refund.payment_id === payment?.id);
    expect(refunds).toEqual([
      expect.objectContaining({
        amount_money: { amount: 1000, currency: 'GBP' },
        idempotency_key: squareIdempotencyKey(`refund-${payment?.id}`),
      }),
    ]);
  });

  test('a wrong access token is an error, never a payment', async () => {
    const square = new SquareCardProvider({ ...keys, accessToken: 'EAAAl-wrong' });
    await expect(
      square.createPayment({
        saleId: 1,
        amountMinor: 100,
        currency: 'GBP',
        idempotencyKey: key(),
        sourceId: token('ok'),
      }),
    ).rejects.toThrow(/401/);
  });
});

describe('Square configuration', () => {
  const env = { SQUARE_APPLICATION_ID: 'sandbox-sq0idb-abc', SQUARE_ACCESS_TOKEN: 'EAAA-x', SQUARE_LOCATION_ID: 'L1' };
  test('on with all three, sandbox unless told; off with none', () => {
    expect(loadSquareConfig(env)).toEqual({
      applicationId: 'sandbox-sq0idb-abc',
      accessToken: 'EAAA-x',
      locationId: 'L1',
      environment: 'sandbox',
    });
    expect(loadSquareConfig({ ...env, SQUARE_API_BASE: 'http://127.0.0.1:9/' })).toMatchObject({
      apiBase: 'http://127.0.0.1:9',
    });
    expect(loadSquareConfig({})).toBeNull();
  });
  test('half a configuration, or a sandbox application id in production, stops the start-up', () => {
    expect(() => loadSquareConfig({ SQUARE_APPLICATION_ID: 'sandbox-sq0idb-abc' })).toThrow(
      /SQUARE_ACCESS_TOKEN, SQUARE_LOCATION_ID must be set/,
    );
    expect(() => loadSquareConfig({ ...env, SQUARE_ENVIRONMENT: 'production' })).toThrow(
      /not a production application id/,
    );
    expect(() => loadSquareConfig({ ...env, SQUARE_ENVIRONMENT: 'live' })).toThrow(/sandbox or production/);
    expect(
      loadSquareConfig({ ...env, SQUARE_APPLICATION_ID: 'sq0idp-abc', SQUARE_ENVIRONMENT: 'production' }),
    ).toMatchObject({ environment: 'production' });
  });
  test('a key longer than Square allows (45) is replaced by a stable digest', () => {
    expect(squareIdempotencyKey('short')).toBe('short');
    const long = 'x'.repeat(80);
    expect(squareIdempotencyKey(long)).toHaveLength(43);
    expect(squareIdempotencyKey(long)).toBe(squareIdempotencyKey(long));
  });
});
