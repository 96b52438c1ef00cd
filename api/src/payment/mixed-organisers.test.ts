import * as messages from '@checkout/shared/messages/common';
import { sql } from 'kysely';
import { reconcile } from '../ledger/reconcile';
import { SEED } from '../seed/catalogue';
import { saleOf, salePaths, stockOf } from '../testing/sale-support';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { cardForm, CARDS, freshTickets, key, payPaths, runPaymentJobs, testPaymentConfig } from './test-support';

/**
 * A basket of several organisers: one payment collected by the marketplace, each organiser's share in the ledger;
 * an organiser without a payment integration named, and no money moved for its basket however the request is made.
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

const VILLAGE_HALL = 'St Mary’s Village Hall';

let nextId = 80_000;
/** A fresh paid ticket type of the Village Coffee Morning, whose organiser has no payment integration. */
async function villageHallTickets(price_minor: number): Promise<number> {
  nextId += 1;
  await t.db
    .insertInto('ticket_types')
    .values({
      id: nextId,
      event_id: SEED.event.coffeeMorning,
      event_date_id: 61,
      name: `Hall test ${nextId}`,
      price_minor,
      currency: 'GBP',
      capacity: 50,
    })
    .execute();
  return nextId;
}

async function basketOf(lines: [number, number][]): Promise<Visitor> {
  const visitor = await t.visitor();
  for (const [ticket_id, quantity] of lines)
    expect((await visitor.post(salePaths.add, { ticket_id, quantity })).json()).toEqual({ success: true });
  return visitor;
}

async function sharesOfSale(saleId: number) {
  return t.db
    .selectFrom('ledger_shares as s')
    .innerJoin('ledger_entries as l', 'l.id', 's.ledger_entry_id')
    .select(['l.kind', 's.organiser_id', 's.amount_minor'])
    .where('l.sale_id', '=', saleId)
    .orderBy('l.id')
    .orderBy('s.organiser_id')
    .execute();
}

async function expectReconciled(): Promise<void> {
  await runPaymentJobs(t);
  expect((await reconcile(t.db, { now: t.clock.now() })).mismatches).toEqual([]);
}

describe('a basket of two organisers who both take payments', () => {
  test('the checkout names both as taking payments, no organiser account, the marketplace card provider', async () => {
    const visitor = await basketOf([
      [SEED.ticket.onSale, 1],
      [SEED.ticket.comedyNight, 1],
    ]);
    const checkout = (await visitor.get(salePaths.get)).json();
    const organisers = (checkout.organisers as { name: string; takes_payments: boolean }[]).map((o) => [
      o.name,
      o.takes_payments,
    ]);
    expect(organisers.sort()).toEqual([
      ['Checkout Demo', true],
      ['Lumen Live', true],
    ]);
    expect(checkout.opoa).toBeNull();
    expect(checkout.sagepay_or_stripe).toBe('stripe');
  });

  test('one card payment pays for both; the ledger gives each organiser its lines and the marketplace the fees', async () => {
    const demo = await freshTickets(t, 10, { price_minor: 1_000 });
    const lumen = await freshTickets(t, 10, { kind: 'square', price_minor: 2_500 });
    await t.db.updateTable('ticket_types').set({ booking_fee_minor: 150 }).where('id', '=', lumen).execute();
    const visitor = await basketOf([
      [demo, 2],
      [lumen, 1],
    ]);
    expect((await visitor.post(salePaths.reserve)).json().reserved).toBe(true);
    const token = await visitor.post(payPaths.getToken, { idempotency_key: key() });
    expect(token.statusCode).toBe(200);
    expect((await visitor.post(payPaths.confirm, cardForm(token.json().client_secret, CARDS.success))).json()).toEqual({
      status: 'succeeded',
    });
    const sale = await saleOf(t, visitor);
    expect(sale.status).toBe('paid');
    expect(await stockOf(t, demo)).toMatchObject({ sold: 2, held: 0 });
    expect(await stockOf(t, lumen)).toMatchObject({ sold: 1, held: 0 });
    expect(
      await t.db
        .selectFrom('ledger_entries')
        .select(['kind', 'provider', 'amount_minor'])
        .where('sale_id', '=', sale.id)
        .execute(),
    ).toEqual([{ kind: 'payment', provider: 'stripe', amount_minor: 4_650 }]);
    expect(await sharesOfSale(sale.id)).toEqual([
      { kind: 'payment', organiser_id: SEED.organiser.lumen, amount_minor: 2_500 },
      { kind: 'payment', organiser_id: SEED.organiser.demo, amount_minor: 2_000 },
      { kind: 'payment', organiser_id: null, amount_minor: 150 },
    ]);
    await expectReconciled();
  });

  test('a payment refunded because the basket changed is shared back exactly as it was collected', async () => {
    const demo = await freshTickets(t, 10, { price_minor: 1_000 });
    const lumen = await freshTickets(t, 10, { kind: 'square', price_minor: 3_000 });
    const visitor = await basketOf([
      [demo, 1],
      [lumen, 1],
    ]);
    expect((await visitor.post(salePaths.reserve)).json().reserved).toBe(true);
    const token = await visitor.post(payPaths.getToken, { idempotency_key: key() });
    const secret = token.json().client_secret as string;
    // Collected at the provider just as the basket changed in another tab; the provider's return then arrives.
    const intent = await t.db
      .selectFrom('sandbox_payment_intents')
      .selectAll()
      .where('client_secret', '=', secret)
      .executeTakeFirstOrThrow();
    expect((await visitor.post(salePaths.quantity, { ticket_id: demo, quantity: 3 })).json()).toEqual({
      success: true,
    });
    await t.db
      .updateTable('sandbox_payment_intents')
      .set({ status: 'succeeded', last_error: null })
      .where('id', '=', intent.id)
      .execute();
    expect(
      (await visitor.get(`${payPaths.stripeReturn}?payment_intent=${intent.id}&redirect_status=succeeded`)).statusCode,
    ).toBe(303);
    const sale = await saleOf(t, visitor);
    expect(sale.status).not.toBe('paid');
    const shares = await sharesOfSale(sale.id);
    const byKind = (kind: string) =>
      shares
        .filter((share) => share.kind === kind)
        .map(({ organiser_id, amount_minor }) => ({ organiser_id, amount_minor }));
    expect(byKind('payment')).toEqual([
      { organiser_id: SEED.organiser.lumen, amount_minor: 3_000 },
      { organiser_id: SEED.organiser.demo, amount_minor: 1_000 },
    ]);
    expect(byKind('refund')).toEqual(byKind('payment'));
    await expectReconciled();
  });
});

