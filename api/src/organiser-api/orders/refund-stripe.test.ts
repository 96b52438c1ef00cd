import { issueTickets } from '../../tickets/tickets';
import { reconcile } from '../../ledger/reconcile';
import { startStripeStub, type StripeStub } from '../../payment/testing/stripe-stub';
import { confirmSalePayment } from '../../payment/settle';
import {
  freshTickets,
  key,
  payPaths,
  reservedBuyer,
  runPaymentJobs,
  testPaymentConfig,
} from '../../payment/test-support';
import { saleOf } from '../../testing/sale-support';
import { SEED } from '../../seed/catalogue';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ORGANISER_API_PREFIX } from '../plugin';
import { apiCaller } from '../testing';
import type { Order, Refund } from './schemas';

/** An organiser's refund of some tickets goes to the provider that took the money: that amount, under its own key. */

const SECRET = 'sk_test_stub';
let stub: StripeStub;
let t: TestApp;
beforeAll(async () => {
  stub = await startStripeStub(SECRET);
  t = await createTestApp({
    config: {
      payment: testPaymentConfig({
        stripe: {
          secretKey: SECRET,
          publishableKey: 'pk_test_stub',
          host: '127.0.0.1',
          port: stub.port,
          protocol: 'http',
        },
      }),
    },
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await stub.close();
});

test('a partial refund asks Stripe for that amount of the intent, once, under the refund’s own idempotency key', async () => {
  const type = await freshTickets(t, 5, { price_minor: 1_500 });
  const visitor = await reservedBuyer(t, type, 2);
  const secret = (await visitor.post(payPaths.getToken, { idempotency_key: key() })).json().client_secret as string;
  const intent = [...stub.intents.values()].find((candidate) => candidate.client_secret === secret);
  if (!intent) throw new Error('no intent');
  intent.status = 'succeeded';
  const sale = await saleOf(t, visitor);
  expect(await confirmSalePayment(t.db, sale.id, undefined, t.clock.now())).toEqual({ paid: true, error: '' });
  await issueTickets(t.db, sale.id, t.clock.now());

  const api = await apiCaller(t, SEED.organiser.demo);
  const order = (await api.call('GET', `/orders/${sale.reference}`)).json<Order>();
  const [ticket] = order.tickets;
  if (!ticket) throw new Error('no ticket');
  const response = await t.app.inject({
    method: 'POST',
    url: `${ORGANISER_API_PREFIX}/orders/${sale.reference}/refunds`,
    headers: { authorization: `Bearer ${api.key}`, 'content-type': 'application/json', 'idempotency-key': key() },
    payload: JSON.stringify({ tickets: [ticket.code] }),
  });
  expect(response.statusCode).toBe(201);
  const refund = response.json<{ refund: Refund }>().refund;
  expect(refund.amount_minor).toBe(1_500);

  await runPaymentJobs(t);
  await runPaymentJobs(t);
  expect(stub.refunds).toEqual([{ payment_intent: intent.id, amount: 1_500, idempotencyKey: `refund-${refund.id}` }]);
  expect((await api.call('GET', `/orders/${sale.reference}`)).json<Order>().refunds).toEqual([
    expect.objectContaining({ id: refund.id, status: 'completed' }),
  ]);
  const report = await reconcile(t.db, { now: t.clock.now() });
  expect(report.mismatches).toEqual([]);
  // Stripe's money is real money: the ledger marks none of it as test money, and reconcile counts it as collected.
  const entries = await t.db
    .selectFrom('ledger_entries')
    .select(['kind', 'test_money'])
    .where('sale_id', '=', sale.id)
    .execute();
  expect(entries).toEqual(
    expect.arrayContaining([
      { kind: 'payment', test_money: false },
      { kind: 'refund', test_money: false },
    ]),
  );
  expect(report.collectedMinor).toBeGreaterThanOrEqual(3_000);
  expect(report.refundedMinor).toBeGreaterThanOrEqual(1_500);
});
