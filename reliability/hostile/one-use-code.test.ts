/**
 * Hostile — a one-use code paid for twice, over HTTP against two api processes on one PostgreSQL database with
 * 2-second holds. Sale A applies a `max_uses: 1` code, reserves and gets a card intent; its hold lapses; sale B applies
 * the same code, reserves and pays; A then confirms its old intent. Only B keeps the discount: A's payment is refunded
 * with the code named, the code's uses stay 1 and reconcile finds nothing. Then the race: two lapsed sales holding
 * intents priced with the same one-use code confirm at the same moment on different processes, a few times over;
 * each time exactly one of them is sold at the discount.
 */
import { paymentMessages } from '../../api/src/payment/messages';
import { countFigure } from '../support/figures';
import type { ApiProcess } from '../support/api-process';
import { startTwoApis, stopTwoApis, type TwoApis } from '../support/two-apis';
import { addTickets, Buyer, CARD_OK, newKey, paths, payByCard, type Answer } from '../support/buyer';
import { cardCharges } from '../support/checkout';
import { Ledger, moneyJobsDue } from '../support/money';
import { describeWithPostgres, type TestDatabase } from '../support/postgres';
import { freshTicketType } from '../support/stock';
import { eventually, sleep } from '../support/wait';

jest.setTimeout(60_000);

const HOLD_SECONDS = 2;
const RACES = 2;
const SET_CODE = '/ajax/checkout/checkout/set_code/';
const PRICE_MINOR = 1000;
const DISCOUNT_MINOR = 300;