describe('an organiser without a payment integration', () => {
  test('the checkout says which organiser cannot take payments, and only that one', async () => {
    const hall = await villageHallTickets(350);
    const visitor = await basketOf([
      [SEED.ticket.onSale, 1],
      [hall, 1],
    ]);
    const organisers = (await visitor.get(salePaths.get)).json().organisers as {
      name: string;
      takes_payments: boolean;
    }[];
    expect(organisers.filter((o) => !o.takes_payments).map((o) => o.name)).toEqual([VILLAGE_HALL]);
    expect(organisers.filter((o) => o.takes_payments).map((o) => o.name)).toEqual(['Checkout Demo']);
  });

  test('every paid method is refused with the sentence naming it, and no payment is created', async () => {
    const hall = await villageHallTickets(350);
    const demo = await freshTickets(t, 10);
    const visitor = await basketOf([
      [demo, 1],
      [hall, 1],
    ]);
    // The page never reserves this basket; a crafted request may.
    expect((await visitor.post(salePaths.reserve)).json().reserved).toBe(true);
    const sentence = messages.noPaymentIntegration(VILLAGE_HALL);
    const card = await visitor.post(payPaths.getToken, { idempotency_key: key() });
    expect(card.statusCode).toBe(409);
    expect(card.json().error).toBe(sentence);
    const square = await visitor.post(payPaths.paySquare, {
      source_id: 'cnon:card-nonce-ok',
      idempotency_key: key(),
      contact_number: '',
    });
    expect(square.statusCode).toBeGreaterThanOrEqual(400);
    expect(square.statusCode).toBeLessThan(500);
    const bank = await visitor.post(payPaths.createBank);
    expect(bank.statusCode).toBeLessThan(500);
    expect(bank.json().success).not.toBe(true);
    const sale = await saleOf(t, visitor);
    expect(
      await t.db.selectFrom('sale_provider_payments').select('id').where('sale_id', '=', sale.id).execute(),
    ).toEqual([]);
    expect(sale.status).toBe('reserved');
    await expectReconciled();
  });

  test('free tickets of that organiser are still claimed', async () => {
    const visitor = await basketOf([[SEED.ticket.coffeeFree, 1]]);
    expect((await visitor.post(salePaths.reserve)).json().reserved).toBe(true);
    const claimed = await visitor.post(payPaths.claimFree, { email: 'free.hall@example.com', idempotency_key: key() });
    expect(claimed.statusCode).toBe(200);
    expect((await saleOf(t, visitor)).status).toBe('paid');
  });
});

describe('the ledger’s shares are the database’s to check', () => {
  test('an entry whose shares do not add up to it is refused at commit', async () => {
    const sale = await t.db.selectFrom('sales').select('id').orderBy('id').executeTakeFirstOrThrow();
    // The check is deferred to commit; SET CONSTRAINTS runs it here, then the made-up entry is rolled back.
    const checked = (shares: number[]) =>
      t.db.transaction().execute(async (tx) => {
        const entry = await tx
          .insertInto('ledger_entries')
          .values({
            sale_id: sale.id,
            kind: 'payment',
            provider: 'stripe',
            provider_reference: `pi_checked_${shares.join('_')}`,
            amount_minor: 1_000,
            currency: 'GBP',
            status: 'done',
            reason: null,
            created_at: t.clock.now(),
            completed_at: t.clock.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (shares.length > 0)
          await tx
            .insertInto('ledger_shares')
            .values(
              shares.map((amount_minor, index) => ({
                ledger_entry_id: entry.id,
                organiser_id: index === 0 ? null : SEED.organiser.demo,
                amount_minor,
              })),
            )
            .execute();
        await sql`SET CONSTRAINTS ALL IMMEDIATE`.execute(tx);
        throw new Error('added up');
      });
    await expect(checked([])).rejects.toThrow(/shares of entry \d+ add up to 0, not its amount 1000/);
    await expect(checked([400, 500])).rejects.toThrow(/add up to 900/);
    await expect(checked([400, 600])).rejects.toThrow(/added up/);
    // A share cannot be moved once written: changing one alone breaks the sum.
    const paid = await t.db.selectFrom('ledger_shares').select(['ledger_entry_id', 'organiser_id']).executeTakeFirst();
    if (paid) {
      await expect(
        t.db
          .updateTable('ledger_shares')
          .set((eb) => ({ amount_minor: eb('amount_minor', '+', 1) }))
          .where('ledger_entry_id', '=', paid.ledger_entry_id)
          .where('organiser_id', paid.organiser_id === null ? 'is' : '=', paid.organiser_id)
          .execute(),
      ).rejects.toThrow(/shares of entry/);
    }
  });
});
