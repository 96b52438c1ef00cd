import * as messages from '@checkout/shared/messages/awaiting-bank';
import { saleOf, salePaths, stockOf } from '../testing/sale-support';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { paymentMessages } from './messages';
import { CARDS, cardForm, freshTickets, key, payPaths, reservedBuyer } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

async function token(visitor: Visitor, idempotencyKey = key()) {
  const response = await visitor.post(payPaths.getToken, { idempotency_key: idempotencyKey });
  expect(response.statusCode).toBe(200);
  return response.json<{ public_key: string; client_secret: string }>();
}

describe('card sandbox (stripe-type)', () => {
  test('get_token answers the sandbox key and an intent for the basket total', async () => {
    const type = await freshTickets(t, 10);
    const visitor = await reservedBuyer(t, type, 2);
    const { public_key, client_secret } = await token(visitor);
    expect(public_key).toBe('pk_sandbox');
    expect(client_secret).toMatch(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);
    const intent = await t.db
      .selectFrom('sandbox_payment_intents')
      .selectAll()
      .where('client_secret', '=', client_secret)
      .executeTakeFirstOrThrow();
    expect(intent).toMatchObject({ amount_minor: 2000, currency: 'gbp', status: 'requires_payment_method' });
  });

  test('4242… succeeds: the sale is paid once, its hold sold, state deliver_tickets', async () => {
    const type = await freshTickets(t, 10);
    const visitor = await reservedBuyer(t, type, 3);
    const { client_secret } = await token(visitor);
    const response = await visitor.post(payPaths.confirm, cardForm(client_secret, CARDS.success));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'succeeded' });
    const sale = await saleOf(t, visitor);
    expect(sale).toMatchObject({ status: 'paid', state: 'deliver_tickets' });
    expect(await stockOf(t, type)).toMatchObject({ sold: 3, held: 0, activeHolds: 0 });
    // Confirming again (a double click) charges nothing more and sells nothing twice.
    expect((await visitor.post(payPaths.confirm, cardForm(client_secret, CARDS.success))).json()).toEqual({
      status: 'succeeded',
    });
    expect(await stockOf(t, type)).toMatchObject({ sold: 3, held: 0 });
    const payments = await t.db.selectFrom('payments').selectAll().where('sale_id', '=', sale.id).execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ provider: 'stripe', amount_minor: 3000, status: 'paid' });
    const checkout = (await visitor.get(salePaths.get)).json();
    expect(checkout).toMatchObject({ payment_complete: true, sagepay_or_stripe: 'stripe' });
  });

  test.each([
    ['declined', CARDS.decline, 'card_declined', paymentMessages.cardDeclined],
    ['insufficient funds', CARDS.insufficient, 'insufficient_funds', paymentMessages.insufficientFunds],
  ])(
    '%s: a 402 with the card error, stored for get_payment_error; nothing sold',
    async (_name, number, code, message) => {
      const type = await freshTickets(t, 10);
      const visitor = await reservedBuyer(t, type, 1);
      const { client_secret } = await token(visitor);
      const response = await visitor.post(payPaths.confirm, cardForm(client_secret, number));
      expect(response.statusCode).toBe(402);
      expect(response.json()).toEqual({ error: { code, message } });
      expect((await saleOf(t, visitor)).status).toBe('reserved');
      expect(await stockOf(t, type)).toMatchObject({ sold: 0, held: 1 });
      expect((await visitor.post(payPaths.paymentError)).body).toBe(message);
      // Another card on the same intent then succeeds.
      expect((await visitor.post(payPaths.confirm, cardForm(client_secret, CARDS.success))).json()).toEqual({
        status: 'succeeded',
      });
      expect((await saleOf(t, visitor)).status).toBe('paid');
    },
  );

  test('a wrong number, an expired card and a bad CVC are refused before any charge', async () => {
    const type = await freshTickets(t, 10);
    const visitor = await reservedBuyer(t, type, 1);
    const { client_secret } = await token(visitor);
    const wrong = await visitor.post(payPaths.confirm, cardForm(client_secret, '4242 4242 4242 4241'));
    expect(wrong.statusCode).toBe(402);
    expect(wrong.json().error.code).toBe('incorrect_number');
    const expired = await visitor.post(payPaths.confirm, { ...cardForm(client_secret, CARDS.success), exp_year: '29' });
    expect(expired.json().error.code).toBe('expired_card');
    expect((await saleOf(t, visitor)).status).toBe('reserved');
  });

  test('3-D Secure completed: the page, then the return route settles the sale and goes to /checkout/', async () => {
    const type = await freshTickets(t, 10);
    const visitor = await reservedBuyer(t, type, 2);
    const { client_secret } = await token(visitor);
    const response = await visitor.post(payPaths.confirm, cardForm(client_secret, CARDS.threeDs));
    expect(response.statusCode).toBe(200);
    const { status, redirect_url } = response.json<{ status: string; redirect_url: string }>();
    expect(status).toBe('requires_action');
    expect(redirect_url).toMatch(/^\/sandbox\/stripe\/3ds\?pi=pi_/);
    const page = await visitor.get(redirect_url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox');
    expect(page.body).toContain('Complete authentication');
    expect(page.body).toContain('Fail authentication');
    expect(page.body).toContain('£20.00');
    const pi = new URL(redirect_url, 'http://x').searchParams.get('pi') ?? '';
    // A plain HTML form: no XSRF header (the provider's own site).
    const answered = await t.app.inject({
      method: 'POST',
      url: payPaths.threeDs,
      payload: `pi=${pi}&outcome=complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answered.statusCode).toBe(303);
    expect(answered.headers.location).toBe(`/do/checkout/stripe_auth/?payment_intent=${pi}&redirect_status=succeeded`);
    expect((await saleOf(t, visitor)).status).toBe('reserved');
    const back = await visitor.get(answered.headers.location as string);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/checkout/?card_return=1');
    expect(await saleOf(t, visitor)).toMatchObject({ status: 'paid', state: 'deliver_tickets' });
    expect(await stockOf(t, type)).toMatchObject({ sold: 2, held: 0 });
  });

  test('3-D Secure failed: the return route stores the error and leaves the sale on payment', async () => {
    const type = await freshTickets(t, 10);
    const visitor = await reservedBuyer(t, type, 1);
    const { client_secret } = await token(visitor);
    const { redirect_url } = (await visitor.post(payPaths.confirm, cardForm(client_secret, CARDS.threeDs))).json<{
      redirect_url: string;
    }>();
    const pi = new URL(redirect_url, 'http://x').searchParams.get('pi') ?? '';
    const answered = await t.app.inject({
      method: 'POST',
      url: payPaths.threeDs,
      payload: `pi=${pi}&outcome=fail`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answered.headers.location).toContain('redirect_status=failed');
    // Even a forged 'succeeded' in the query is checked with the provider.
    const back = await visitor.get(`${payPaths.stripeReturn}?payment_intent=${pi}&redirect_status=succeeded`);
    expect(back.headers.location).toBe('/checkout/?card_return=1');
    expect(await saleOf(t, visitor)).toMatchObject({ status: 'reserved', state: 'payment' });
    expect((await visitor.post(payPaths.paymentError)).body).toBe(paymentMessages.authenticationFailed);
    expect(await stockOf(t, type)).toMatchObject({ sold: 0, held: 1 });
  });

  test('get_token needs a live reservation', async () => {
    const visitor = await t.visitor();
    const response = await visitor.post(payPaths.getToken, { idempotency_key: key() });
    expect(response.statusCode).toBe(409);
    expect(response.json().type).toBe('reserving');
  });
});

describe('idempotency', () => {
  test('two concurrent get_token requests with one key: one intent, the same answer', async () => {
    const type = await freshTickets(t, 10);
    const visitor = await reservedBuyer(t, type, 1);
    const sale = await saleOf(t, visitor);
    const k = key();
    const answers = await Promise.all([1, 2, 3].map(() => visitor.post(payPaths.getToken, { idempotency_key: k })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().client_secret)).size).toBe(1);
    const intents = await t.db
      .selectFrom('sale_provider_payments')
      .selectAll()
      .where('sale_id', '=', sale.id)
      .execute();
    expect(intents).toHaveLength(1);
  });

  test('two concurrent confirms of one intent charge once and sell once', async () => {
    const type = await freshTickets(t, 10);
    const visitor = await reservedBuyer(t, type, 2);
    const { client_secret } = await token(visitor);
    const answers = await Promise.all(
      [1, 2].map(() => visitor.post(payPaths.confirm, cardForm(client_secret, CARDS.success))),
    );
    expect(answers.map((a) => a.json())).toEqual([{ status: 'succeeded' }, { status: 'succeeded' }]);
    const sale = await saleOf(t, visitor);
    expect(await t.db.selectFrom('payments').selectAll().where('sale_id', '=', sale.id).execute()).toHaveLength(1);
    expect(await stockOf(t, type)).toMatchObject({ sold: 2, held: 0 });
  });

  test('the same key with a different amount is a 409 and creates nothing', async () => {
    const type = await freshTickets(t, 10);
    const visitor = await reservedBuyer(t, type, 1);
    const k = key();
    await token(visitor, k);
    // The basket changes (and is reserved again): the amount differs.
    await visitor.post(salePaths.quantity, { ticket_id: type, quantity: 2 });
    expect((await visitor.post(salePaths.reserve)).json().reserved).toBe(true);
    const sale = await saleOf(t, visitor);
    const before = await t.db.selectFrom('sale_provider_payments').selectAll().where('sale_id', '=', sale.id).execute();
    const response = await visitor.post(payPaths.getToken, { idempotency_key: k });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(paymentMessages.keyReused);
    expect(
      await t.db.selectFrom('sale_provider_payments').selectAll().where('sale_id', '=', sale.id).execute(),
    ).toEqual(before);
  });
});

describe('claim_free_tickets', () => {
  test('a zero-total basket is claimed once and settled with provider free', async () => {
    const type = await freshTickets(t, 10, { price_minor: 0 });
    const visitor = await reservedBuyer(t, type, 2);
    const k = key();
    const answers = await Promise.all(
      [1, 2].map(() => visitor.post(payPaths.claimFree, { email: 'free@example.com', idempotency_key: k })),
    );
    expect(answers.map((a) => a.json())).toEqual([{ success: true }, { success: true }]);
    const sale = await saleOf(t, visitor);
    expect(sale).toMatchObject({ status: 'paid', email: 'free@example.com' });
    expect(
      await t.db.selectFrom('payments').select(['provider', 'amount_minor']).where('sale_id', '=', sale.id).execute(),
    ).toEqual([{ provider: 'free', amount_minor: 0 }]);
    expect(await stockOf(t, type)).toMatchObject({ sold: 2, held: 0 });
  });

  test('a basket with something to pay is refused and nothing changes', async () => {
    const type = await freshTickets(t, 10);
    const visitor = await reservedBuyer(t, type, 1);
    const response = await visitor.post(payPaths.claimFree, { email: 'free@example.com', idempotency_key: key() });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(paymentMessages.notFree);
    expect((await saleOf(t, visitor)).status).toBe('reserved');
    expect(await stockOf(t, type)).toMatchObject({ sold: 0, held: 1 });
  });
});

describe('sandbox payment methods (instalments)', () => {
  test('a valid card becomes a pm_ with its brand and last four; a wrong number is a 402', async () => {
    const visitor = await t.visitor();
    const ok = await visitor.post(payPaths.paymentMethods, {
      number: CARDS.success,
      exp_month: '1',
      exp_year: '2035',
      cvc: '123',
      name: 'Ada Lovelace',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      id: expect.stringMatching(/^pm_/),
      brand: 'visa',
      last4: '4242',
      month: 1,
      year: 2035,
      funding: 'credit',
    });
    const bad = await visitor.post(payPaths.paymentMethods, {
      number: '4242 4242 4242 4241',
      exp_month: '1',
      exp_year: '2035',
      cvc: '123',
    });
    expect(bad.statusCode).toBe(402);
  });
});

test('messages used by the page are the spec sentences', () => {
  expect(messages.paymentFailedExpired).toContain('checkout time expired');
});
