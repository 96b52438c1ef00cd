/**
 * The api process killed mid-checkout (faults): SIGKILL (no shutdown hook, transactions cut) at each point of
 * a buyer's checkout, then started again on the same port and database. The buyer's checkout resumes where it was
 * (GET checkout answers the same sale, state and basket), no ticket is issued twice and no paid sale is lost.
 */
import { countFigure } from '../support/figures';
import { ApiProcess } from '../support/api-process';
import { addTickets, Buyer, payByCard, paths, CARD_OK, newKey, type Answer } from '../support/buyer';
import { cardCharges, guestAccount, saleIdOf, ticketsOf } from '../support/checkout';
import { createDatabase, describeWithPostgres, type TestDatabase } from '../support/postgres';
import { freshTicketType, sampleStock } from '../support/stock';
import { eventually } from '../support/wait';

jest.setTimeout(180_000);

const DELIVER = '/ajax/checkout/checkout/deliver_to_bitticket/';
const WALLET = '/ajax/checkout/checkout/deliver_to_wallet/';

describeWithPostgres('the api killed mid-checkout and restarted', () => {
  let database: TestDatabase;
  let api: ApiProcess;
  let other: ApiProcess;

  beforeAll(async () => {
    database = await createDatabase();
    const env = {
      CAPTCHA_RESERVE_LIMIT: '0',
      SANDBOX_BANK_SETTLE_MS: '500',
      PAYMENT_JOBS_MS: '300',
      PAYMENT_CLAIM_STALE_MS: '1000',
    };
    api = await ApiProcess.start({ databaseUrl: database.url, env, name: 'api-killed' });
    other = await ApiProcess.start({ databaseUrl: database.url, env, name: 'api-other' });
  });

  afterAll(async () => {
    await Promise.all([api?.stop(), other?.stop()]);
    await database?.drop();
  });

  /** What 'where the checkout was' means: the same sale, state, basket and payment status; no more time than before. */
  const where = (checkout: Answer) => ({
    sale_reference: checkout.json.sale_reference,
    state: checkout.json.state,
    tickets: checkout.json.tickets,
    basket_total: checkout.json.basket_total,
    payment_complete: checkout.json.payment_complete,
  });

  async function crashAndRestart(env?: Record<string, string>): Promise<void> {
    await api.kill();
    await api.restart(env);
    countFigure('faults.crash.kills', 1, 'api processes killed (SIGKILL) mid-checkout and restarted');
  }

  async function expectDeliveredOnce(buyer: Buyer, saleId: number, qty: number): Promise<void> {
    // Delivery pressed on both processes at once, then again: the tickets are issued once, the wallet emailed once.
    const answers = await Promise.all([buyer.post(DELIVER), buyer.post(DELIVER, {}, { via: other.baseURL })]);
    expect(answers.map((a) => a.json)).toEqual([{ delivery_completed: true }, { delivery_completed: true }]);
    expect((await buyer.post(WALLET)).json).toEqual({ delivery_completed: true });
    expect((await buyer.post(WALLET, {}, { via: other.baseURL })).json).toEqual({ delivery_completed: true });
    expect(await ticketsOf(database.pool, saleId)).toBe(qty);
    const { rows } = await database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE kind = 'ticket_wallet' AND to_address = (SELECT email FROM sales WHERE id = $1)`,
      [saleId],
    );
    expect(rows[0]!.n).toBe(1);
  }

  test('after reserve: the reservation, its basket and its clock survive; the buyer pays and gets the tickets once', async () => {
    const ticketTypeId = await freshTicketType(database.pool, 10, 'Crash after reserve');
    const buyer = new Buyer(api.baseURL);
    await addTickets(buyer, ticketTypeId, 3);
    expect((await buyer.post(paths.reserve)).json.reserved).toBe(true);
    await guestAccount(buyer, 'crash-reserve@example.com');
    const before = await buyer.get(paths.get);

    await crashAndRestart();

    const after = await buyer.get(paths.get);
    expect(where(after)).toEqual(where(before));
    expect(after.json.seconds_remaining).toBeGreaterThan(0);
    expect(after.json.seconds_remaining).toBeLessThanOrEqual(Number(before.json.seconds_remaining));
    expect(await sampleStock(database.pool, ticketTypeId)).toMatchObject({ held: 3, activeHolds: 3, sold: 0 });
    expect((await payByCard(buyer)).json).toEqual({ status: 'succeeded' });
    const saleId = await saleIdOf(buyer, database.pool);
    await expectDeliveredOnce(buyer, saleId, 3);
    expect(await sampleStock(database.pool, ticketTypeId)).toMatchObject({ held: 0, sold: 3, paidTickets: 3 });
  });

  test('during the bank wait: the bank payment is still awaited after the restart and settles the sale once', async () => {
    const ticketTypeId = await freshTicketType(database.pool, 10, 'Crash in bank wait', { square: true });
    const buyer = new Buyer(api.baseURL);
    await addTickets(buyer, ticketTypeId, 2);
    expect((await buyer.post(paths.reserve)).json.reserved).toBe(true);
    await guestAccount(buyer, 'crash-bank@example.com');
    expect((await buyer.post('/ajax/checkout/checkout/create_truelayer_payment/')).json).toMatchObject({
      success: true,
    });
    const toBank = await buyer.post('/ajax/checkout/checkout/pay_with_truelayer/', {
      contact_number: '',
      idempotency_key: newKey(),
    });
    expect(toBank.status).toBe(200);
    const paymentId = new URL(String(toBank.json.auth_url), 'http://x').searchParams.get('payment_id') ?? '';
    const before = await buyer.get(paths.get);
    expect(before.json.state).toBe('awaiting_truelayer');

    await crashAndRestart();

    expect(where(await buyer.get(paths.get))).toEqual(where(before));
    // The buyer approves at the bank (its own site: a plain form post) and comes back.
    const approved = await fetch(`${api.baseURL}/sandbox/truelayer/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `payment_id=${paymentId}&action=approve`,
    });
    expect(approved.status).toBe(303);
    const status = await eventually(
      async () =>
        (await buyer.post('/ajax/checkout/checkout/get_truelayer_status/')).json.truelayer_status as
          { payment_completed?: boolean } | undefined,
      (s) => s?.payment_completed === true,
      15_000,
      200,
    );
    expect(status).toMatchObject({ status: 'executed', payment_completed: true });
    const saleId = await saleIdOf(buyer, database.pool);
    const payments = await database.pool.query<{ provider: string; status: string }>(
      'SELECT provider, status FROM payments WHERE sale_id = $1',
      [saleId],
    );
    expect(payments.rows).toEqual([{ provider: 'truelayer', status: 'paid' }]);
    await expectDeliveredOnce(buyer, saleId, 2);
    expect(await sampleStock(database.pool, ticketTypeId)).toMatchObject({ held: 0, sold: 2 });
  });

  test('between payment success and delivery: the paid sale is waiting for delivery after the restart; tickets issued once', async () => {
    const ticketTypeId = await freshTicketType(database.pool, 10, 'Crash before delivery');
    const buyer = new Buyer(api.baseURL);
    await addTickets(buyer, ticketTypeId, 2);
    expect((await buyer.post(paths.reserve)).json.reserved).toBe(true);
    await guestAccount(buyer, 'crash-delivery@example.com');
    expect((await payByCard(buyer)).json).toEqual({ status: 'succeeded' });
    const before = await buyer.get(paths.get);
    expect(before.json).toMatchObject({ state: 'deliver_tickets', payment_complete: true });

    await crashAndRestart();

    expect(where(await buyer.get(paths.get))).toEqual(where(before));
    const saleId = await saleIdOf(buyer, database.pool);
    await expectDeliveredOnce(buyer, saleId, 2);
    expect(await cardCharges(database.pool, saleId)).toEqual({ intents: 1, succeeded: 1, charged: 2000, kept: 2000 });
  });

  test('killed inside get_token: the page retrying its key after the restart gets the same intent, and pays once', async () => {
    const ticketTypeId = await freshTicketType(database.pool, 10, 'Crash in get_token');
    const buyer = new Buyer(api.baseURL);
    await addTickets(buyer, ticketTypeId, 1);
    expect((await buyer.post(paths.reserve)).json.reserved).toBe(true);
    await guestAccount(buyer, 'crash-token@example.com');
    const saleId = await saleIdOf(buyer, database.pool);
    await api.restart({ FAILPOINTS: 'card.after-intent' });
    const key = newKey();
    await expect(buyer.post(paths.getToken, { idempotency_key: key })).rejects.toThrow();
    await api.died();
    await api.restart({ FAILPOINTS: '' });
    countFigure('faults.crash.kills', 1, 'api processes killed (SIGKILL) mid-checkout and restarted');
    // The claim the dead process left is taken over (PAYMENT_CLAIM_STALE_MS) instead of 'still being processed' for ever.
    const retried = await buyer.post(paths.getToken, { idempotency_key: key });
    expect(retried.status).toBe(200);
    const card = {
      client_secret: String(retried.json.client_secret),
      number: CARD_OK,
      exp_month: '12',
      exp_year: '34',
      cvc: '123',
      postcode: 'BN1 1AA',
    };
    expect((await buyer.post(paths.confirm, card)).json).toEqual({ status: 'succeeded' });
    expect(await cardCharges(database.pool, saleId)).toEqual({ intents: 1, succeeded: 1, charged: 1000, kept: 1000 });
    await expectDeliveredOnce(buyer, saleId, 1);
  });

  test('killed after the card was charged but before the sale was settled: the paid sale is not lost, charged once', async () => {
    const ticketTypeId = await freshTicketType(database.pool, 10, 'Crash after charge');
    const buyer = new Buyer(api.baseURL);
    await addTickets(buyer, ticketTypeId, 2);
    expect((await buyer.post(paths.reserve)).json.reserved).toBe(true);
    await guestAccount(buyer, 'crash-charge@example.com');
    const saleId = await saleIdOf(buyer, database.pool);
    await api.restart({ FAILPOINTS: 'card.after-charge' });
    const token = await buyer.post(paths.getToken, { idempotency_key: newKey() });
    const card = {
      client_secret: String(token.json.client_secret),
      number: CARD_OK,
      exp_month: '12',
      exp_year: '34',
      cvc: '123',
      postcode: 'BN1 1AA',
    };
    // The process dies inside the confirm: the buyer's request gets no answer.
    await expect(buyer.post(paths.confirm, card)).rejects.toThrow();
    await api.died();
    expect(await cardCharges(database.pool, saleId)).toEqual({ intents: 1, succeeded: 1, charged: 2000, kept: 2000 });
    expect((await database.pool.query('SELECT status FROM sales WHERE id = $1', [saleId])).rows).toEqual([
      { status: 'reserved' },
    ]);
    await api.restart({ FAILPOINTS: '' });
    countFigure('faults.crash.kills', 1, 'api processes killed (SIGKILL) mid-checkout and restarted');

    // The delivery step asks the provider whether the money exists: it does, so the sale is settled and delivered.
    await expectDeliveredOnce(buyer, saleId, 2);
    expect((await buyer.get(paths.get)).json).toMatchObject({ state: 'deliver_tickets', payment_complete: true });
    // The page's retry of the confirm answers succeeded and changes nothing.
    expect((await buyer.post(paths.confirm, card)).json).toEqual({ status: 'succeeded' });
    expect(await cardCharges(database.pool, saleId)).toEqual({ intents: 1, succeeded: 1, charged: 2000, kept: 2000 });
    expect(await sampleStock(database.pool, ticketTypeId)).toMatchObject({ held: 0, sold: 2, paidTickets: 2 });
  });
});
