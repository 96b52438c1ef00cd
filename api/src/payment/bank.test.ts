import { expireHolds } from '../inventory/holds';
import { SEED } from '../seed/catalogue';
import { saleOf, salePaths, stockOf } from '../testing/sale-support';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { paymentMessages } from './messages';
import {
  bankPortal,
  freshTickets,
  key,
  payPaths,
  reservedBuyer,
  runPaymentJobs,
  testPaymentConfig,
  toBank,
} from './test-support';

const SETTLE_MS = 4000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      payment: testPaymentConfig({ bankSettleMs: SETTLE_MS }),
    },
  });
}, 60_000);
afterAll(() => t.close());

const status = async (visitor: Visitor) => (await visitor.post(payPaths.bankStatus)).json().truelayer_status;

describe('open-banking sandbox', () => {
  test('approve: pending until the bank settles, then executed and the sale paid once', async () => {
    const type = await freshTickets(t, 10, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 2);
    const paymentId = await toBank(visitor);
    expect((await saleOf(t, visitor)).state).toBe('awaiting_truelayer');
    const page = await visitor.get(`${payPaths.bankPortal}?payment_id=${paymentId}`);
    expect(page.statusCode).toBe(200);
    for (const text of ['Sandbox', 'Approve', 'Cancel', 'Fail', '£20.00']) expect(page.body).toContain(text);
    await bankPortal(t, paymentId, 'approve');
    expect((await visitor.get(salePaths.get)).json().truelayer_returned_from).toBe(1);
    expect(await status(visitor)).toMatchObject({ status: 'pending', payment_completed: false });
    t.clock.advance(SETTLE_MS);
    const done = await status(visitor);
    expect(done).toMatchObject({
      status: 'executed',
      payment_completed: true,
      total: 20,
      truelayer_status_error: null,
    });
    expect(done.reference).toBe((await saleOf(t, visitor)).reference);
    expect(await status(visitor)).toMatchObject({ status: 'executed', payment_completed: true });
    expect(await saleOf(t, visitor)).toMatchObject({ status: 'paid', state: 'deliver_tickets' });
    expect(await stockOf(t, type)).toMatchObject({ sold: 2, held: 0 });
  });

  test('cancel: truelayer_returned_from 0 and a failed status; nothing sold', async () => {
    const type = await freshTickets(t, 10, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 1);
    await bankPortal(t, await toBank(visitor), 'cancel');
    expect((await visitor.get(salePaths.get)).json().truelayer_returned_from).toBe(0);
    expect(await status(visitor)).toMatchObject({
      status: 'failed',
      payment_completed: false,
      truelayer_status_error: paymentMessages.bankCancelled,
    });
    expect(await stockOf(t, type)).toMatchObject({ sold: 0, held: 1 });
  });

  test('fail: a failed status with the error; get_payment_error has it', async () => {
    const type = await freshTickets(t, 10, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 1);
    await bankPortal(t, await toBank(visitor), 'fail');
    expect((await visitor.get(salePaths.get)).json().truelayer_returned_from).toBe(1);
    expect(await status(visitor)).toMatchObject({
      status: 'failed',
      truelayer_status_error: paymentMessages.bankFailed,
    });
    expect((await visitor.post(payPaths.paymentError)).body).toBe(paymentMessages.bankFailed);
    expect((await saleOf(t, visitor)).status).toBe('reserved');
  });

  test('the buyer never comes back: the durable job settles the executed payment', async () => {
    const type = await freshTickets(t, 10, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 1);
    await bankPortal(t, await toBank(visitor), 'approve');
    await runPaymentJobs(t);
    expect((await saleOf(t, visitor)).status).toBe('reserved');
    t.clock.advance(SETTLE_MS);
    expect(await runPaymentJobs(t)).toBeGreaterThanOrEqual(1);
    expect((await saleOf(t, visitor)).status).toBe('paid');
    expect(await stockOf(t, type)).toMatchObject({ sold: 1, held: 0 });
  });

  test('confirmed after the hold expired, stock still there: the sale is honoured', async () => {
    const type = await freshTickets(t, 5, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 2);
    await bankPortal(t, await toBank(visitor), 'approve');
    t.clock.advance(t.deps.config.holdSeconds * 1000 + 1000);
    await expireHolds(t.db, t.clock.now());
    expect(await stockOf(t, type)).toMatchObject({ sold: 0, held: 0 });
    expect(await status(visitor)).toMatchObject({ status: 'executed', payment_completed: true });
    expect((await saleOf(t, visitor)).status).toBe('paid');
    expect(await stockOf(t, type)).toMatchObject({ sold: 2, held: 0 });
  });

  test('confirmed after the hold expired, stock gone: refunded with the reason, never oversold', async () => {
    const type = await freshTickets(t, 2, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 2);
    const paymentId = await toBank(visitor);
    await bankPortal(t, paymentId, 'approve');
    t.clock.advance(t.deps.config.holdSeconds * 1000 + 1000);
    await expireHolds(t.db, t.clock.now());
    // Someone else buys the last tickets meanwhile.
    await reservedBuyer(t, type, 2);
    const answer = await status(visitor);
    expect(answer).toMatchObject({
      status: 'failed',
      payment_completed: false,
      checkout_expires_in: 0,
      truelayer_status_error: paymentMessages.refundedAfterExpiry,
    });
    const sale = await t.db
      .selectFrom('sales')
      .selectAll()
      .where('reference', '=', answer.reference)
      .executeTakeFirstOrThrow();
    expect(sale).toMatchObject({ status: 'refunded', refund_reason: paymentMessages.refundedAfterExpiry });
    expect(await stockOf(t, type)).toMatchObject({ sold: 0, held: 2 });
    expect(
      await t.db.selectFrom('payments').select('status').where('sale_id', '=', sale.id).executeTakeFirst(),
    ).toEqual({ status: 'refund_pending' });
    await runPaymentJobs(t);
    expect(
      await t.db.selectFrom('payments').select('status').where('sale_id', '=', sale.id).executeTakeFirst(),
    ).toEqual({ status: 'refunded' });
    expect(
      await t.db.selectFrom('sandbox_bank_payments').select('refunded').where('id', '=', paymentId).executeTakeFirst(),
    ).toEqual({ refunded: true });
    // Asking again answers the same.
    const again = await status(visitor);
    expect(again.truelayer_status_error).toBe(paymentMessages.refundedAfterExpiry);
    // No time left: the page shows the payment-failed-after-expiry message and returns to the basket.
    expect(again).toMatchObject({ status: 'failed', checkout_expires_in: 0 });
  });

  test('a bank transfer in euro: the seeded Canal Concert (a square-type EUR organiser) is paid by bank, € for €', async () => {
    const visitor = await reservedBuyer(t, SEED.ticket.canalSeat, 2);
    const paymentId = await toBank(visitor);
    expect(
      await t.db
        .selectFrom('sandbox_bank_payments')
        .select(['amount_minor', 'currency'])
        .where('id', '=', paymentId)
        .executeTakeFirst(),
    ).toEqual({ amount_minor: 5300, currency: 'EUR' });
    expect((await visitor.get(`${payPaths.bankPortal}?payment_id=${paymentId}`)).body).toContain('€53.00');
    await bankPortal(t, paymentId, 'approve');
    t.clock.advance(SETTLE_MS);
    expect(await status(visitor)).toMatchObject({ status: 'executed', payment_completed: true, total: 53 });
    const sale = await saleOf(t, visitor);
    expect(sale).toMatchObject({ status: 'paid', currency: 'EUR' });
    expect(
      await t.db
        .selectFrom('ledger_entries')
        .select(['amount_minor', 'currency'])
        .where('sale_id', '=', sale.id)
        .execute(),
    ).toEqual([{ amount_minor: 5300, currency: 'EUR' }]);
  });

  test('a stripe-type organiser has no bank option', async () => {
    const type = await freshTickets(t, 5);
    const visitor = await reservedBuyer(t, type, 1);
    expect((await visitor.post(payPaths.createBank)).statusCode).toBe(409);
    expect((await visitor.post(payPaths.payBank, { contact_number: '', idempotency_key: key() })).statusCode).toBe(409);
  });

  test('the same pay_with_truelayer key twice: one bank payment, the same auth url', async () => {
    const type = await freshTickets(t, 5, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 1);
    const k = key();
    const answers = await Promise.all(
      [1, 2].map(() => visitor.post(payPaths.payBank, { contact_number: '', idempotency_key: k })),
    );
    expect(answers[0]?.json().auth_url).toBe(answers[1]?.json().auth_url);
    const sale = await saleOf(t, visitor);
    expect(
      await t.db.selectFrom('sale_provider_payments').selectAll().where('sale_id', '=', sale.id).execute(),
    ).toHaveLength(1);
  });
});
