/**
 * Expiry under load: two api processes on one PostgreSQL database with 2-second holds and both
 * processes' sweepers running every 200 ms (reservations sweep lapsed holds themselves too):
 * - buyers keep reserving while holds keep expiring: every hold granted expires exactly once and its stock comes back
 *   once (held always equals the active holds, never more than the capacity taken, all stock back at the end);
 * - payments land at the last second around the expiry while other buyers wait for the stock: each ends in exactly one
 *   outcome, sold (the money kept, the tickets sold once) or refunded by the stated rule (docs/domain-rules.md,
 *   'A payment that arrives after the hold expired': honoured when every ticket is still available, otherwise
 *   refunded by a durable job).
 */
import { countFigure, highestFigure } from '../support/figures';
import type { ApiProcess } from '../support/api-process';
import { startTwoApis, stopTwoApis, type TwoApis } from '../support/two-apis';
import { addTickets, Buyer, CARD_OK, inBatches, newKey, paths } from '../support/buyer';
import { describeWithPostgres, type TestDatabase } from '../support/postgres';
import { freshTicketType, sampleContinuously, sampleStock } from '../support/stock';
import { eventually, sleep } from '../support/wait';

jest.setTimeout(180_000);

const HOLD_SECONDS = 2;

describeWithPostgres('holds expiring under load over two api processes', () => {
  let database: TestDatabase;
  let apis: ApiProcess[] = [];
  let stack: TwoApis | undefined;

  beforeAll(async () => {
    stack = await startTwoApis({
      CAPTCHA_RESERVE_LIMIT: '0',
      HOLD_SECONDS: String(HOLD_SECONDS),
      HOLD_SWEEP_MS: '200',
      PAYMENT_JOBS_MS: '200',
    });
    ({ database, apis } = stack);
  });

  afterAll(() => stopTwoApis(stack));

  test('buyers keep reserving while holds expire: each hold expires once and its stock comes back once', async () => {
    const capacity = 12;
    const ticketTypeId = await freshTicketType(database.pool, capacity, 'Expiry churn');
    const buyers = Array.from({ length: 40 }, (_, i) => ({ buyer: new Buyer(apis[i % 2]!.baseURL), qty: 1 + (i % 3) }));
    await inBatches(buyers, 16, ({ buyer, qty }) => addTickets(buyer, ticketTypeId, qty));

    const sampler = sampleContinuously(database.pool, ticketTypeId, 20);
    const granted: number[] = [];
    const until = Date.now() + 4 * HOLD_SECONDS * 1000;
    // Every buyer presses Reserve again and again (a fresh reservation once the last one lapsed) for four hold times.
    let attempts = 0;
    await Promise.all(
      buyers.map(async ({ buyer, qty }) => {
        while (Date.now() < until) {
          attempts += 1;
          const answer = await buyer.post(paths.reserve);
          expect(answer.status).toBeLessThan(500);
          if (answer.json.reserved === true && answer.json.fresh_reservation === true) granted.push(qty);
          await sleep(answer.json.reserved === true ? 500 : 60);
        }
      }),
    );
    // Then nobody reserves: every hold lapses and the sweepers give everything back.
    const settled = await eventually(
      () => sampleStock(database.pool, ticketTypeId),
      (s) => s.activeHolds === 0 && s.held === 0,
      15_000,
    );
    const samples = await sampler.stop();
    samples.push(settled);

    for (const sample of samples) {
      expect(sample.held).toBe(sample.activeHolds);
      expect(sample.available).toBeGreaterThanOrEqual(0);
      expect(sample.held + sample.sold + sample.available).toBe(capacity);
    }
    expect(settled).toMatchObject({ held: 0, sold: 0, available: capacity });
    const { rows } = await database.pool.query<{ status: string; tickets: number; holds: number }>(
      `SELECT status, sum(qty)::int AS tickets, count(*)::int AS holds FROM holds WHERE ticket_type_id = $1 GROUP BY status`,
      [ticketTypeId],
    );
    // Every hold the buyers were granted ended as expired (once: a hold leaves 'active' only once), none other.
    expect(rows).toEqual([{ status: 'expired', tickets: granted.reduce((a, b) => a + b, 0), holds: granted.length }]);
    // The stock really turned over: more was granted than the capacity, many times.
    expect(granted.reduce((a, b) => a + b, 0)).toBeGreaterThan(2 * capacity);

    countFigure(
      'load.expiry.reserveAttempts',
      attempts,
      'reservations tried while holds expired (2 s holds, two processes sweeping)',
    );
    countFigure('load.expiry.holdsExpired', granted.length, 'holds granted and expired, each exactly once');
    countFigure('load.expiry.stockSamples', samples.length, 'stock samples checked during expiry churn');
    highestFigure(
      'load.expiry.oversold',
      Math.max(0, ...samples.map((s) => s.held + s.sold - capacity)),
      'tickets held or sold beyond the capacity during expiry churn (must be 0)',
    );
  });

  test('payments at the last second around the expiry: each ends sold or refunded, exactly once', async () => {
    const payers = [-1000, -400, -150, -50, 50, 150, 400, 800];
    const capacity = payers.length;
    const ticketTypeId = await freshTicketType(database.pool, capacity, 'Expiry payment race');
    const payerBuyers = payers.map((_, i) => new Buyer(apis[i % 2]!.baseURL));
    await inBatches(payerBuyers, 8, (buyer) => addTickets(buyer, ticketTypeId, 1));
    // Competitors wait with the same ticket in their baskets, trying to reserve as soon as stock comes back.
    const competitors = Array.from({ length: 4 }, (_, i) => new Buyer(apis[(i + 1) % 2]!.baseURL));
    await inBatches(competitors, 4, (buyer) => addTickets(buyer, ticketTypeId, 1));

    const prepared = await Promise.all(
      payerBuyers.map(async (buyer, i) => {
        const reserved = await buyer.post(paths.reserve);
        expect(reserved.json.reserved).toBe(true);
        const reservedAt = Date.now();
        // get_token on the other process: the intent exists before the expiry; only the card confirm is late.
        const token = await buyer.post(
          paths.getToken,
          { idempotency_key: newKey() },
          { via: apis[(i + 1) % 2]!.baseURL },
        );
        expect(token.status).toBe(200);
        const { rows } = await database.pool.query<{ id: number }>('SELECT id FROM sales WHERE reference = $1', [
          reserved.json.sale_reference,
        ]);
        return { buyer, reservedAt, clientSecret: String(token.json.client_secret), saleId: rows[0]!.id };
      }),
    );

    const competing = Date.now() + (HOLD_SECONDS + 2) * 1000;
    const competition = Promise.all(
      competitors.map(async (buyer) => {
        while (Date.now() < competing) {
          const answer = await buyer.post(paths.reserve);
          if (answer.json.reserved === true) return true;
          await sleep(30);
        }
        return false;
      }),
    );
    const confirms = await Promise.all(
      prepared.map(async ({ buyer, reservedAt, clientSecret }, i) => {
        await sleep(Math.max(0, reservedAt + HOLD_SECONDS * 1000 + payers[i]! - Date.now()));
        return buyer.post(paths.confirm, {
          client_secret: clientSecret,
          number: CARD_OK,
          exp_month: '12',
          exp_year: '34',
          cvc: '123',
          postcode: 'BN1 1AA',
        });
      }),
    );
    await competition;
    for (const confirm of confirms) expect([200, 402]).toContain(confirm.status);

    // Refunds are durable jobs: wait until every refunded sale's money is back.
    const outcomes = await eventually(
      () =>
        Promise.all(
          prepared.map(async ({ saleId }) => {
            const sale = await database.pool.query<{ status: string }>('SELECT status FROM sales WHERE id = $1', [
              saleId,
            ]);
            const money = await database.pool.query<{ charged: number; kept: number }>(
              `SELECT coalesce(sum(amount_minor) FILTER (WHERE status = 'succeeded'), 0)::int AS charged,
                 coalesce(sum(amount_minor - refunded_minor) FILTER (WHERE status = 'succeeded'), 0)::int AS kept
               FROM sandbox_payment_intents WHERE (metadata::json->>'sale_id')::int = $1`,
              [saleId],
            );
            const sold = await database.pool.query<{ qty: number }>(
              `SELECT coalesce(sum(qty), 0)::int AS qty FROM holds WHERE sale_id = $1 AND status = 'sold'`,
              [saleId],
            );
            const payments = await database.pool.query<{ status: string }>(
              'SELECT status FROM payments WHERE sale_id = $1',
              [saleId],
            );
            return {
              status: sale.rows[0]!.status,
              ...money.rows[0]!,
              sold: sold.rows[0]!.qty,
              payments: payments.rows.map((p) => p.status),
            };
          }),
        ),
      (all) => all.every((o) => o.status === 'paid' || o.kept === 0),
      20_000,
    );

    for (const [i, outcome] of outcomes.entries()) {
      const answer = confirms[i]!;
      if (outcome.status === 'paid') {
        // Sold: charged once, the money kept, one ticket sold, the buyer told it succeeded.
        expect(outcome).toEqual({ status: 'paid', charged: 1000, kept: 1000, sold: 1, payments: ['paid'] });
        expect(answer.json).toEqual({ status: 'succeeded' });
      } else {
        // Refunded by the rule: nothing sold, the whole charge given back, the buyer told why.
        expect(outcome).toEqual({ status: 'refunded', charged: 1000, kept: 0, sold: 0, payments: ['refunded'] });
        expect(answer.status).toBe(402);
        expect(answer.json).toMatchObject({ error: { code: 'payment_refunded' } });
      }
    }
    const stock = await sampleStock(database.pool, ticketTypeId);
    const paid = outcomes.filter((o) => o.status === 'paid').length;
    expect(stock.sold).toBe(paid);
    expect(stock.sold + stock.held).toBeLessThanOrEqual(capacity);
    expect(stock.held).toBe(stock.activeHolds);
    // The payer a whole second early was in time (the others are timing: either outcome is right, exactly one).
    expect(outcomes[0]?.status).toBe('paid');

    countFigure(
      'load.expiry.lastSecondPayments',
      payers.length,
      'payments racing their hold expiry (each sold or refunded, once)',
    );
    countFigure(
      'load.expiry.lastSecondRefunded',
      outcomes.length - paid,
      'of which refunded by the paid-after-expiry rule',
    );
  });
});
