/**
 * Payment under repeats, over HTTP against two api processes on one PostgreSQL database: a double
 * submit (the same idempotency key on both processes at once), two tabs (each its own key), a retry after a dropped
 * response, and the same key with a different amount. Each ends in one charge kept and one sale; the mismatch is
 * refused and runs nothing.
 */
import { paymentMessages } from '../../api/src/payment/messages';
import { countFigure } from '../support/figures';
import type { ApiProcess } from '../support/api-process';
import { startTwoApis, stopTwoApis, type TwoApis } from '../support/two-apis';
import { addTickets, Buyer, CARD_OK, newKey, paths, type Answer } from '../support/buyer';
import { describeWithPostgres, type TestDatabase } from '../support/postgres';
import { freshTicketType, sampleStock } from '../support/stock';
import { eventually } from '../support/wait';

jest.setTimeout(120_000);

describeWithPostgres('payment repeats over two api processes', () => {
  let database: TestDatabase;
  let apis: ApiProcess[] = [];
  let stack: TwoApis | undefined;
  const via = (i: 0 | 1) => apis[i]!.baseURL;

  beforeAll(async () => {
    stack = await startTwoApis({ CAPTCHA_RESERVE_LIMIT: '0', PAYMENT_JOBS_MS: '200' });
    ({ database, apis } = stack);
  });

  afterAll(() => stopTwoApis(stack));

  async function reservedBuyer(qty: number): Promise<{ buyer: Buyer; ticketTypeId: number; saleId: number }> {
    const ticketTypeId = await freshTicketType(database.pool, 10, 'Payment repeats');
    const buyer = new Buyer(via(0));
    await addTickets(buyer, ticketTypeId, qty);
    const reserved = await buyer.post(paths.reserve);
    expect(reserved.json.reserved).toBe(true);
    const { rows } = await database.pool.query<{ id: number }>('SELECT id FROM sales WHERE reference = $1', [
      reserved.json.sale_reference,
    ]);
    return { buyer, ticketTypeId, saleId: rows[0]!.id };
  }

  /** What the sandbox card provider charged for the sale: intents made, succeeded, and the money kept after refunds. */
  async function charges(saleId: number) {
    const { rows } = await database.pool.query<{ intents: number; succeeded: number; kept: number }>(
      `SELECT count(*)::int AS intents, count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded,
         coalesce(sum(amount_minor - refunded_minor) FILTER (WHERE status = 'succeeded'), 0)::int AS kept
       FROM sandbox_payment_intents WHERE (metadata::json->>'sale_id')::int = $1`,
      [saleId],
    );
    const payments = await database.pool.query<{ status: string; amount_minor: number }>(
      'SELECT status, amount_minor FROM payments WHERE sale_id = $1',
      [saleId],
    );
    const sale = await database.pool.query<{ status: string }>('SELECT status FROM sales WHERE id = $1', [saleId]);
    return { ...rows[0]!, payments: payments.rows, saleStatus: sale.rows[0]!.status };
  }

  const card = (clientSecret: unknown) => ({
    client_secret: String(clientSecret),
    number: CARD_OK,
    exp_month: '12',
    exp_year: '34',
    cvc: '123',
    postcode: 'BN1 1AA',
  });

  test('double submit: the same key on both processes at once makes one intent, one charge, one sale', async () => {
    const { buyer, ticketTypeId, saleId } = await reservedBuyer(2);
    const key = newKey();
    const tokens = await Promise.all([
      buyer.post(paths.getToken, { idempotency_key: key }, { via: via(0) }),
      buyer.post(paths.getToken, { idempotency_key: key }, { via: via(1) }),
    ]);
    expect(tokens.map((t) => t.status)).toEqual([200, 200]);
    expect(tokens[1].json.client_secret).toBe(tokens[0].json.client_secret);
    const confirms = await Promise.all([
      buyer.post(paths.confirm, card(tokens[0].json.client_secret), { via: via(0) }),
      buyer.post(paths.confirm, card(tokens[0].json.client_secret), { via: via(1) }),
    ]);
    expect(confirms.map((c) => c.json)).toEqual([{ status: 'succeeded' }, { status: 'succeeded' }]);
    expect(await charges(saleId)).toEqual({
      intents: 1,
      succeeded: 1,
      kept: 2000,
      payments: [{ status: 'paid', amount_minor: 2000 }],
      saleStatus: 'paid',
    });
    expect(await sampleStock(database.pool, ticketTypeId)).toMatchObject({ sold: 2, held: 0, paidTickets: 2 });
    countFigure(
      'load.payment.repeats',
      4,
      'repeated payment requests sent (double submits, tabs, retries, reused keys)',
    );
  });

  test('two tabs: each pays with its own key on its own process; one charge kept (a second is given back), one sale', async () => {
    const { buyer, ticketTypeId, saleId } = await reservedBuyer(2);
    const [tab1, tab2] = await Promise.all([
      buyer.post(paths.getToken, { idempotency_key: newKey() }, { via: via(0) }),
      buyer.post(paths.getToken, { idempotency_key: newKey() }, { via: via(1) }),
    ]);
    expect([tab1.status, tab2.status]).toEqual([200, 200]);
    const confirms = await Promise.all([
      buyer.post(paths.confirm, card(tab1.json.client_secret), { via: via(0) }),
      buyer.post(paths.confirm, card(tab2.json.client_secret), { via: via(1) }),
    ]);
    // Both cards went through at the provider; the sale is paid once, whichever settled first.
    expect(confirms.map((c) => c.json)).toEqual([{ status: 'succeeded' }, { status: 'succeeded' }]);
    // The tabs either share the sale's open intent (one charge) or each charged its own: then the other charge is
    // refunded by the durable refund job (either process runs it). Either way one charge is kept and one sale paid.
    const settled = await eventually(
      () => charges(saleId),
      (c) => c.kept === 2000,
      20_000,
    );
    expect([1, 2]).toContain(settled.intents);
    expect(settled).toEqual({
      intents: settled.intents,
      succeeded: settled.intents,
      kept: 2000,
      payments: [{ status: 'paid', amount_minor: 2000 }],
      saleStatus: 'paid',
    });
    expect(await sampleStock(database.pool, ticketTypeId)).toMatchObject({ sold: 2, held: 0, paidTickets: 2 });
    countFigure(
      'load.payment.repeats',
      4,
      'repeated payment requests sent (double submits, tabs, retries, reused keys)',
    );
  });

  test('a retry after a dropped response gets the first answer: one intent, one charge', async () => {
    const { buyer, ticketTypeId, saleId } = await reservedBuyer(1);
    const key = newKey();
    // The first get_token's response is lost on the way back (the server did the work); the page retries the key.
    const dropped = await buyer.post(paths.getToken, { idempotency_key: key }, { via: via(0), dropResponse: true });
    expect(dropped.status).toBe(0);
    const retried = await buyer.post(paths.getToken, { idempotency_key: key }, { via: via(1) });
    expect(retried.status).toBe(200);
    expect((await charges(saleId)).intents).toBe(1);
    // The confirm's response is lost too; confirming again answers succeeded and charges nothing more.
    const lost = await buyer.post(paths.confirm, card(retried.json.client_secret), { via: via(1), dropResponse: true });
    expect(lost.status).toBe(0);
    expect((await buyer.post(paths.confirm, card(retried.json.client_secret), { via: via(0) })).json).toEqual({
      status: 'succeeded',
    });
    expect(await charges(saleId)).toEqual({
      intents: 1,
      succeeded: 1,
      kept: 1000,
      payments: [{ status: 'paid', amount_minor: 1000 }],
      saleStatus: 'paid',
    });
    expect(await sampleStock(database.pool, ticketTypeId)).toMatchObject({ sold: 1, held: 0 });
    countFigure(
      'load.payment.repeats',
      4,
      'repeated payment requests sent (double submits, tabs, retries, reused keys)',
    );
  });

  test('the same key with a different amount is refused and runs nothing', async () => {
    const { buyer, saleId } = await reservedBuyer(1);
    const key = newKey();
    const first = await buyer.post(paths.getToken, { idempotency_key: key }, { via: via(0) });
    expect(first.status).toBe(200);
    // Refund protection changes the total and keeps the reservation.
    const protectedBasket = await buyer.post(
      '/ajax/checkout/checkout/update_refund_protection/',
      { refund_protection: true },
      { via: via(1) },
    );
    expect(protectedBasket.json).toEqual({ success: true });
    const reused: Answer = await buyer.post(paths.getToken, { idempotency_key: key }, { via: via(1) });
    expect(reused.status).toBe(409);
    expect(reused.json.error).toBe(paymentMessages.keyReused);
    expect(await charges(saleId)).toEqual({ intents: 1, succeeded: 0, kept: 0, payments: [], saleStatus: 'reserved' });
    countFigure(
      'load.payment.repeats',
      2,
      'repeated payment requests sent (double submits, tabs, retries, reused keys)',
    );
    countFigure('load.payment.mismatchesRefused', 1, 'idempotency keys reused with another amount, refused (409)');
  });
});
