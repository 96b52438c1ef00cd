import { reconcile } from '../ledger/reconcile';
import { apiCaller } from '../organiser-api/testing';
import { saleOf, salePaths } from '../testing/sale-support';
import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { paymentMessages } from './messages';
import { cardForm, CARDS, freshTickets, key, payPaths, runPaymentJobs, testPaymentConfig } from './test-support';

/**
 * The marketplace's fees are never paid by an organiser's voucher nor erased by an absorbed fee (shared/src/rules/
 * fees.ts), from the price to the ledger: the buyer pays the fee, the ledger gives it to the marketplace, every total
 * the buyer sees adds up, and reconcile checks it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { payment: testPaymentConfig() } });
}, 60_000);
afterAll(() => t.close());

interface Row {
  amount: number;
}

/** A ticket type of the 'On-sale test' event (organiser 'Checkout Demo', card payments) with a booking fee. */
async function feeTickets(price_minor: number, booking_fee_minor: number, absorb_fee = false): Promise<number> {
  const id = await freshTickets(t, 20, { price_minor });
  await t.db.updateTable('ticket_types').set({ booking_fee_minor, absorb_fee }).where('id', '=', id).execute();
  return id;
}

async function basketOf(ticketTypeId: number, quantity: number): Promise<Visitor> {
  const visitor = await t.visitor();
  expect((await visitor.post(salePaths.add, { ticket_id: ticketTypeId, quantity })).json()).toEqual({ success: true });
  return visitor;
}

const checkoutOf = async (visitor: Visitor) => (await visitor.get(salePaths.get)).json();

/** The checkout's order summary adds up to its total, to the penny. */
function expectAddsUp(checkout: { price_breakdown: Row[]; basket_total: number }): void {
  const sum = checkout.price_breakdown.reduce((total, row) => total + Math.round(row.amount * 100), 0);
  expect(sum).toBe(Math.round(checkout.basket_total * 100));
}

async function payByCard(visitor: Visitor): Promise<void> {
  expect((await visitor.post(salePaths.reserve)).json().reserved).toBe(true);
  const token = await visitor.post(payPaths.getToken, { idempotency_key: key() });
  expect(token.statusCode).toBe(200);
  expect((await visitor.post(payPaths.confirm, cardForm(token.json().client_secret, CARDS.success))).json()).toEqual({
    status: 'succeeded',
  });
}

async function paymentShares(saleId: number) {
  return t.db
    .selectFrom('ledger_shares as s')
    .innerJoin('ledger_entries as l', 'l.id', 's.ledger_entry_id')
    .select(['s.organiser_id', 's.amount_minor'])
    .where('l.sale_id', '=', saleId)
    .where('l.kind', '=', 'payment')
    .orderBy('s.organiser_id')
    .execute();
}

async function mismatchesOf(saleId: number) {
  await runPaymentJobs(t);
  return (await reconcile(t.db, { now: t.clock.now() })).mismatches.filter((mismatch) => mismatch.saleId === saleId);
}

let serial = 0;
/** A gift voucher code the organiser makes through its API (no sale paid for it). */
async function organiserVoucher(balanceMinor: number): Promise<string> {
  serial += 1;
  const code = `DEMO-GIFT-${serial}`;
  const demo = await apiCaller(t, SEED.organiser.demo, 'write');
  const created = await demo.call('POST', '/codes', {
    external_id: code,
    code,
    kind: 'gift_voucher',
    amount_minor: balanceMinor,
    balance_minor: balanceMinor,
    currency: 'GBP',
  });
  expect(created.statusCode).toBe(201);
  return code;
}

describe('an organiser’s gift voucher pays the organiser’s part, never the marketplace’s fee', () => {
  test('an £11 basket a voucher covers still costs its £1 fee: no free claim, the fee paid and the marketplace’s', async () => {
    const type = await feeTickets(1000, 100);
    const code = await organiserVoucher(5000);
    const visitor = await basketOf(type, 1);
    expect((await visitor.post(salePaths.code, { code })).json()).toEqual({ code_applied: true });
    const checkout = await checkoutOf(visitor);
    expect(checkout).toMatchObject({ basket_total: 1, gift_vouchers_applied_total: 10 });
    expect(checkout.applied_codes).toEqual([expect.objectContaining({ code, kind: 'gift_voucher', saving: 10 })]);
    expectAddsUp(checkout);

    expect((await visitor.post(salePaths.reserve)).json().reserved).toBe(true);
    const claimed = await visitor.post(payPaths.claimFree, { email: 'fees@example.com', idempotency_key: key() });
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json().error).toBe(paymentMessages.notFree);

    const token = await visitor.post(payPaths.getToken, { idempotency_key: key() });
    expect((await visitor.post(payPaths.confirm, cardForm(token.json().client_secret, CARDS.success))).json()).toEqual({
      status: 'succeeded',
    });
    const sale = await saleOf(t, visitor);
    expect(sale.status).toBe('paid');
    expect(await paymentShares(sale.id)).toEqual([{ organiser_id: null, amount_minor: 100 }]);
    const voucher = await t.db.selectFrom('codes').select('balance_minor').where('code', '=', code).executeTakeFirst();
    expect(voucher?.balance_minor).toBe(4000);
    expect(await mismatchesOf(sale.id)).toEqual([]);
  });

  test('a voucher on tickets of an absorbed fee pays the price net of the fee; the fee is still collected', async () => {
    const type = await feeTickets(2200, 150, true);
    const code = await organiserVoucher(5000);
    const visitor = await basketOf(type, 2);
    await visitor.post(salePaths.code, { code });
    const checkout = await checkoutOf(visitor);
    expect(checkout).toMatchObject({ basket_total: 3, gift_vouchers_applied_total: 41 });
    expectAddsUp(checkout);
    await payByCard(visitor);
    const sale = await saleOf(t, visitor);
    expect(await paymentShares(sale.id)).toEqual([{ organiser_id: null, amount_minor: 300 }]);
    expect(await mismatchesOf(sale.id)).toEqual([]);
  });
});

