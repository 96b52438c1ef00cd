import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { guestVisitor } from '../testing/identity';
import { saleOf } from '../testing/sale-support';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { cardOfNumber, describeCard, paymentCardOf } from './card-details';
import { CARDS, cardForm, freshTickets, key, payPaths } from './test-support';

/**
 * The card a receipt names: brand and last four, recorded where the card is known (the card sandbox's confirm, a
 * square-type token) or asked of the provider that knows it (Stripe), never the number.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const cardOfSale = async (saleId: number) =>
  t.db
    .selectFrom('sale_provider_payments')
    .select(['provider', 'card_brand', 'card_last4', 'status'])
    .where('sale_id', '=', saleId)
    .where('provider_payment_id', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

let buyers = 0;
async function buyer(): Promise<{ visitor: Visitor; saleId: number; clientSecret: string }> {
  buyers += 1;
  const type = await freshTickets(t, 5);
  const visitor = await guestVisitor(t, `card${buyers}@example.com`, 'Casey Card', [{ ticket_id: type, quantity: 1 }]);
  const token = (await visitor.post(payPaths.getToken, { idempotency_key: key() })).json<{ client_secret: string }>();
  return { visitor, saleId: (await saleOf(t, visitor)).id, clientSecret: token.client_secret };
}

test.each([
  ['4242 4242 4242 4242', { brand: 'visa', last4: '4242' }, 'Visa ending 4242'],
  ['5555-5555-5555-4444', { brand: 'mastercard', last4: '4444' }, 'Mastercard ending 4444'],
  ['378282246310005', { brand: 'amex', last4: '0005' }, 'American Express ending 0005'],
  ['6011111111111117', { brand: null, last4: '1117' }, 'Card ending 1117'],
])('%s is %j, "%s"', (number, card, words) => {
  expect(cardOfNumber(number)).toEqual(card);
  expect(describeCard(card)).toBe(words);
});

test('the names Stripe gives brands read as buyers know them; nothing that is not a card number is kept', () => {
  expect(describeCard({ brand: 'diners', last4: '0004' })).toBe('Diners Club ending 0004');
  expect(describeCard({ brand: 'unionpay', last4: '0005' })).toBe('UnionPay ending 0005');
  expect(describeCard({ brand: 'somethingnew', last4: '0006' })).toBe('Card ending 0006');
  expect(cardOfNumber('not a card')).toBeNull();
});

describe('the card sandbox records the card that paid', () => {
  test('a declined card is not recorded; the card that then pays is', async () => {
    const { visitor, saleId, clientSecret } = await buyer();
    expect((await visitor.post(payPaths.confirm, cardForm(clientSecret, CARDS.decline))).statusCode).toBe(402);
    expect(await cardOfSale(saleId)).toMatchObject({ card_brand: null, card_last4: null });
    expect((await visitor.post(payPaths.confirm, cardForm(clientSecret, '5555 5555 5555 4444'))).json()).toEqual({
      status: 'succeeded',
    });
    expect(await cardOfSale(saleId)).toEqual({
      provider: 'stripe',
      card_brand: 'mastercard',
      card_last4: '4444',
      status: 'settled',
    });
  });

  test('3-D Secure: the card is recorded when it is confirmed, and the settled payment keeps it', async () => {
    const { visitor, saleId, clientSecret } = await buyer();
    const { redirect_url } = (await visitor.post(payPaths.confirm, cardForm(clientSecret, CARDS.threeDs))).json<{
      redirect_url: string;
    }>();
    expect(await cardOfSale(saleId)).toMatchObject({ card_brand: 'visa', card_last4: '3184', status: 'open' });
    const pi = new URL(redirect_url, 'http://x').searchParams.get('pi') ?? '';
    await t.app.inject({
      method: 'POST',
      url: payPaths.threeDs,
      payload: `pi=${pi}&outcome=complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await visitor.get(`${payPaths.stripeReturn}?payment_intent=${pi}&redirect_status=succeeded`);
    expect(await cardOfSale(saleId)).toEqual({
      provider: 'stripe',
      card_brand: 'visa',
      card_last4: '3184',
      status: 'settled',
    });
  });

  test('confirming a settled payment again with another card charges nothing and changes nothing', async () => {
    const { visitor, saleId, clientSecret } = await buyer();
    expect((await visitor.post(payPaths.confirm, cardForm(clientSecret, CARDS.success))).json()).toEqual({
      status: 'succeeded',
    });
    await visitor.post(payPaths.confirm, cardForm(clientSecret, '5555 5555 5555 4444'));
    expect(await cardOfSale(saleId)).toMatchObject({ card_brand: 'visa', card_last4: '4242' });
  });
});

describe('a card only the provider knows', () => {
  let stripe: Server;
  let answer: (intentId: string) => { status: number; body: unknown };
  const asked: string[] = [];
  beforeAll(async () => {
    stripe = createServer((request, response) => {
      asked.push(request.url ?? '');
      const id = /^\/v1\/payment_intents\/([^/?]+)/.exec(request.url ?? '')?.[1] ?? '';
      const { status, body } = answer(id);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => stripe.close(() => resolve())));
  const keys = () => ({
    secretKey: 'sk_test_cards',
    publishableKey: 'pk_test_cards',
    host: '127.0.0.1',
    port: (stripe.address() as AddressInfo).port,
    protocol: 'http' as const,
  });

  test("Stripe is asked for the PaymentIntent's payment method once; the answer is recorded on the payment", async () => {
    const { saleId } = await buyer();
    // Paid at Stripe (Stripe.js confirms in the page): the api never sees the card.
    const row = await cardOfSale(saleId);
    expect(row.card_last4).toBeNull();
    const intentId =
      (
        await t.db
          .selectFrom('sale_provider_payments')
          .select('provider_payment_id')
          .where('sale_id', '=', saleId)
          .executeTakeFirstOrThrow()
      ).provider_payment_id ?? '';
    answer = (id) => ({
      status: 200,
      body: {
        id,
        object: 'payment_intent',
        amount: 1000,
        currency: 'gbp',
        status: 'succeeded',
        payment_method: { id: 'pm_1', object: 'payment_method', type: 'card', card: { brand: 'amex', last4: '0005' } },
      },
    });
    const payment = { ...t.deps.config.payment, stripe: keys() };
    expect(await paymentCardOf({ db: t.db, payment }, 'stripe', intentId)).toEqual({ brand: 'amex', last4: '0005' });
    expect(asked).toHaveLength(1);
    expect(decodeURIComponent(asked[0] ?? '')).toBe(`/v1/payment_intents/${intentId}?expand[0]=payment_method`);
    expect(await cardOfSale(saleId)).toMatchObject({ card_brand: 'amex', card_last4: '0005' });
    // Recorded: not asked again.
    expect(await paymentCardOf({ db: t.db, payment }, 'stripe', intentId)).toEqual({ brand: 'amex', last4: '0005' });
    expect(asked).toHaveLength(1);
  });

  test('Stripe failing or not saying gives a receipt without a card, not an error', async () => {
    const { saleId } = await buyer();
    const intentId =
      (
        await t.db
          .selectFrom('sale_provider_payments')
          .select('provider_payment_id')
          .where('sale_id', '=', saleId)
          .executeTakeFirstOrThrow()
      ).provider_payment_id ?? '';
    const payment = { ...t.deps.config.payment, stripe: keys() };
    answer = () => ({ status: 500, body: { error: { type: 'api_error', message: 'down' } } });
    expect(await paymentCardOf({ db: t.db, payment }, 'stripe', intentId)).toBeNull();
    answer = (id) => ({
      status: 200,
      body: { id, object: 'payment_intent', status: 'succeeded', payment_method: null },
    });
    expect(await paymentCardOf({ db: t.db, payment }, 'stripe', intentId)).toBeNull();
    expect(await cardOfSale(saleId)).toMatchObject({ card_brand: null, card_last4: null });
  });

  test('a bank payment or a free claim has no card', async () => {
    expect(await paymentCardOf({ db: t.db, payment: t.deps.config.payment }, 'truelayer', 'bp_none')).toBeNull();
    expect(await paymentCardOf({ db: t.db, payment: t.deps.config.payment }, 'free', 'free_1')).toBeNull();
  });
});
