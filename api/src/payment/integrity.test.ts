import { calls } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/payment';
import { sql, type Insertable } from 'kysely';
import type { LedgerEntriesTable } from '../db/schema';
import { reconcile } from '../ledger/reconcile';
import { expectedAnswers } from '../questions/expected';
import { SEED } from '../seed/catalogue';
import { saleOf, salePaths, stockOf } from '../testing/sale-support';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
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
import { paymentMessages } from './messages';

/**
 * Every charge pays for exactly the basket it settles, once: the attacks of a second tab and a crafted request, each
 * over HTTP against the real database, each ending with the ledger reconciled.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      payment: testPaymentConfig({ bankSettleMs: 1000 }),
    },
  });
}, 60_000);
afterAll(() => t.close());

const donationPaths = {
  save: calls.saveDonation.path,
  giftAid: calls.updateDonation.path,
  answers: calls.saveQuestionAnswers.path,
};

async function token(visitor: Visitor, idempotencyKey = key()): Promise<string> {
  const response = await visitor.post(payPaths.getToken, { idempotency_key: idempotencyKey });
  expect(response.statusCode).toBe(200);
  return response.json().client_secret as string;
}

const intentOf = (clientSecret: string) =>
  t.db
    .selectFrom('sandbox_payment_intents')
    .selectAll()
    .where('client_secret', '=', clientSecret)
    .executeTakeFirstOrThrow();

/** The buyer confirmed at the provider just before the cancel reached it (a real provider's race): money collected. */
async function collectedAnyway(clientSecret: string): Promise<string> {
  const intent = await intentOf(clientSecret);
  await t.db
    .updateTable('sandbox_payment_intents')
    .set({ status: 'succeeded', last_error: null })
    .where('id', '=', intent.id)
    .execute();
  return intent.id;
}

async function ledgerOf(saleId: number) {
  return t.db
    .selectFrom('ledger_entries')
    .select(['kind', 'amount_minor', 'status'])
    .where('sale_id', '=', saleId)
    .orderBy('id')
    .execute();
}

async function expectReconciled(): Promise<void> {
  await runPaymentJobs(t);
  const report = await reconcile(t.db, { now: t.clock.now() });
  expect(report.mismatches).toEqual([]);
}

/** Answers every before-payment question of the sale (the seeded gala asks two mandatory ones per ticket). */
async function answerQuestions(visitor: Visitor): Promise<void> {
  const sale = await saleOf(t, visitor);
  const slots = await expectedAnswers(t.db, sale.id, 'before_payment');
  const answers = Object.fromEntries(
    slots.map((slot) => [
      slot.key,
      slot.question.type === 'dropdown'
        ? (slot.question.prepopulated_array[0] ?? 'x')
        : slot.question.type === 'checkbox'
          ? '1'
          : 'Sam Guest',
    ]),
  );
  expect((await visitor.post(donationPaths.answers, { answers, before_or_after: 'before' })).statusCode).toBe(200);
}