describe('an absorbed fee is never erased', () => {
  test('3 tickets of £1 absorbing a £1.50 fee (a type written before the rule) cost £4.50, all of it fees', async () => {
    const type = await feeTickets(100, 150, true);
    const visitor = await basketOf(type, 3);
    const checkout = await checkoutOf(visitor);
    expect(checkout.tickets[0]).toMatchObject({ price: 0, booking_fee: 1.5, absorb_fee: true });
    expect(checkout.basket_total).toBe(4.5);
    expectAddsUp(checkout);
    await payByCard(visitor);
    const sale = await saleOf(t, visitor);
    expect(await paymentShares(sale.id)).toEqual([{ organiser_id: null, amount_minor: 450 }]);
    expect(await mismatchesOf(sale.id)).toEqual([]);
  });
});

describe('reconcile checks the marketplace keeps its fees', () => {
  test('a ledger row that moves the fee to the organiser is reported with the sale’s reference', async () => {
    const type = await feeTickets(1000, 100);
    const visitor = await basketOf(type, 1);
    await payByCard(visitor);
    const sale = await saleOf(t, visitor);
    expect(await mismatchesOf(sale.id)).toEqual([]);
    const entry = await t.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('sale_id', '=', sale.id)
      .where('kind', '=', 'payment')
      .executeTakeFirstOrThrow();
    // Shares must add up to their entry (a deferred check): the tamper moves the fee in one transaction.
    const move = (minor: number) =>
      t.db.transaction().execute(async (tx) => {
        await tx
          .updateTable('ledger_shares')
          .set((eb) => ({ amount_minor: eb('amount_minor', '-', minor) }))
          .where('ledger_entry_id', '=', entry.id)
          .where('organiser_id', 'is', null)
          .execute();
        await tx
          .updateTable('ledger_shares')
          .set((eb) => ({ amount_minor: eb('amount_minor', '+', minor) }))
          .where('ledger_entry_id', '=', entry.id)
          .where('organiser_id', '=', SEED.organiser.demo)
          .execute();
      });
    await move(100);
    try {
      const mismatches = await mismatchesOf(sale.id);
      expect(mismatches).toContainEqual({
        saleId: sale.id,
        reference: sale.reference,
        problem:
          'marketplace fees: keeps 0, earned 100 (booking fees 100, delivery 0, refund protection 0, donation and its fee 0)',
      });
    } finally {
      await move(-100);
    }
    expect(await mismatchesOf(sale.id)).toEqual([]);
  });

  test('a settlement whose organiser’s voucher paid the fee (the rule before) is reported', async () => {
    const type = await feeTickets(1000, 100);
    const code = await organiserVoucher(5000);
    const visitor = await basketOf(type, 1);
    await visitor.post(salePaths.code, { code });
    await payByCard(visitor);
    const sale = await saleOf(t, visitor);
    const payment = await t.db
      .selectFrom('payments')
      .select(['id', 'components'])
      .where('sale_id', '=', sale.id)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    // As the old rule priced it: the voucher paid 1100, the buyer 0 (the ledger entry kept as collected).
    const old = JSON.parse(payment.components) as { gift_voucher_codes: { code: string; amountMinor: number }[] };
    const tampered = { ...old, gift_voucher_codes: [{ code, amountMinor: 1100 }], gift_vouchers_applied_minor: 1100 };
    await t.db
      .updateTable('payments')
      .set({ components: JSON.stringify({ ...tampered, total_minor: 0 }) })
      .where('id', '=', payment.id)
      .execute();
    try {
      const problems = (await mismatchesOf(sale.id)).map((mismatch) => mismatch.problem);
      expect(problems).toContain(
        `marketplace fees: organiser ${SEED.organiser.demo}'s gift voucher codes paid 1100, more than its part 1000: ` +
          "100 of it came out of the marketplace's fees",
      );
    } finally {
      await t.db.updateTable('payments').set({ components: payment.components }).where('id', '=', payment.id).execute();
    }
    expect(await mismatchesOf(sale.id)).toEqual([]);
  });
});
