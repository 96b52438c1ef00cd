import { generateKeyPairSync } from 'node:crypto';
import { SEED } from '../seed/catalogue';
import { saleOf, salePaths, stockOf } from '../testing/sale-support';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { loadTrueLayerConfig } from './config';
import { paymentMessages } from './messages';
import { providersFor } from './providers';
import {
  bankStatusOf,
  idempotencyUuid,
  TrueLayerAnswerError,
  TrueLayerBankProvider,
  type TrueLayerKeys,
} from './providers/truelayer';
import { startTrueLayerStub, type TrueLayerStub } from './testing/truelayer-stub';
import { BANK_SETTLE_JOB } from './routes';
import { key, payPaths, reservedBuyer, runPaymentJobs, testPaymentConfig } from './test-support';
import { TRUELAYER_WEBHOOK_PATH } from './truelayer-webhook';

const CLIENT = { clientId: 'sandbox-checkout-stub', clientSecret: 'stub-secret' };
const ACCOUNTS = { GBP: 'ma-gbp-0001', EUR: 'ma-eur-0001' };
const RETURN_URI = 'https://tickets.example/checkout/?truelayer_return=1';
// The client's request-signing key pair, as made for TrueLayer's Console (EC P-521): the stub holds the public half.
const signing = generateKeyPairSync('ec', { namedCurve: 'secp521r1' });
const privateKeyPem = signing.privateKey.export({ format: 'pem', type: 'sec1' }).toString();
const publicKeyPem = signing.publicKey.export({ format: 'pem', type: 'spki' }).toString();

let stub: TrueLayerStub;
let t: TestApp;
let keys: TrueLayerKeys;

