import { expireHolds } from '../inventory/holds';
import { reconcile } from '../ledger/reconcile';
import { saleOf, salePaths } from '../testing/sale-support';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { paymentMessages } from './messages';
import {
  cardForm,
  CARDS,
  freshTickets,
  key,
  payPaths,
  reservedBuyer,
  runPaymentJobs,
  testPaymentConfig,
} from './test-support';

/**
 * A limited code a payment was priced with, claimed by another checkout while the payment's hold had lapsed: settling
 * refunds the payment with the code named, so the code is paid for at its discount no more often than it may be used.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { payment: testPaymentConfig() } });
}, 60_000);
afterAll(() => t.close());

let nextCodeId = 7_000;
async function limitedCode(kind: 'fixed' | 'gift_voucher' = 'fixed'): Promise<string> {
  nextCodeId += 1;
  const code = `CLAIM-${nextCodeId}`;
  await t.db
    .insertInto('codes')
    .values(
      kind === 'fixed'
        ? { id: nextCodeId, code, kind, amount_minor: 300, currency: 'GBP', max_uses: 1 }
        : { id: nextCodeId, code, kind, amount_minor: 500, balance_minor: 500, currency: 'GBP' },
    )
    .execute();
  return code;
}

/** Each buyer's sale (a refunded sale is no longer the session's basket). */
const saleIds = new WeakMap<Visitor, number>();

/** A reserved buyer of one £10 ticket with `code` applied (applied before reserving, so the reservation claims it). */
async function buyerWithCode(type: number, code: string): Promise<Visitor> {
  const visitor = await t.visitor();
  expect((await visitor.post(salePaths.add, { ticket_id: type, quantity: 1 })).json().success).toBe(true);
  expect((await visitor.post(salePaths.code, { code })).json()).toEqual({ code_applied: true });
  expect((await visitor.post(salePaths.reserve)).json().reserved).toBe(true);
  saleIds.set(visitor, (await saleOf(t, visitor)).id);
  return visitor;
}

async function token(visitor: Visitor): Promise<string> {
  const response = await visitor.post(payPaths.getToken, { idempotency_key: key() });
  expect(response.statusCode).toBe(200);
  return response.json().client_secret as string;
}

const confirm = (visitor: Visitor, clientSecret: string) =>
  visitor.post(payPaths.confirm, cardForm(clientSecret, CARDS.success));

/** The hold lapses and the sweeper ends it (the claim with it). */
async function lapse(): Promise<void> {
  t.clock.advance(t.deps.config.holdSeconds * 1000 + 1000);
  await expireHolds(t.db, t.clock.now());
}

const usesOf = async (code: string) =>
  (await t.db.selectFrom('codes').select('uses').where('code', '=', code).executeTakeFirstOrThrow()).uses;

async function settlementOf(visitor: Visitor) {
  const sale = await t.db
    .selectFrom('sales')
    .selectAll()
    .where('id', '=', saleIds.get(visitor) ?? 0)
    .executeTakeFirstOrThrow();
  const payment = await t.db
    .selectFrom('payments')
    .select(['status', 'amount_minor', 'price_minor'])
    .where('sale_id', '=', sale.id)
    .executeTakeFirst();
  return { status: sale.status, refund_reason: sale.refund_reason, payment };
}

async function expectReconciled(): Promise<void> {
  await runPaymentJobs(t);
  expect((await reconcile(t.db, { now: t.clock.now() })).mismatches).toEqual([]);
}

