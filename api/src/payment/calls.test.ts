import * as messages from '@checkout/shared/messages/payment';
import { SEED } from '../seed/catalogue';
import { saleOf, salePaths, stockOf } from '../testing/sale-support';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { paymentMessages } from './messages';
import { CARDS, freshTickets, key, payPaths, reservedBuyer } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const billing = {
  postcode: 'BN1 1AA',
  first_name: 'Ada',
  last_name: 'Lovelace',
  address_1: '1 Sea Road',
  town: 'Brighton',
  country: 1,
};

async function squareToken(visitor: Visitor, number: string): Promise<string> {
  const response = await visitor.post(payPaths.tokenize, {
    number,
    exp_month: '12',
    exp_year: '34',
    cvc: '123',
    postcode: 'BN1 1AA',
  });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ status: string; token: string }>();
  expect(body.status).toBe('OK');
  return body.token;
}

describe('square-type sandbox', () => {
  test('credentials and the sandbox script', async () => {
    const type = await freshTickets(t, 5, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 1);
    expect((await visitor.post(payPaths.squareCredentials)).json()).toEqual({
      app_id: 'sandbox-sq-app',
      location_id: 'sandbox-location',
      checkout_js: payPaths.squareScript,
    });
    const script = await visitor.get(payPaths.squareScript);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toMatch(/Square:\{payments/);
    expect(script.body).toContain('/sandbox/square/tokenize');
  });

  test('a good card pays once, even when Pay is sent twice at the same moment', async () => {
    const type = await freshTickets(t, 5, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 2);
    const source_id = await squareToken(visitor, CARDS.success);
    const k = key();
    const answers = await Promise.all(
      [1, 2].map(() =>
        visitor.post(payPaths.paySquare, { billing_address_data: billing, source_id, idempotency_key: k }),
      ),
    );
    expect(answers.map((a) => a.json())).toEqual([{ payment_completed: true }, { payment_completed: true }]);
    const sale = await saleOf(t, visitor);
    expect(sale.status).toBe('paid');
    expect(
      await t.db.selectFrom('sale_provider_payments').selectAll().where('sale_id', '=', sale.id).execute(),
    ).toHaveLength(1);
    expect(await stockOf(t, type)).toMatchObject({ sold: 2, held: 0 });
  });

  test('a declined card answers the error; an unusable address answers addressError; 3-D Secure asks to verify the buyer', async () => {
    const type = await freshTickets(t, 5, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 1);
    const bad = await visitor.post(payPaths.paySquare, {
      billing_address_data: { ...billing, postcode: 'XX' },
      source_id: await squareToken(visitor, CARDS.success),
      idempotency_key: key(),
    });
    expect(bad.json()).toEqual({ payment_completed: false, addressError: messages.addressNotFound });
    const declined = await visitor.post(payPaths.paySquare, {
      billing_address_data: billing,
      source_id: await squareToken(visitor, CARDS.decline),
      idempotency_key: key(),
    });
    expect(declined.json()).toEqual({ payment_completed: false, error: paymentMessages.cardDeclined });
    const verify = await visitor.post(payPaths.paySquare, {
      billing_address_data: billing,
      source_id: await squareToken(visitor, CARDS.threeDs),
      idempotency_key: key(),
    });
    expect(verify.json()).toEqual({ payment_completed: false, square_verify_buyer: true });
    expect((await saleOf(t, visitor)).status).toBe('reserved');
  });

  test('billing for every country: a US buyer pays with a ZIP code (no state asked); a ZIP code read as a UK postcode is refused', async () => {
    const type = await freshTickets(t, 5, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 1);
    const source_id = await squareToken(visitor, CARDS.success);
    const asUk = await visitor.post(payPaths.paySquare, {
      billing_address_data: { postcode: '10001' },
      source_id,
      idempotency_key: key(),
    });
    expect(asUk.json()).toEqual({ payment_completed: false, addressError: messages.addressNotFound });
    const shortZip = await visitor.post(payPaths.paySquare, {
      billing_address_data: { postcode: '1000', country: 2 },
      source_id,
      idempotency_key: key(),
    });
    expect(shortZip.json()).toEqual({ payment_completed: false, addressError: messages.addressNotFound });
    const paid = await visitor.post(payPaths.paySquare, {
      billing_address_data: { postcode: '10001-1234', country: 2 },
      source_id,
      idempotency_key: key(),
    });
    expect(paid.json()).toEqual({ payment_completed: true });
    expect((await saleOf(t, visitor)).status).toBe('paid');
  });

  test('tokenize refuses a wrong number with Invalid', async () => {
    const visitor = await t.visitor();
    const response = await visitor.post(payPaths.tokenize, {
      number: '4242 4242 4242 4241',
      exp_month: '12',
      exp_year: '34',
      cvc: '123',
    });
    expect(response.json()).toEqual({
      status: 'Invalid',
      errors: [{ field: 'number', message: paymentMessages.incorrectNumber }],
    });
  });
});

describe('set_billing_address', () => {
  test('answers the address record; an unusable address is refused with the spec sentence', async () => {
    const type = await freshTickets(t, 5);
    const visitor = await reservedBuyer(t, type, 1);
    const ok = await visitor.post(payPaths.billing, { address: billing, contact_number: '' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      postcode: 'BN1 1AA',
      country_code: 1,
      address_1: '1 Sea Road',
      town: 'Brighton',
    });
    const bad = await visitor.post(payPaths.billing, { address: { postcode: 'NOWHERE' }, contact_number: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(messages.addressNotFound);
  });

  test.each([
    ['a UK postcode', { postcode: 'bs1 4qa', country: 1 }, 200],
    ['a US ZIP code of 5 digits', { postcode: '10001', country: 2 }, 200],
    ['a US ZIP code of 9 digits', { postcode: '100011234', country: 2 }, 200],
    ['a French postcode (free text)', { postcode: '75001', country: 79 }, 200],
    ['an Irish Eircode (free text)', { postcode: 'D02 X285', country: 110 }, 200],
    ['a UK postcode given as a US ZIP code', { postcode: 'BS1 4QA', country: 2 }, 400],
    ['a US ZIP code given as a UK postcode', { postcode: '10001', country: 1 }, 400],
    ['an empty postcode abroad', { postcode: ' ', country: 79 }, 400],
    ['a country that does not exist', { postcode: '75001', country: 9999 }, 400],
  ])('billing for every country: %s -> %s', async (_name, address, status) => {
    const type = await freshTickets(t, 5);
    const visitor = await reservedBuyer(t, type, 1);
    const response = await visitor.post(payPaths.billing, { address, contact_number: '' });
    expect(response.statusCode).toBe(status);
    if (status === 200) expect(response.json()).toMatchObject({ country_code: address.country });
  });
});

describe('set_account_details (express)', () => {
  beforeAll(async () => {
    // The 'Checkout Demo' organiser uses express checkout in this file.
    await t.db
      .updateTable('organisers')
      .set({ express_checkout: true })
      .where('id', '=', SEED.organiser.demo)
      .execute();
  });

  const details = (email: string, fullname = 'Grace Hopper') => ({
    fullname,
    email,
    address: { postcode: 'BN1 1AA' },
    contact_number: '',
    ct_subscribed: '1',
  });

  test('creates the account and names the buyer on the sale, signing nobody in (that needs a one-time code); the checkout is express', async () => {
    const type = await freshTickets(t, 5);
    const visitor = await reservedBuyer(t, type, 1);
    expect((await visitor.get(salePaths.get)).json().express).toBe(true);
    const response = await visitor.post(payPaths.account, details('grace@example.com'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', postcode: 'BN1 1AA' });
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'grace@example.com')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });
    expect(await saleOf(t, visitor)).toMatchObject({
      user_id: null,
      email: 'grace@example.com',
      full_name: 'Grace Hopper',
    });
    expect((await visitor.get('/ajax/user/user/get_user/')).json().user).toBeNull();
  });

  test('finds an existing account by email (any case) without signing in to it', async () => {
    const type = await freshTickets(t, 5);
    const visitor = await reservedBuyer(t, type, 1);
    const before = await t.db.selectFrom('users').select('id').execute();
    const response = await visitor.post(payPaths.account, details('GRACE@example.com'));
    expect(response.statusCode).toBe(200);
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(before.length);
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'grace@example.com')
      .executeTakeFirstOrThrow();
    expect(user.id).toBeGreaterThan(0);
    expect(await saleOf(t, visitor)).toMatchObject({ user_id: null, email: 'GRACE@example.com' });
    const session = await t.db
      .selectFrom('sessions')
      .select('user_id')
      .where('sale_id', '=', (await saleOf(t, visitor)).id)
      .executeTakeFirst();
    expect(session?.user_id).toBeNull();
  });

  test('field errors: one-word name, bad email; nothing written', async () => {
    const type = await freshTickets(t, 5);
    const visitor = await reservedBuyer(t, type, 1);
    const users = await t.db.selectFrom('users').select('id').execute();
    const name = await visitor.post(payPaths.account, details('someone@example.com', 'Grace'));
    expect(name.statusCode).toBe(400);
    expect(name.json().errors).toEqual({ fullname: messages.expressFullNameRequired });
    const email = await visitor.post(payPaths.account, details('not-an-email'));
    expect(email.statusCode).toBe(400);
    expect(email.json().errors).toHaveProperty('email');
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual(users);
    expect((await saleOf(t, visitor)).email).toBeNull();
  });

  test('a checkout that is not express is refused', async () => {
    const type = await freshTickets(t, 5, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 1);
    const response = await visitor.post(payPaths.account, details('x@example.com'));
    expect(response.statusCode).toBe(409);
  });
});

describe('get_opoa_users and checkout fields', () => {
  test('the basket organiser with its own payment account', async () => {
    const type = await freshTickets(t, 5, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 1);
    expect((await visitor.post(payPaths.opoa)).json()).toEqual({
      opoa_users: [
        { organiser_id: SEED.organiser.lumen, name: 'Lumen Live', provider: 'square', merchant_id: 'sq_demo_lumen' },
      ],
      full_name: null,
    });
    const checkout = (await visitor.get(salePaths.get)).json();
    expect(checkout).toMatchObject({
      opoa: { provider: 'square', merchant_id: 'sq_demo_lumen', overridden: false },
      sagepay_or_stripe: 'square',
      truelayer_returned_from: null,
      payment_complete: false,
    });
  });
});