beforeAll(async () => {
  stub = await startTrueLayerStub({ ...CLIENT, signingPublicKeyPem: publicKeyPem, merchantAccounts: ACCOUNTS });
  keys = {
    ...CLIENT,
    signingKeyId: 'stub-kid-1',
    signingPrivateKeyPem: privateKeyPem,
    merchantAccounts: ACCOUNTS,
    environment: 'sandbox',
    returnUri: RETURN_URI,
    authBase: stub.baseUrl,
    apiBase: stub.baseUrl,
    hppBase: 'https://payment.truelayer-sandbox.com',
    extraWebhookJkus: [stub.jwksUrl],
  };
  t = await createTestApp({
    config: {
      payment: testPaymentConfig({ truelayer: keys }),
    },
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await stub.close();
});

let nextId = 75_000;
/** A fresh ticket type of Aurora Sessions (a square-type organiser: bank transfer is offered), in `currency`. */
async function freshBankTickets(currency: 'GBP' | 'EUR' = 'GBP', price_minor = 1000): Promise<number> {
  nextId += 1;
  await t.db
    .insertInto('ticket_types')
    .values({
      id: nextId,
      event_id: SEED.event.livestream,
      event_date_id: 31,
      name: `Bank test ${nextId}`,
      price_minor,
      currency,
      capacity: 10,
    })
    .execute();
  return nextId;
}

/** A buyer with a reservation who has given their name and email (the account step), ready to pay by bank. */
async function bankBuyer(type: number, qty = 1): Promise<Visitor> {
  const visitor = await reservedBuyer(t, type, qty);
  const sale = await saleOf(t, visitor);
  await t.db
    .updateTable('sales')
    .set({ email: 'ada@example.com', full_name: 'Ada Lovelace' })
    .where('id', '=', sale.id)
    .execute();
  return visitor;
}

/** Arrival on the payment step (create_truelayer_payment), then Pay by bank: the TrueLayer payment and the page link. */
async function toBank(visitor: Visitor): Promise<{ paymentId: string; authUrl: string }> {
  const created = await visitor.post(payPaths.createBank);
  expect(created.json()).toMatchObject({ success: true });
  const paymentId = created.json().payment_id as string;
  const paid = await visitor.post(payPaths.payBank, { contact_number: '', idempotency_key: key() });
  expect(paid.statusCode).toBe(200);
  return { paymentId, authUrl: paid.json().auth_url as string };
}

const status = async (visitor: Visitor) => (await visitor.post(payPaths.bankStatus)).json().truelayer_status;
const postsTo = (path: string) => stub.requests.filter((request) => request.method === 'POST' && request.path === path);

/** TrueLayer posting a webhook to the checkout (no session, no XSRF: its signature is its credential). */
const deliver = (webhook: { body: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: TRUELAYER_WEBHOOK_PATH, payload: webhook.body, headers: webhook.headers });

describe('the real open-banking adapter, against a local stub of TrueLayer that verifies every signature', () => {
  test("a payment is created at TrueLayer, signed, with the slot's idempotency key, the merchant account and the buyer; Pay by bank answers the hosted payment page", async () => {
    const type = await freshBankTickets('GBP');
    const visitor = await bankBuyer(type, 2);
    const { paymentId, authUrl } = await toBank(visitor);
    const sale = await saleOf(t, visitor);

    // The access token came from the auth server by client credentials.
    expect(postsTo('/connect/token')[0]?.body).toBe(
      JSON.stringify({
        grant_type: 'client_credentials',
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        scope: 'payments',
      }),
    );
    const created = postsTo('/v3/payments').find(
      (request) => JSON.parse(request.body).metadata?.sale_id === String(sale.id),
    );
    const slot = await t.db
      .selectFrom('sale_provider_payments')
      .selectAll()
      .where('provider_payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(created?.headers['idempotency-key']).toBe(idempotencyUuid(`payment:${slot.provider_key ?? ''}`));
    expect(created?.headers['tl-signature']).toMatch(/^[\w-]+\.\.[\w-]+$/);
    expect(created?.headers.authorization).toMatch(/^Bearer stub-access-/);
    expect(JSON.parse(created?.body ?? '{}')).toEqual({
      amount_in_minor: 2000,
      currency: 'GBP',
      payment_method: {
        type: 'bank_transfer',
        provider_selection: { type: 'user_selected' },
        beneficiary: { type: 'merchant_account', merchant_account_id: ACCOUNTS.GBP, reference: `TICKETS-${sale.id}` },
      },
      user: { name: 'Ada Lovelace', email: 'ada@example.com' },
      metadata: { sale_id: String(sale.id) },
    });

    // Pay by bank reuses the payment made on arrival: one payment at TrueLayer, its page with the resource token.
    expect(stub.payments.get(paymentId)).toBeDefined();
    expect(
      postsTo('/v3/payments').filter((request) => JSON.parse(request.body).metadata?.sale_id === String(sale.id)),
    ).toHaveLength(1);
    const url = new URL(authUrl);
    expect(`${url.origin}${url.pathname}`).toBe('https://payment.truelayer-sandbox.com/payments');
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect(Object.fromEntries(fragment)).toEqual({
      payment_id: paymentId,
      resource_token: stub.payments.get(paymentId)?.resource_token,
      return_uri: RETURN_URI,
    });
    expect((await saleOf(t, visitor)).state).toBe('awaiting_truelayer');
  });

  test('status: pending while the buyer is at the bank and while TrueLayer executes; executed settles the sale with the amount TrueLayer reports', async () => {
    const type = await freshBankTickets('GBP');
    const visitor = await bankBuyer(type, 1);
    const { paymentId } = await toBank(visitor);
    for (const bank of ['authorization_required', 'authorizing', 'authorized']) {
      stub.setStatus(paymentId, bank);
      expect(await status(visitor)).toMatchObject({
        status: 'pending',
        payment_completed: false,
        truelayer_status_error: null,
      });
    }
    // Approved at the bank: a second tab's Pay gets 'still being processed', never a second payment.
    const second = await visitor.post(payPaths.payBank, { contact_number: '', idempotency_key: key() });
    expect(second.statusCode).toBe(409);
    stub.setStatus(paymentId, 'executed');
    expect(await status(visitor)).toMatchObject({ status: 'executed', payment_completed: true, total: 10 });
    const sale = await saleOf(t, visitor);
    expect(sale).toMatchObject({ status: 'paid', state: 'deliver_tickets' });
    expect(await t.db.selectFrom('ledger_entries').selectAll().where('sale_id', '=', sale.id).execute()).toEqual([
      expect.objectContaining({
        kind: 'payment',
        provider: 'truelayer',
        provider_reference: paymentId,
        amount_minor: 1000,
        currency: 'GBP',
      }),
    ]);
    expect(await stockOf(t, type)).toMatchObject({ sold: 1, held: 0 });
  });

  test('a bank that collected another amount sells nothing: the payment is refunded through TrueLayer once it has settled', async () => {
    const type = await freshBankTickets('GBP');
    const visitor = await bankBuyer(type, 1);
    const { paymentId } = await toBank(visitor);
    const payment = stub.payments.get(paymentId);
    if (!payment) throw new Error('no stub payment');
    payment.amount_in_minor = 999;
    stub.setStatus(paymentId, 'executed');
    expect(await status(visitor)).toMatchObject({ status: 'failed', payment_completed: false });
    const sale = await saleOf(t, visitor);
    expect(sale.status).toBe('reserved');
    // Executed, not settled yet: TrueLayer refunds only settled payments, so the job waits.
    await runPaymentJobs(t);
    expect(postsTo(`/v3/payments/${paymentId}/refunds`)).toHaveLength(0);
    stub.setStatus(paymentId, 'settled');
    await t.db
      .updateTable('jobs')
      .set({ run_at: t.clock.now() })
      .where('kind', '=', 'payment.refund')
      .where('status', '=', 'pending')
      .execute();
    await runPaymentJobs(t);
    expect(payment.refunds).toEqual([expect.objectContaining({ amount_in_minor: 999, reference: 'TICKETS REFUND' })]);
    const refundRequest = postsTo(`/v3/payments/${paymentId}/refunds`)[0];
    expect(refundRequest?.headers['idempotency-key']).toBe(idempotencyUuid(`refund:${paymentId}`));
    const ledger = await t.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_minor', 'status'])
      .where('sale_id', '=', sale.id)
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { kind: 'payment', amount_minor: 999, status: 'done' },
      { kind: 'refund', amount_minor: 999, status: 'done' },
    ]);
    // Asked again (a crash before the ledger was written): TrueLayer is not asked for a second refund.
    await providersFor(t.db, t.clock, t.deps.config.payment).bank.refund(paymentId);
    expect(payment.refunds).toHaveLength(1);
  });

  test('failed and cancelled at the bank: the buyer reads which', async () => {
    const type = await freshBankTickets('GBP');
    const failed = await bankBuyer(type, 1);
    const first = await toBank(failed);
    stub.setStatus(first.paymentId, 'failed', 'authorization_failed');
    expect(await status(failed)).toMatchObject({
      status: 'failed',
      truelayer_status_error: paymentMessages.bankFailed,
    });
    const cancelled = await bankBuyer(type, 1);
    const second = await toBank(cancelled);
    stub.setStatus(second.paymentId, 'failed', 'canceled');
    expect(await status(cancelled)).toMatchObject({
      status: 'failed',
      truelayer_status_error: paymentMessages.bankCancelled,
    });
  });

  test('a change of price cancels the open payment at TrueLayer (signed); a payment the buyer already authorised is left to run', async () => {
    const type = await freshBankTickets('GBP');
    const visitor = await bankBuyer(type, 1);
    const { paymentId } = await toBank(visitor);
    expect((await visitor.post(salePaths.refundProtection, { refund_protection: 1 })).statusCode).toBe(200);
    await runPaymentJobs(t);
    expect(postsTo(`/v3/payments/${paymentId}/actions/cancel`)[0]?.headers['idempotency-key']).toBe(
      idempotencyUuid(`cancel:${paymentId}`),
    );
    expect(stub.payments.get(paymentId)).toMatchObject({ status: 'failed', failure_reason: 'canceled' });

    const bank = new TrueLayerBankProvider(t.db, t.clock, keys);
    const other = await bankBuyer(type, 1);
    const authorised = (await toBank(other)).paymentId;
    stub.setStatus(authorised, 'authorized');
    expect(await bank.cancel(authorised)).toBe('authorizing');
    expect(stub.payments.get(authorised)?.status).toBe('authorized');
  });

  test('EUR goes to the EUR merchant account; a currency without one removes the bank option', async () => {
    const euro = await bankBuyer(await freshBankTickets('EUR', 2500), 1);
    const { paymentId } = await toBank(euro);
    expect(stub.payments.get(paymentId)).toMatchObject({
      currency: 'EUR',
      amount_in_minor: 2500,
      payment_method: expect.objectContaining({
        beneficiary: expect.objectContaining({ merchant_account_id: ACCOUNTS.EUR }),
      }),
    });
    const gbpOnly = new TrueLayerBankProvider(t.db, t.clock, { ...keys, merchantAccounts: { GBP: ACCOUNTS.GBP } });
    await expect(
      gbpOnly.createPayment({
        saleId: (await saleOf(t, euro)).id,
        amountMinor: 2500,
        currency: 'EUR',
        idempotencyKey: key(),
        reference: 'x',
      }),
    ).rejects.toMatchObject({ statusCode: 409, message: paymentMessages.bankNotOffered });
  });

  test('a signature the stub cannot verify (another key) is refused by TrueLayer and nothing is created', async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'secp521r1' })
      .privateKey.export({ format: 'pem', type: 'sec1' })
      .toString();
    const forged = new TrueLayerBankProvider(t.db, t.clock, { ...keys, signingPrivateKeyPem: other });
    const visitor = await bankBuyer(await freshBankTickets('GBP'), 1);
    const before = stub.payments.size;
    await expect(
      forged.createPayment({
        saleId: (await saleOf(t, visitor)).id,
        amountMinor: 1000,
        currency: 'GBP',
        idempotencyKey: key(),
        reference: 'x',
      }),
    ).rejects.toThrow(/401.*Invalid Request Signature/);
    expect(stub.payments.size).toBe(before);
  });
});