describe('a one-use code claimed by another checkout after a hold lapsed', () => {
  test('the old intent paid late is refunded with the code named; the other sale keeps the discount; uses = 1', async () => {
    const type = await freshTickets(t, 5);
    const code = await limitedCode();
    const a = await buyerWithCode(type, code);
    const stale = await token(a);
    await lapse();
    const b = await buyerWithCode(type, code);
    expect((await confirm(b, await token(b))).json()).toEqual({ status: 'succeeded' });

    const late = await confirm(a, stale);
    expect(late.statusCode).toBe(402);
    expect(late.json().error).toEqual({ code: 'payment_refunded', message: paymentMessages.refundedCodeTaken(code) });
    expect((await a.post(payPaths.paymentError)).body).toContain(paymentMessages.refundedCodeTaken(code));
    expect(await settlementOf(a)).toEqual({
      status: 'refunded',
      refund_reason: paymentMessages.refundedCodeTaken(code),
      payment: { status: 'refund_pending', amount_minor: 700, price_minor: 0 },
    });
    expect(await settlementOf(b)).toMatchObject({ status: 'paid', payment: { status: 'paid', price_minor: 700 } });
    expect(await usesOf(code)).toBe(1);
    await expectReconciled();
    expect((await settlementOf(a)).payment?.status).toBe('refunded');
  });

  test('a live claim not yet paid wins over a lapsed one: the lapsed payment is refunded, the live one then pays', async () => {
    const type = await freshTickets(t, 5);
    const code = await limitedCode();
    const a = await buyerWithCode(type, code);
    const stale = await token(a);
    await lapse();
    const b = await buyerWithCode(type, code);
    expect((await confirm(a, stale)).json().error.message).toBe(paymentMessages.refundedCodeTaken(code));
    expect((await confirm(b, await token(b))).json()).toEqual({ status: 'succeeded' });
    expect(await usesOf(code)).toBe(1);
    await expectReconciled();
  });

  test('nobody took the use meanwhile: the late payment is honoured at its discount, as lapsed stock still free is', async () => {
    const type = await freshTickets(t, 5);
    const code = await limitedCode();
    const a = await buyerWithCode(type, code);
    const stale = await token(a);
    await lapse();
    expect((await confirm(a, stale)).json()).toEqual({ status: 'succeeded' });
    expect(await settlementOf(a)).toMatchObject({ status: 'paid', payment: { price_minor: 700 } });
    expect(await usesOf(code)).toBe(1);
    await expectReconciled();
  });

  test('the same sale reserving again while the code is free claims it again and pays its old intent', async () => {
    const type = await freshTickets(t, 5);
    const code = await limitedCode();
    const a = await buyerWithCode(type, code);
    const stale = await token(a);
    await lapse();
    expect((await a.post(salePaths.reserve)).json().reserved).toBe(true);
    // The use is claimed again: another checkout cannot take it now.
    const b = await reservedBuyer(t, type);
    expect((await b.post(salePaths.code, { code })).json().code_applied).toBe(false);
    expect((await confirm(a, stale)).json()).toEqual({ status: 'succeeded' });
    expect(await settlementOf(a)).toMatchObject({ status: 'paid', payment: { price_minor: 700 } });
    expect(await usesOf(code)).toBe(1);
    await expectReconciled();
  });

  test('two lapsed claims settling at the same moment: exactly one sale is discounted', async () => {
    const type = await freshTickets(t, 5);
    const code = await limitedCode();
    const a = await buyerWithCode(type, code);
    const staleA = await token(a);
    await lapse();
    const b = await buyerWithCode(type, code);
    const staleB = await token(b);
    await lapse();
    const answers = await Promise.all([confirm(a, staleA), confirm(b, staleB)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 402]);
    const outcomes = [await settlementOf(a), await settlementOf(b)];
    expect(outcomes.filter((outcome) => outcome.status === 'paid')).toHaveLength(1);
    expect(
      outcomes.filter((outcome) => outcome.refund_reason === paymentMessages.refundedCodeTaken(code)),
    ).toHaveLength(1);
    expect(await usesOf(code)).toBe(1);
    await expectReconciled();
  });
});

describe('a gift voucher code held by another checkout after a hold lapsed', () => {
  test('the lapsed payment is refunded with the code named; the live reservation pays with the voucher', async () => {
    const type = await freshTickets(t, 5);
    const voucher = await limitedCode('gift_voucher');
    const a = await buyerWithCode(type, voucher);
    const stale = await token(a);
    await lapse();
    const b = await buyerWithCode(type, voucher);
    expect((await confirm(a, stale)).json().error.message).toBe(paymentMessages.refundedCodeTaken(voucher));
    expect((await confirm(b, await token(b))).json()).toEqual({ status: 'succeeded' });
    expect(await settlementOf(b)).toMatchObject({ status: 'paid', payment: { price_minor: 500 } });
    expect(
      await t.db.selectFrom('codes').select('balance_minor').where('code', '=', voucher).executeTakeFirstOrThrow(),
    ).toEqual({ balance_minor: 0 });
    await expectReconciled();
  });
});