describe('a card payment pays for the basket it was priced for', () => {
  test('quantity raised to 10 in another tab and reserved again: the old client secret cannot be confirmed, the new one charges 10', async () => {
    const type = await freshTickets(t, 20, { price_minor: 10_400 });
    const visitor = await reservedBuyer(t, type, 1);
    const stale = await token(visitor);
    expect((await intentOf(stale)).amount_minor).toBe(10_400);
    // The second tab: same session, raises the quantity (the reservation is given back) and reserves again.
    expect((await visitor.post(salePaths.quantity, { ticket_id: type, quantity: 10 })).json()).toEqual({
      success: true,
    });
    expect((await visitor.post(salePaths.reserve)).json().reserved).toBe(true);
    expect((await intentOf(stale)).status).toBe('canceled');
    const refused = await visitor.post(payPaths.confirm, cardForm(stale, CARDS.success));
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.message).toBe(messages.paymentCancelledBasketChanged);
    expect(await saleOf(t, visitor)).toMatchObject({ status: 'reserved' });
    expect(await stockOf(t, type)).toMatchObject({ sold: 0, held: 10 });
    const fresh = await token(visitor);
    expect((await intentOf(fresh)).amount_minor).toBe(104_000);
    expect((await visitor.post(payPaths.confirm, cardForm(fresh, CARDS.success))).json()).toEqual({
      status: 'succeeded',
    });
    const sale = await saleOf(t, visitor);
    expect(sale.status).toBe('paid');
    expect(await stockOf(t, type)).toMatchObject({ sold: 10, held: 0 });
    expect(
      await t.db
        .selectFrom('payments')
        .select(['amount_minor', 'price_minor'])
        .where('sale_id', '=', sale.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ amount_minor: 104_000, price_minor: 104_000 });
    await expectReconciled();
  });

  test('an old intent collected anyway (the cancel lost the race at the provider) sells nothing and is refunded', async () => {
    const type = await freshTickets(t, 20, { price_minor: 10_400 });
    const visitor = await reservedBuyer(t, type, 1);
    const stale = await token(visitor);
    expect((await visitor.post(salePaths.quantity, { ticket_id: type, quantity: 10 })).json()).toEqual({
      success: true,
    });
    expect((await visitor.post(salePaths.reserve)).json().reserved).toBe(true);
    const intentId = await collectedAnyway(stale);
    // The provider's return (or its webhook) arrives: settling compares and refuses.
    const back = await visitor.get(`${payPaths.stripeReturn}?payment_intent=${intentId}&redirect_status=succeeded`);
    expect(back.statusCode).toBe(303);
    const sale = await saleOf(t, visitor);
    expect(sale).toMatchObject({
      status: 'reserved',
      state: 'payment',
      payment_error: messages.paymentRefundedBasketChanged,
    });
    expect((await visitor.post(payPaths.paymentError)).body).toContain(messages.paymentRefundedBasketChanged);
    expect(await stockOf(t, type)).toMatchObject({ sold: 0, held: 10 });
    expect(await ledgerOf(sale.id)).toEqual([
      { kind: 'payment', amount_minor: 10_400, status: 'done' },
      { kind: 'refund', amount_minor: 10_400, status: 'pending' },
    ]);
    await runPaymentJobs(t);
    expect(
      (
        await t.db
          .selectFrom('sandbox_payment_intents')
          .select('refunded_minor')
          .where('id', '=', intentId)
          .executeTakeFirstOrThrow()
      ).refunded_minor,
    ).toBe(10_400);
    expect((await ledgerOf(sale.id))[1]).toMatchObject({ kind: 'refund', status: 'done' });
    // The buyer pays again at the current total.
    const fresh = await token(visitor);
    expect((await intentOf(fresh)).amount_minor).toBe(104_000);
    await expectReconciled();
  });

  test('refund protection chosen after the intent was created cancels it', async () => {
    const type = await freshTickets(t, 5, { price_minor: 4_500 });
    const visitor = await reservedBuyer(t, type, 2);
    const stale = await token(visitor);
    expect((await visitor.post(salePaths.refundProtection, { refund_protection: 1 })).statusCode).toBe(200);
    expect((await intentOf(stale)).status).toBe('canceled');
    expect((await visitor.post(payPaths.confirm, cardForm(stale, CARDS.success))).statusCode).toBe(402);
    const fresh = await token(visitor);
    expect((await intentOf(fresh)).amount_minor).toBe(9_450);
    expect((await visitor.post(payPaths.confirm, cardForm(fresh, CARDS.success))).json()).toEqual({
      status: 'succeeded',
    });
    await expectReconciled();
  });

  test('a donation and Gift Aid added after the intent was created: the old intent cannot pay; Gift Aid is kept only with the paid donation', async () => {
    const visitor = await reservedBuyer(t, SEED.ticket.galaAdult, 1);
    await answerQuestions(visitor);
    const stale = await token(visitor);
    const ticketOnly = (await intentOf(stale)).amount_minor;
    expect(
      (await visitor.post(donationPaths.save, { amount_before_booking_fee: 5000, charity_id: SEED.charity.lifeboat }))
        .statusCode,
    ).toBe(200);
    expect((await intentOf(stale)).status).toBe('canceled');
    const withDonation = await token(visitor);
    expect((await intentOf(withDonation)).amount_minor).toBeGreaterThan(ticketOnly + 500_000 - 1);
    const giftAid = await visitor.post(donationPaths.giftAid, {
      is_gift_aid: 1,
      subscribe: 0,
      uk_based: 1,
      address1: '1 Harbour Road',
      postcode: 'BN1 1AA',
    });
    expect(giftAid.statusCode).toBe(200);
    expect((await intentOf(withDonation)).status).toBe('canceled');
    // Collected anyway at the provider: refunded, the declaration not counted as paid.
    const intentId = await collectedAnyway(withDonation);
    await visitor.get(`${payPaths.stripeReturn}?payment_intent=${intentId}`);
    const sale = await saleOf(t, visitor);
    expect(sale.status).toBe('reserved');
    const last = await token(visitor);
    expect((await visitor.post(payPaths.confirm, cardForm(last, CARDS.success))).json()).toEqual({
      status: 'succeeded',
    });
    const paid = await t.db
      .selectFrom('payments')
      .select(['amount_minor', 'components'])
      .where('sale_id', '=', sale.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(paid.components)).toMatchObject({
      donation_minor: 500_000,
      gift_aid: true,
      total_minor: paid.amount_minor,
    });
    expect(
      await t.db.selectFrom('gift_aid_declarations').select('sale_id').where('sale_id', '=', sale.id).execute(),
    ).toHaveLength(1);
    await expectReconciled();
  });

  test('two tabs with their own keys get one intent; confirming both at once charges once', async () => {
    const type = await freshTickets(t, 5);
    const visitor = await reservedBuyer(t, type, 2);
    const [a, b] = await Promise.all([token(visitor, key()), token(visitor, key())]);
    expect(a).toBe(b);
    const sale = await saleOf(t, visitor);
    expect(
      await t.db.selectFrom('sale_provider_payments').select('id').where('sale_id', '=', sale.id).execute(),
    ).toHaveLength(1);
    const results = await Promise.all([
      visitor.post(payPaths.confirm, cardForm(a, CARDS.success)),
      visitor.post(payPaths.confirm, cardForm(b, CARDS.success)),
    ]);
    expect(results.map((result) => result.json())).toEqual([{ status: 'succeeded' }, { status: 'succeeded' }]);
    expect(await ledgerOf(sale.id)).toEqual([{ kind: 'payment', amount_minor: 2000, status: 'done' }]);
    await expectReconciled();
  });

  test('the database allows one open payment per sale', async () => {
    const type = await freshTickets(t, 5);
    const visitor = await reservedBuyer(t, type, 1);
    await token(visitor);
    const sale = await saleOf(t, visitor);
    const now = t.clock.now();
    await expect(
      t.db
        .insertInto('sale_provider_payments')
        .values({
          sale_id: sale.id,
          provider: 'stripe',
          provider_payment_id: 'pi_second',
          amount_minor: 1000,
          currency: 'GBP',
          status: 'open',
          created_at: now,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow(/sale_provider_payments_one_open/);
  });
});

describe('a bank payment pays for the basket it was priced for', () => {
  test('the basket changed after the bank payment was created: the portal can no longer approve it; executed anyway, it is refunded', async () => {
    const type = await freshTickets(t, 20, { kind: 'square', price_minor: 1_600 });
    const visitor = await reservedBuyer(t, type, 1);
    const response = await visitor.post(payPaths.payBank, { contact_number: '', idempotency_key: key() });
    const paymentId = new URL(response.json().auth_url as string, 'http://x').searchParams.get('payment_id') ?? '';
    expect((await visitor.post(salePaths.quantity, { ticket_id: type, quantity: 10 })).json()).toEqual({
      success: true,
    });
    expect((await visitor.post(salePaths.reserve)).json().reserved).toBe(true);
    expect(
      (
        await t.db
          .selectFrom('sandbox_bank_payments')
          .select('status')
          .where('id', '=', paymentId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('cancelled');
    // A real bank that executed before it heard of the cancellation.
    await t.db.updateTable('sandbox_bank_payments').set({ status: 'executed' }).where('id', '=', paymentId).execute();
    const status = (await visitor.post(payPaths.bankStatus)).json().truelayer_status;
    expect(status).toMatchObject({
      status: 'failed',
      payment_completed: false,
      truelayer_status_error: messages.paymentRefundedBasketChanged,
    });
    expect(await stockOf(t, type)).toMatchObject({ sold: 0, held: 10 });
    await runPaymentJobs(t);
    expect(
      (
        await t.db
          .selectFrom('sandbox_bank_payments')
          .select('refunded')
          .where('id', '=', paymentId)
          .executeTakeFirstOrThrow()
      ).refunded,
    ).toBe(true);
    // A new bank payment for the new total.
    const again = await visitor.post(payPaths.payBank, { contact_number: '', idempotency_key: key() });
    const next = new URL(again.json().auth_url as string, 'http://x').searchParams.get('payment_id') ?? '';
    expect(next).not.toBe(paymentId);
    expect(
      (
        await t.db
          .selectFrom('sandbox_bank_payments')
          .select('amount_minor')
          .where('id', '=', next)
          .executeTakeFirstOrThrow()
      ).amount_minor,
    ).toBe(16_000);
    await expectReconciled();
  });

  test('a bank payment approved at the bank is not replaced by a second tab: one payment executes and pays, nothing is refunded', async () => {
    const type = await freshTickets(t, 5, { kind: 'square', price_minor: 1_500 });
    const visitor = await reservedBuyer(t, type, 1);
    const first = await visitor.post(payPaths.payBank, { contact_number: '', idempotency_key: key() });
    const paymentId = new URL(first.json().auth_url as string, 'http://x').searchParams.get('payment_id') ?? '';
    const approved = await t.app.inject({
      method: 'POST',
      url: payPaths.bankPortal,
      payload: `payment_id=${paymentId}&action=approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(approved.statusCode).toBe(303);
    // While the bank authorises it, another tab shows the payment step (create_truelayer_payment) and pays by bank.
    const shown = await visitor.post(payPaths.createBank);
    const second = await visitor.post(payPaths.payBank, { contact_number: '', idempotency_key: key() });
    for (const answer of [shown, second]) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error).toBe(paymentMessages.inProgress);
    }
    const sale = await saleOf(t, visitor);
    expect(
      await t.db.selectFrom('sandbox_bank_payments').select('id').where('reference', '=', sale.reference).execute(),
    ).toEqual([{ id: paymentId }]);
    // The approved payment executes and pays for the sale, as approved.
    t.clock.advance(1_000);
    expect((await visitor.post(payPaths.bankStatus)).json().truelayer_status).toMatchObject({
      status: 'executed',
      payment_completed: true,
    });
    expect(await saleOf(t, visitor)).toMatchObject({ status: 'paid' });
    expect(await ledgerOf(sale.id)).toEqual([{ kind: 'payment', amount_minor: 1_500, status: 'done' }]);
    await expectReconciled();
  });

  test('two tabs starting a bank payment with their own keys get the same payment', async () => {
    const type = await freshTickets(t, 5, { kind: 'square' });
    const visitor = await reservedBuyer(t, type, 1);
    const [a, b] = await Promise.all([
      visitor.post(payPaths.payBank, { contact_number: '', idempotency_key: key() }),
      visitor.post(payPaths.payBank, { contact_number: '', idempotency_key: key() }),
    ]);
    expect(a.json().auth_url).toBe(b.json().auth_url);
  });
});

describe('square-type and free payments under the same lock as basket changes', () => {
  async function squareToken(): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: payPaths.tokenize,
      payload: 'number=4242424242424242&exp_month=12&exp_year=34&cvc=123&postcode=BN1%201AA',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return response.json().token as string;
  }
  const billing = { 'billing_address_data[postcode]': 'BN1 1AA', 'billing_address_data[country_code]': '1' };

  test('a square payment racing a quantity change never sells 8 tickets for the price of 1', async () => {
    for (let round = 0; round < 6; round += 1) {
      const type = await freshTickets(t, 20, { kind: 'square', price_minor: 1_000 });
      const visitor = await reservedBuyer(t, type, 1);
      const source = await squareToken();
      await Promise.all([
        visitor.post(payPaths.paySquare, { source_id: source, idempotency_key: key(), ...billing }),
        visitor.post(salePaths.quantity, { ticket_id: type, quantity: 8 }).then(() => visitor.post(salePaths.reserve)),
      ]);
      const sale = await saleOf(t, visitor);
      const stock = await stockOf(t, type);
      if (sale.status === 'paid') {
        const paid = await t.db
          .selectFrom('payments')
          .select(['amount_minor', 'price_minor'])
          .where('sale_id', '=', sale.id)
          .executeTakeFirstOrThrow();
        expect(paid.amount_minor).toBe(paid.price_minor);
        expect(paid.amount_minor).toBe(stock.sold * 1_000);
      } else {
        expect(stock.sold).toBe(0);
      }
    }
    await expectReconciled();
  });

  test('a free claim racing an added paid ticket never gives the paid ticket away', async () => {
    for (let round = 0; round < 6; round += 1) {
      const free = await freshTickets(t, 20, { price_minor: 0 });
      const paid = await freshTickets(t, 20, { price_minor: 9_900 });
      const visitor = await reservedBuyer(t, free, 1);
      await Promise.all([
        visitor.post(payPaths.claimFree, { email: 'free@example.com', idempotency_key: key() }),
        visitor.post(salePaths.add, { ticket_id: paid, quantity: 5 }),
      ]);
      expect((await stockOf(t, paid)).sold).toBe(0);
    }
    await expectReconciled();
  });

  test('a free claim settling while a paid ticket is added takes the sale lock first: no deadlock, no 500', async () => {
    // The claim's settling transaction is held open for a moment once it has written its payment row (a trigger
    // sleeping after that update), so that the basket change arrives exactly then: it locks the session and the sale,
    // then the sale's open payment row. Writing that row before locking the sale was the opposite order: PostgreSQL
    // found the deadlock and answered one of the two requests with a 500. (PGlite runs one transaction at a time, so
    // there this test only checks the answers.)
    await sql`CREATE OR REPLACE FUNCTION test_hold_free_claim() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(0.4); RETURN NEW; END $$`.execute(t.db);
    await sql`CREATE TRIGGER test_hold_free_claim AFTER UPDATE ON sale_provider_payments FOR EACH ROW
      WHEN (OLD.status = 'creating' AND NEW.status = 'open' AND NEW.provider = 'free') EXECUTE FUNCTION test_hold_free_claim()`.execute(
      t.db,
    );
    try {
      const free = await freshTickets(t, 5, { price_minor: 0 });
      const paid = await freshTickets(t, 5, { price_minor: 9_900 });
      const visitor = await reservedBuyer(t, free, 1);
      const claim = visitor.post(payPaths.claimFree, { email: 'free@example.com', idempotency_key: key() });
      await new Promise((resolve) => setTimeout(resolve, 150));
      const added = await visitor.post(salePaths.add, { ticket_id: paid, quantity: 1 });
      const claimed = await claim;
      expect([claimed.statusCode, added.statusCode]).toEqual([200, 200]);
      expect(claimed.json()).toEqual({ success: true });
      // The claim settled first: the paid ticket went into a new basket, nothing was given away.
      expect((await stockOf(t, paid)).sold).toBe(0);
      expect((await stockOf(t, free)).sold).toBe(1);
    } finally {
      await sql`DROP TRIGGER test_hold_free_claim ON sale_provider_payments`.execute(t.db);
    }
    await expectReconciled();
  });
});

describe('refusals', () => {
  test('a mandatory question before payment left unanswered: a payment is a 409 naming it, nothing created', async () => {
    const visitor = await reservedBuyer(t, SEED.ticket.galaAdult, 1);
    const sale = await saleOf(t, visitor);
    // Every way of paying claims its payment through the same check (open-payment.ts lockPayable).
    const refused = await visitor.post(payPaths.getToken, { idempotency_key: key() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      messages.questionsUnanswered('Dietary requirements; Name of the guest using this ticket'),
    );
    expect(
      await t.db.selectFrom('sale_provider_payments').select('id').where('sale_id', '=', sale.id).execute(),
    ).toEqual([]);
    await answerQuestions(visitor);
    expect((await visitor.post(payPaths.getToken, { idempotency_key: key() })).statusCode).toBe(200);
  });

  test('the ledger refuses a refund of money it never collected, and a settlement whose collected amount is not its price', async () => {
    const type = await freshTickets(t, 5);
    const visitor = await reservedBuyer(t, type, 1);
    const sale = await saleOf(t, visitor);
    const now = t.clock.now();
    await expect(
      t.db
        .insertInto('ledger_entries')
        .values({
          sale_id: sale.id,
          kind: 'refund',
          provider: 'stripe',
          provider_reference: 'pi_never',
          amount_minor: 100,
          currency: 'GBP',
          status: 'pending',
          reason: null,
          created_at: now,
          completed_at: null,
        })
        .execute(),
    ).rejects.toThrow(/never collected/);
    await expect(
      t.db
        .insertInto('payments')
        .values({
          sale_id: sale.id,
          provider: 'stripe',
          provider_payment_id: 'pi_x',
          amount_minor: 100,
          currency: 'GBP',
          status: 'paid',
          refund_reason: null,
          created_at: now,
          refunded_at: null,
          price_minor: 1000,
        })
        .execute(),
    ).rejects.toThrow(/payments_collected_is_price/);
  });

  test('a refund recorded twice (the payment job and the buyer both give back one payment) is kept once; a second refund of the same payment under another key is refused', async () => {
    const type = await freshTickets(t, 5);
    const visitor = await reservedBuyer(t, type, 1);
    const sale = await saleOf(t, visitor);
    const now = t.clock.now();
    type Entry = Insertable<LedgerEntriesTable>;
    // An entry and its one (marketplace) share in one transaction, as the ledger's deferred check wants them;
    // `repeat` inserts as the ledger does (ON CONFLICT DO NOTHING), else a plain INSERT.
    const record = (values: Entry, repeat: boolean) =>
      t.db.transaction().execute(async (tx) => {
        const insert = tx.insertInto('ledger_entries').values(values);
        const inserted = await (
          repeat
            ? insert.onConflict((oc) => oc.columns(['kind', 'provider', 'provider_reference']).doNothing())
            : insert
        )
          .returning('id')
          .executeTakeFirst();
        if (inserted)
          await tx
            .insertInto('ledger_shares')
            .values({ ledger_entry_id: inserted.id, organiser_id: null, amount_minor: values.amount_minor })
            .execute();
      });
    const entry = {
      sale_id: sale.id,
      provider: 'stripe',
      provider_reference: 'pi_twice',
      amount_minor: 1000,
      currency: 'GBP',
      reason: null,
      created_at: now,
    };
    await record({ ...entry, kind: 'payment', status: 'done', completed_at: now }, false);
    const refund: Entry = { ...entry, kind: 'refund', status: 'pending', completed_at: null };
    await record(refund, true);
    await record(refund, true);
    const refunds = await t.db
      .selectFrom('ledger_entries')
      .select('amount_minor')
      .where('kind', '=', 'refund')
      .where('provider_reference', '=', 'pi_twice')
      .execute();
    expect(refunds).toEqual([{ amount_minor: 1000 }]);
    // A plain repeat is still refused (by the unique key), and so is more money back under another key.
    await expect(record(refund, false)).rejects.toThrow(/unique|duplicate/i);
    await expect(
      record({ ...refund, provider_reference: 're_part', refund_of: 'pi_twice', amount_minor: 1 }, false),
    ).rejects.toThrow(/does not match its payment/);
  });

  test('reconcile reports money kept for a sale that sold nothing', async () => {
    const type = await freshTickets(t, 5);
    const visitor = await reservedBuyer(t, type, 1);
    const sale = await saleOf(t, visitor);
    await t.db
      .transaction()
      .execute(async (tx) => {
        await tx
          .insertInto('ledger_entries')
          .values({
            sale_id: sale.id,
            kind: 'payment',
            provider: 'stripe',
            provider_reference: 'pi_orphan',
            amount_minor: 1000,
            currency: 'GBP',
            status: 'done',
            reason: null,
            created_at: t.clock.now(),
            completed_at: t.clock.now(),
          })
          .execute();
        const report = await reconcile(tx, { now: t.clock.now() });
        expect(report.mismatches).toEqual([
          // Written without its shares (the database would refuse it at commit).
          {
            saleId: sale.id,
            reference: sale.reference,
            problem: 'payment stripe pi_orphan: shares add up to 0, not 1000',
          },
          {
            saleId: sale.id,
            reference: sale.reference,
            problem: 'reserved sale keeps 1000 (collected 1000, refunded 0)',
          },
        ]);
        // Thrown to roll the made-up payment back.
        throw new Error('rolled back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'rolled back') throw error;
      });
    await expectReconciled();
  });
});