describe('answers TrueLayer should never give are errors that say what was wrong, never a payment read from a cast', () => {
  afterEach(() => stub.behave());

  const paymentPath = (id: string) => `/v3/payments/${id}`;
  const gets = (path: string) => stub.requests.filter((request) => request.method === 'GET' && request.path === path);

  test("a payment status whose amount is not a number is refused, not read as the sale's money; it is not asked again", async () => {
    const { paymentId } = await toBank(await bankBuyer(await freshBankTickets('GBP'), 1));
    const bank = new TrueLayerBankProvider(t.db, t.clock, keys);
    const before = gets(paymentPath(paymentId)).length;
    stub.misbehave('GET', paymentPath(paymentId), {
      status: 200,
      body: JSON.stringify({ id: paymentId, amount_in_minor: '1000', currency: 'GBP', status: 'executed' }),
    });
    const refused = bank.retrieve(paymentId);
    await expect(refused).rejects.toBeInstanceOf(TrueLayerAnswerError);
    await expect(bank.retrieve(paymentId)).rejects.toThrow(
      /TrueLayer payment status answered 200 with an unexpected body \(amount_in_minor: expected number\)/,
    );
    expect(gets(paymentPath(paymentId)).length - before).toBe(2);
    // Nor a status without a status, nor a body that is not JSON (a proxy's page).
    stub.misbehave('GET', paymentPath(paymentId), {
      status: 200,
      body: JSON.stringify({ id: paymentId, amount_in_minor: 1000, currency: 'GBP' }),
    });
    await expect(bank.status(paymentId)).rejects.toThrow(/\(status: /);
    stub.misbehave('GET', paymentPath(paymentId), { status: 200, body: '<html>Service Unavailable</html>' });
    await expect(bank.status(paymentId)).rejects.toThrow(/unexpected body .*<html>Service Unavailable/);
  });

  test('a created payment without its resource token is an error, and nothing is kept for the payment page', async () => {
    const visitor = await bankBuyer(await freshBankTickets('GBP'), 1);
    const bank = new TrueLayerBankProvider(t.db, t.clock, keys);
    stub.misbehave('POST', '/v3/payments', { status: 201, body: JSON.stringify({ id: 'tl-without-token' }) });
    await expect(
      bank.createPayment({
        saleId: (await saleOf(t, visitor)).id,
        amountMinor: 1000,
        currency: 'GBP',
        idempotencyKey: key(),
        reference: 'x',
      }),
    ).rejects.toThrow(/payment creation answered 201 with an unexpected body \(resource_token: /);
    expect(
      await t.db.selectFrom('truelayer_payments').select('id').where('id', '=', 'tl-without-token').execute(),
    ).toEqual([]);
  });

  test('a token answer without an access token is an error naming the field', async () => {
    const bank = new TrueLayerBankProvider(t.db, t.clock, keys);
    stub.misbehave('POST', '/connect/token', { status: 200, body: JSON.stringify({ token_type: 'Bearer' }) });
    await expect(bank.status('any')).rejects.toThrow(
      /token request answered 200 with an unexpected body \(access_token: /,
    );
  });

  test('a refund list of another shape stops the refund rather than refund twice', async () => {
    const { paymentId } = await toBank(await bankBuyer(await freshBankTickets('GBP'), 1));
    stub.setStatus(paymentId, 'settled');
    const bank = new TrueLayerBankProvider(t.db, t.clock, keys);
    stub.misbehave('GET', `${paymentPath(paymentId)}/refunds`, { status: 200, body: JSON.stringify({ refunds: [] }) });
    await expect(bank.refund(paymentId)).rejects.toThrow(/refund list answered 200 with an unexpected body \(items: /);
    expect(postsTo(`${paymentPath(paymentId)}/refunds`)).toHaveLength(0);
  });

  test("a key set of another shape is an error, not a webhook verified (or refused) on keys that are not TrueLayer's", async () => {
    const bank = new TrueLayerBankProvider(t.db, t.clock, keys);
    const webhook = stub.signWebhook(TRUELAYER_WEBHOOK_PATH, { type: 'payment_executed', payment_id: 'any' });
    stub.misbehave('GET', '/.well-known/jwks', { status: 200, body: JSON.stringify({ keys: 'none' }) });
    await expect(
      bank.verifyWebhook({ path: TRUELAYER_WEBHOOK_PATH, headers: webhook.headers, body: webhook.body }),
    ).rejects.toThrow(/JWKS .* answered 200 with an unexpected body \(keys: /);
  });

  test('TrueLayer not answering at all: each try gives up after the timeout, three tries, then the error', async () => {
    const { paymentId } = await toBank(await bankBuyer(await freshBankTickets('GBP'), 1));
    const bank = new TrueLayerBankProvider(t.db, t.clock, { ...keys, timeoutMs: 200 });
    const before = gets(paymentPath(paymentId)).length;
    stub.misbehave('GET', paymentPath(paymentId), 'no answer');
    const started = Date.now();
    await expect(bank.status(paymentId)).rejects.toMatchObject({ name: 'TimeoutError' });
    // Three tries of 200 ms and the waits between them (250 ms, 1 s): nowhere near a hung request.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(gets(paymentPath(paymentId)).length - before).toBe(3);
    stub.behave();
    expect(await bank.status(paymentId)).toBe('pending');
  });
});

describe('TrueLayer webhooks, signed by the stub with its own key and verified against its JWKS', () => {
  test('payment_executed from a buyer who never came back settles the sale, once, with the amount read from TrueLayer', async () => {
    const type = await freshBankTickets('GBP');
    const visitor = await bankBuyer(type, 2);
    const { paymentId } = await toBank(visitor);
    stub.setStatus(paymentId, 'executed');
    const webhook = stub.signWebhook(TRUELAYER_WEBHOOK_PATH, {
      type: 'payment_executed',
      payment_id: paymentId,
      executed_at: new Date().toISOString(),
    });
    const answer = await deliver(webhook);
    expect(answer.statusCode).toBe(200);
    const sale = await saleOf(t, visitor);
    expect(sale).toMatchObject({ status: 'paid', state: 'deliver_tickets' });
    // TrueLayer delivers at least once: the same webhook again changes nothing.
    expect((await deliver(webhook)).statusCode).toBe(200);
    expect(
      await t.db.selectFrom('ledger_entries').select(['kind', 'amount_minor']).where('sale_id', '=', sale.id).execute(),
    ).toEqual([{ kind: 'payment', amount_minor: 2000 }]);
    expect(await stockOf(t, type)).toMatchObject({ sold: 2, held: 0 });
  });

  test("payment_authorized queues the bank-settle job; an executed webhook TrueLayer's API does not confirm yet is left to that job", async () => {
    const type = await freshBankTickets('GBP');
    const visitor = await bankBuyer(type, 1);
    const { paymentId } = await toBank(visitor);
    stub.setStatus(paymentId, 'authorized');
    expect(
      (await deliver(stub.signWebhook(TRUELAYER_WEBHOOK_PATH, { type: 'payment_authorized', payment_id: paymentId })))
        .statusCode,
    ).toBe(200);
    // The body says executed, TrueLayer's API does not yet: nothing is settled on the body's word.
    expect(
      (await deliver(stub.signWebhook(TRUELAYER_WEBHOOK_PATH, { type: 'payment_executed', payment_id: paymentId })))
        .statusCode,
    ).toBe(200);
    expect((await saleOf(t, visitor)).status).toBe('reserved');
    const jobs = await t.db
      .selectFrom('jobs')
      .select(['kind', 'status'])
      .where('dedupe_key', '=', `bank-settle:${paymentId}`)
      .execute();
    expect(jobs).toEqual([{ kind: BANK_SETTLE_JOB, status: 'pending' }]);
    stub.setStatus(paymentId, 'executed');
    await runPaymentJobs(t);
    expect((await saleOf(t, visitor)).status).toBe('paid');
  });

  test("refused with a 401, changing nothing: no signature, a tampered body, a key address not allowed, a key not in TrueLayer's set", async () => {
    const type = await freshBankTickets('GBP');
    const visitor = await bankBuyer(type, 1);
    const { paymentId } = await toBank(visitor);
    stub.setStatus(paymentId, 'executed');
    const good = stub.signWebhook(TRUELAYER_WEBHOOK_PATH, { type: 'payment_executed', payment_id: paymentId });
    const stranger = generateKeyPairSync('ec', { namedCurve: 'secp521r1' }).privateKey;
    const forgeries = [
      { body: good.body, headers: { ...good.headers, 'tl-signature': '' } },
      { body: good.body.replace(paymentId, `${paymentId} `), headers: good.headers },
      { ...good, headers: { ...good.headers, 'x-tl-webhook-timestamp': '2020-01-01T00:00:00Z' } },
      stub.signWebhook(
        TRUELAYER_WEBHOOK_PATH,
        { type: 'payment_executed', payment_id: paymentId },
        { jku: 'https://webhooks.truelayer.evil.example/.well-known/jwks' },
      ),
      stub.signWebhook(
        TRUELAYER_WEBHOOK_PATH,
        { type: 'payment_executed', payment_id: paymentId },
        { signWith: stranger },
      ),
      stub.signWebhook(
        TRUELAYER_WEBHOOK_PATH,
        { type: 'payment_executed', payment_id: paymentId },
        { signWith: stranger, kid: 'not-truelayers' },
      ),
      stub.signWebhook('/webhooks/other', { type: 'payment_executed', payment_id: paymentId }),
    ];
    for (const forged of forgeries) expect((await deliver(forged)).statusCode).toBe(401);
    expect((await saleOf(t, visitor)).status).toBe('reserved');
    expect((await deliver(good)).statusCode).toBe(200);
    expect((await saleOf(t, visitor)).status).toBe('paid');
  });

  test("a webhook of a payment that is not this checkout's is acknowledged and ignored", async () => {
    const answer = await deliver(
      stub.signWebhook(TRUELAYER_WEBHOOK_PATH, { type: 'payment_executed', payment_id: 'someone-elses' }),
    );
    expect(answer.statusCode).toBe(200);
  });
});

describe('TrueLayer configuration and statuses', () => {
  const env = {
    TRUELAYER_CLIENT_ID: 'id',
    TRUELAYER_CLIENT_SECRET: 'secret',
    TRUELAYER_SIGNING_KEY_ID: 'kid',
    TRUELAYER_SIGNING_PRIVATE_KEY: '-----BEGIN EC PRIVATE KEY-----\\nAAA\\n-----END EC PRIVATE KEY-----',
    TRUELAYER_MERCHANT_ACCOUNT_ID_GBP: 'ma-1',
  };
  test("on with the credentials and a merchant account; the return URI is PUBLIC_URL's checkout; a one-line PEM gets its newlines back", () => {
    expect(loadTrueLayerConfig(env, 'https://tickets.example/')).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      signingKeyId: 'kid',
      signingPrivateKeyPem: '-----BEGIN EC PRIVATE KEY-----\nAAA\n-----END EC PRIVATE KEY-----',
      merchantAccounts: { GBP: 'ma-1' },
      environment: 'sandbox',
      returnUri: 'https://tickets.example/checkout/?truelayer_return=1',
    });
    expect(loadTrueLayerConfig({}, 'https://tickets.example')).toBeNull();
  });
  test('half a configuration or no merchant account stops the start-up', () => {
    expect(() => loadTrueLayerConfig({ TRUELAYER_CLIENT_ID: 'id' }, 'https://x')).toThrow(
      /TRUELAYER_CLIENT_SECRET, TRUELAYER_SIGNING_KEY_ID, TRUELAYER_SIGNING_PRIVATE_KEY must be set/,
    );
    expect(() => loadTrueLayerConfig({ ...env, TRUELAYER_MERCHANT_ACCOUNT_ID_GBP: '' }, 'https://x')).toThrow(
      /MERCHANT_ACCOUNT_ID/,
    );
    expect(() => loadTrueLayerConfig({ ...env, TRUELAYER_ENVIRONMENT: 'live' }, 'https://x')).toThrow(
      /sandbox or production/,
    );
  });
  test.each([
    ['authorization_required', undefined, 'pending'],
    ['authorizing', undefined, 'pending'],
    ['attempt_failed', undefined, 'pending'],
    ['authorized', undefined, 'authorizing'],
    ['executed', undefined, 'executed'],
    ['settled', undefined, 'executed'],
    ['failed', 'authorization_failed', 'failed'],
    ['failed', 'provider_rejected', 'failed'],
    ['failed', 'canceled', 'cancelled'],
  ])('TrueLayer %s (%s) is %s', (status, failure_reason, expected) => {
    expect(bankStatusOf({ status, ...(failure_reason ? { failure_reason } : {}) })).toBe(expected);
  });
  test('idempotency keys are UUIDs, the same for the same slot', () => {
    expect(idempotencyUuid('payment:a')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(idempotencyUuid('payment:a')).toBe(idempotencyUuid('payment:a'));
    expect(idempotencyUuid('payment:a')).not.toBe(idempotencyUuid('payment:b'));
  });
});
