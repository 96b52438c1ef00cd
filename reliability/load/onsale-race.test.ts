/**
 * On-sale race (load): 10 × capacity buyers, each with 1–4 tickets in the basket, press Reserve at the same
 * moment through two api processes on one PostgreSQL database, while the first buyers to get a reservation pay at
 * once. The stock is sampled all along: the database's held must equal the active holds and its sold the sold holds,
 * held + sold + available = capacity with available never below 0; at the end exactly the capacity is held or sold,
 * the holds granted over HTTP add up to it, and nothing is oversold. The rounds run on the ticket type's single row
 * and over stock buckets (0020_stock_buckets: free stock parked in several rows, refilled from and drained back to
 * the type's row), where `held` is read as the active holds and `available` counts the parked stock.
 */
import { countFigure, highestFigure } from '../support/figures';
import type { ApiProcess } from '../support/api-process';
import { startTwoApis, stopTwoApis, type TwoApis } from '../support/two-apis';
import { addTickets, Buyer, inBatches, payByCard, paths } from '../support/buyer';
import { describeWithPostgres, type TestDatabase } from '../support/postgres';
import { freshTicketType, sampleContinuously, sampleStock, type StockSample } from '../support/stock';

jest.setTimeout(240_000);

const ROUNDS = [
  { capacity: 40, payers: 8, buckets: 1 },
  { capacity: 25, payers: 5, buckets: 1 },
  { capacity: 60, payers: 8, buckets: 8 },
  { capacity: 25, payers: 5, buckets: 16 },
];

describeWithPostgres('on-sale race over two api processes', () => {
  let database: TestDatabase;
  let apis: ApiProcess[] = [];
  let stack: TwoApis | undefined;

  beforeAll(async () => {
    stack = await startTwoApis({ CAPTCHA_RESERVE_LIMIT: '0' });
    ({ database, apis } = stack);
  });

  afterAll(() => stopTwoApis(stack));

  test.each(ROUNDS)(
    'capacity $capacity over $buckets bucket(s): exactly the capacity held or sold, never oversold',
    async ({ capacity, payers, buckets }) => {
      const ticketTypeId = await freshTicketType(database.pool, capacity, 'On-sale race', { buckets });
      const demandCount = 10 * capacity;
      // Quantities 1–4 in a fixed pattern, so the demand is the same every run (about 25 × capacity tickets).
      const quantities = Array.from({ length: demandCount }, (_, i) => 1 + ((i * 7) % 4));
      const buyers = quantities.map((_, i) => new Buyer(apis[i % 2]!.baseURL));
      await inBatches(buyers, 16, (buyer, i) => addTickets(buyer, ticketTypeId, quantities[i]!));

      const sampler = sampleContinuously(database.pool, ticketTypeId, 20);
      let paying = 0;
      const payments: Promise<unknown>[] = [];
      const answers = await Promise.all(
        buyers.map(async (buyer) => {
          const answer = await buyer.post(paths.reserve);
          // The first buyers with a reservation pay straight away, so sold moves during the race too.
          if (answer.json.reserved === true && paying < payers) {
            paying += 1;
            payments.push(payByCard(buyer));
          }
          return answer;
        }),
      );
      const paid = await Promise.all(payments);
      const samples: StockSample[] = await sampler.stop();
      const final = await sampleStock(database.pool, ticketTypeId);
      samples.push(final);

      const serverErrors = answers.filter((a) => a.status >= 500);
      expect(serverErrors).toEqual([]);
      const granted = answers.flatMap((a, i) => (a.json.reserved === true ? [quantities[i]!] : []));
      const refused = answers.flatMap((a, i) =>
        a.json.reserved === false ? [{ qty: quantities[i]!, error: a.json.error }] : [],
      );
      expect(granted.length + refused.length).toBe(demandCount);
      for (const refusal of refused) expect(refusal.error).toEqual(expect.stringMatching(/./));
      expect(paid.map((p) => (p as { json: unknown }).json)).toEqual(
        Array.from({ length: payers }, () => ({ status: 'succeeded' })),
      );

      for (const sample of samples) {
        expect(sample.held + sample.sold + sample.available).toBe(capacity);
        expect(sample.available).toBeGreaterThanOrEqual(0);
        expect(sample.held).toBe(sample.activeHolds);
        expect(sample.sold).toBe(sample.paidTickets);
      }
      const oversold = Math.max(
        0,
        ...samples.map((s) => s.held + s.sold - capacity),
        granted.reduce((a, b) => a + b, 0) - capacity,
      );
      expect(oversold).toBe(0);
      // Exactly the capacity taken, and taken by the buyers who were told 'reserved'.
      expect(final.held + final.sold).toBe(capacity);
      // Sold out: nothing left parked in a bucket either (the drain gave the last tickets out).
      expect(final.parked).toBe(0);
      expect(granted.reduce((a, b) => a + b, 0)).toBe(capacity);
      expect(final.sold).toBeGreaterThan(0);

      countFigure('load.onsale.races', 1, 'on-sale races run (two api processes, one PostgreSQL)');
      if (buckets > 1)
        countFigure('load.onsale.bucketRaces', 1, 'on-sale races run over stock buckets (two api processes)');
      countFigure(
        'load.onsale.reservations',
        demandCount,
        'concurrent multi-quantity reservations sent in on-sale races',
      );
      countFigure(
        'load.onsale.stockSamples',
        samples.length,
        'stock samples checked during on-sale races (held + sold + available = capacity)',
      );
      highestFigure(
        'load.onsale.oversold',
        oversold,
        'tickets held or sold beyond the capacity, worst sample (must be 0)',
      );
    },
  );
});