describeWithPostgres('a one-use code over two api processes', () => {
  let database: TestDatabase;
  let apis: ApiProcess[] = [];
  let stack: TwoApis | undefined;
  let ledger: Ledger | undefined;
  let ticketTypeId = 0;
  const via = (i: 0 | 1) => apis[i]!.baseURL;

  beforeAll(async () => {
    stack = await startTwoApis({
      CAPTCHA_RESERVE_LIMIT: '0',
      HOLD_SECONDS: String(HOLD_SECONDS),
      HOLD_SWEEP_MS: '200',
      PAYMENT_JOBS_MS: '200',
    });
    ({ database, apis } = stack);
    ledger = await Ledger.open(database.url);
    ticketTypeId = await freshTicketType(database.pool, 20, 'One-use code');
  });

  afterAll(async () => {
    await ledger?.close();
    await stopTwoApis(stack);
  });

  let nextCode = 96_000;
  async function oneUseCode(): Promise<string> {
    nextCode += 1;
    const code = `ONCE-${nextCode}`;
    await database.pool.query(
      `INSERT INTO codes (id, code, kind, amount_minor, currency, max_uses) VALUES ($1, $2, 'fixed', $3, 'GBP', 1)`,
      [nextCode, code, DISCOUNT_MINOR],
    );
    return code;
  }

  /** A buyer on api `i` who applied `code`, reserved one ticket and holds a card intent: its sale id and client secret. */
  async function reservedWithIntent(code: string, i: 0 | 1): Promise<{ buyer: Buyer; saleId: number; secret: string }> {
    const buyer = new Buyer(via(i));
    await addTickets(buyer, ticketTypeId, 1);
    expect((await buyer.post(SET_CODE, { code })).json).toEqual({ code_applied: true });
    const reserved = await buyer.post(paths.reserve);
    expect(reserved.json.reserved).toBe(true);
    const { rows } = await database.pool.query<{ id: number }>('SELECT id FROM sales WHERE reference = $1', [
      reserved.json.sale_reference,
    ]);
    const token = await buyer.post(paths.getToken, { idempotency_key: newKey() });
    expect(token.status).toBe(200);
    return { buyer, saleId: rows[0]!.id, secret: String(token.json.client_secret) };
  }

  const confirm = (buyer: Buyer, secret: string, i: 0 | 1): Promise<Answer> =>
    buyer.post(
      paths.confirm,
      { client_secret: secret, number: CARD_OK, exp_month: '12', exp_year: '34', cvc: '123', postcode: 'BN1 1AA' },
      { via: via(i) },
    );

  /** The sales' holds lapse (the sweepers end them): wall-clock time, the holds are 2 s. */
  async function lapsed(saleIds: number[]): Promise<void> {
    await sleep(HOLD_SECONDS * 1000 + 200);
    const ended = await eventually(
      async () =>
        (
          await database.pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM sales WHERE id = ANY($1) AND status = 'expired'`,
            [saleIds],
          )
        ).rows[0]!.n,
      (n) => n === saleIds.length,
      5_000,
    );
    expect(ended).toBe(saleIds.length);
  }

  /** What the code did: settled sales that it discounted, and its count of uses. */
  async function codeOutcome(code: string) {
    const { rows } = await database.pool.query<{ discounted: number; uses: number }>(
      `SELECT (SELECT count(*)::int FROM payments p
                WHERE p.status = 'paid' AND p.components::jsonb -> 'discounts' @> jsonb_build_array(jsonb_build_object('code', c.code))) AS discounted,
              c.uses
         FROM codes c WHERE c.code = $1`,
      [code],
    );
    return rows[0]!;
  }

  async function salesOf(saleIds: number[]) {
    const { rows } = await database.pool.query<{ id: number; status: string; refund_reason: string | null }>(
      'SELECT id, status, refund_reason FROM sales WHERE id = ANY($1) ORDER BY id',
      [saleIds],
    );
    return rows;
  }

  /** The refund jobs have given the money back (either process runs them). */
  async function refundsDone(): Promise<void> {
    const jobs = await eventually(
      () => moneyJobsDue(database.pool),
      (n) => n === 0,
      10_000,
    );
    expect(jobs).toBe(0);
  }

  test('A pays its old intent after B used the code: A is refunded with the code named, B keeps the discount, uses = 1', async () => {
    const code = await oneUseCode();
    const a = await reservedWithIntent(code, 0);
    await lapsed([a.saleId]);
    const b = await reservedWithIntent(code, 1);
    expect((await payByCard(b.buyer)).json).toEqual({ status: 'succeeded' });

    const late = await confirm(a.buyer, a.secret, 1);
    const reason = paymentMessages.refundedCodeTaken(code);
    await refundsDone();
    // Read together, so a failure shows the whole outcome.
    expect({
      late: { status: late.status, body: late.json },
      // The buyer's page reads the reason too (the payment step's error, from either process).
      paymentError: (await a.buyer.post(paths.paymentError, {}, { via: via(0) })).body,
      sales: await salesOf([a.saleId, b.saleId]),
      code: await codeOutcome(code),
      mismatches: await ledger!.mismatches([a.saleId, b.saleId]),
    }).toEqual({
      late: { status: 402, body: { error: { code: 'payment_refunded', message: reason } } },
      paymentError: reason,
      sales: [
        { id: a.saleId, status: 'refunded', refund_reason: reason },
        { id: b.saleId, status: 'paid', refund_reason: null },
      ],
      code: { discounted: 1, uses: 1 },
      mismatches: [],
    });
    const kept = PRICE_MINOR - DISCOUNT_MINOR;
    expect(await cardCharges(database.pool, a.saleId)).toMatchObject({ succeeded: 1, charged: kept, kept: 0 });
    expect(await cardCharges(database.pool, b.saleId)).toMatchObject({ succeeded: 1, kept });
    countFigure('hostile.oneUseCode.latePayments', 1, 'old intents paid after their one-use code was used elsewhere');
  });

  test('two lapsed sales confirm intents priced with one one-use code at the same moment: exactly one is discounted', async () => {
    for (let race = 0; race < RACES; race += 1) {
      const code = await oneUseCode();
      const a = await reservedWithIntent(code, 0);
      await lapsed([a.saleId]);
      const b = await reservedWithIntent(code, 1);
      await lapsed([b.saleId]);
      // Each confirms on its own process: A on the first and B on the second in even races, the other way in odd ones.
      const aVia = race % 2 === 0 ? 0 : 1;
      const answers = await Promise.all([confirm(a.buyer, a.secret, aVia), confirm(b.buyer, b.secret, aVia ? 0 : 1)]);
      const reason = paymentMessages.refundedCodeTaken(code);
      await refundsDone();
      const sales = await salesOf([a.saleId, b.saleId]);
      expect({
        answers: answers.map((answer) => answer.status).sort(),
        refused: answers.find((answer) => answer.status !== 200)?.json,
        statuses: sales.map((sale) => sale.status).sort(),
        reason: sales.find((sale) => sale.status !== 'paid')?.refund_reason,
        code: await codeOutcome(code),
        mismatches: await ledger!.mismatches([a.saleId, b.saleId]),
      }).toEqual({
        answers: [200, 402],
        refused: { error: { code: 'payment_refunded', message: reason } },
        statuses: ['paid', 'refunded'],
        reason,
        code: { discounted: 1, uses: 1 },
        mismatches: [],
      });
    }
    countFigure('hostile.oneUseCode.races', RACES, 'simultaneous settlements of one one-use code by two lapsed sales');
  });
});
