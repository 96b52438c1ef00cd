/**
 * Hostile organiser — erasing the marketplace's fees, over HTTP against two api processes on one PostgreSQL database
 * (shared/src/rules/fees.ts): an organiser's API key makes a gift voucher code and a ticket type, then a buyer on the
 * other process prices the basket. The voucher pays the tickets but never their booking fee (the basket is no free
 * claim, the fee is collected and the ledger gives it to the marketplace), and a ticket type cannot absorb a fee
 * larger than its price (the write is refused; a row written before the rule still pays its whole fee).
 */
import { randomUUID } from 'node:crypto';
import { paymentMessages } from '../../api/src/payment/messages';
import { ABSORBED_FEE_ABOVE_PRICE } from '../../api/src/organiser-api/catalogue/schemas';
import { SEED } from '../../api/src/seed/catalogue';
import { addTickets, Buyer, newKey, paths, payByCard } from '../support/buyer';
import { saleIdOf } from '../support/checkout';
import { Ledger } from '../support/money';
import { describeWithPostgres } from '../support/postgres';
import { startTwoApis, stopTwoApis, type TwoApis } from '../support/two-apis';
import { organiserKey } from '../support/waiting-room';

jest.setTimeout(120_000);

/** The seeded 'On-sale test' event: its organiser ('Checkout Demo') takes cards; its one date's external id. */
const EVENT = SEED.event.onSale;
const DATE = '101';

interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

describeWithPostgres('an organiser cannot erase the marketplace’s fees (two api processes, PostgreSQL)', () => {
  let stack: TwoApis | undefined;
  let ledger: Ledger | undefined;
  let key = '';
  const via = (i: 0 | 1) => stack!.apis[i].baseURL;

  /** The organiser's own API, through the first process. */
  async function organiserApi(method: 'POST' | 'PATCH', path: string, body: unknown): Promise<ApiAnswer> {
    const response = await fetch(`${via(0)}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const ticketType = (fields: Record<string, unknown>) => ({
    external_id: `fees-${randomUUID()}`,
    date: DATE,
    name: 'Fee test',
    currency: 'GBP',
    capacity: 20,
    ...fields,
  });

  beforeAll(async () => {
    stack = await startTwoApis({ CAPTCHA_RESERVE_LIMIT: '0' });
    key = await organiserKey(via(0), SEED.organiser.demo);
    ledger = await Ledger.open(stack.database.url);
  });

  afterAll(async () => {
    await ledger?.close();
    await stopTwoApis(stack);
  });

  test('an organiser’s gift voucher pays the tickets, not the booking fee: £11 is no free claim', async () => {
    const created = await organiserApi(
      'POST',
      `/events/${EVENT}/ticket-types`,
      ticketType({ price_minor: 1000, booking_fee_minor: 100 }),
    );
    expect(created.status).toBe(201);
    const code = `FEES-${randomUUID().slice(0, 8)}`.toUpperCase();
    const voucher = await organiserApi('POST', '/codes', {
      external_id: code,
      code,
      kind: 'gift_voucher',
      amount_minor: 5000,
      balance_minor: 5000,
      currency: 'GBP',
    });
    expect(voucher.status).toBe(201);

    const buyer = new Buyer(via(1));
    await addTickets(buyer, Number(created.body.id), 1);
    expect((await buyer.post('/ajax/checkout/checkout/set_code/', { code })).json).toEqual({ code_applied: true });
    const checkout = (await buyer.get(paths.get)).json;
    console.log(
      `voucher attack: basket_total ${String(checkout.basket_total)}, ` +
        `voucher paid ${String(checkout.gift_vouchers_applied_total)}`,
    );
    expect({ total: checkout.basket_total, paid: checkout.gift_vouchers_applied_total }).toEqual({
      total: 1,
      paid: 10,
    });

    // Not a free claim: the fee is paid by card, through the other process, and the ledger gives it to the marketplace.
    expect((await buyer.post(paths.reserve)).json.reserved).toBe(true);
    const claimed = await buyer.post('/ajax/checkout/checkout/claim_free_tickets/', {
      email: 'fees@example.com',
      idempotency_key: newKey(),
    });
    expect({ status: claimed.status, error: claimed.json.error }).toEqual({
      status: 409,
      error: paymentMessages.notFree,
    });
    expect((await payByCard(buyer, { via: via(0) })).json.status).toBe('succeeded');
    const saleId = await saleIdOf(buyer, stack!.database.pool);
    const { rows } = await stack!.database.pool.query<{ organiser_id: number | null; amount_minor: number }>(
      `SELECT s.organiser_id, s.amount_minor FROM ledger_shares s JOIN ledger_entries l ON l.id = s.ledger_entry_id
       WHERE l.sale_id = $1 AND l.kind = 'payment'`,
      [saleId],
    );
    console.log(`voucher attack: ledger shares ${JSON.stringify(rows)}`);
    expect(rows).toEqual([{ organiser_id: null, amount_minor: 100 }]);
    expect(await ledger!.mismatches([saleId])).toEqual([]);
  });

  test('absorb_fee with a fee above the price is refused: creating such a type, or lowering a price below the fee', async () => {
    const refused = await organiserApi(
      'POST',
      `/events/${EVENT}/ticket-types`,
      ticketType({ price_minor: 100, booking_fee_minor: 150, absorb_fee: true }),
    );
    console.log(`absorb attack: create answered ${refused.status} ${JSON.stringify(refused.body)}`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ absorb_fee: `'absorb_fee': ${ABSORBED_FEE_ABOVE_PRICE}` });

    const fair = await organiserApi(
      'POST',
      `/events/${EVENT}/ticket-types`,
      ticketType({ price_minor: 1000, booking_fee_minor: 150, absorb_fee: true }),
    );
    expect(fair.status).toBe(201);
    const lowered = await organiserApi('PATCH', `/ticket-types/${String(fair.body.id)}`, { price_minor: 100 });
    console.log(`absorb attack: lowering the price answered ${lowered.status} ${JSON.stringify(lowered.body)}`);
    expect(lowered.status).toBe(409);
    expect(String(lowered.body.error)).toContain(ABSORBED_FEE_ABOVE_PRICE);
  });

  test('a ticket type absorbing a fee above its price (a row written before the rule) still pays its whole fee', async () => {
    // 3 tickets at £1 absorbing a £1.50 fee cost their fees, £4.50, not £3 with the organiser's share 0.
    const { rows } = await stack!.database.pool.query<{ id: number }>(
      `INSERT INTO ticket_types
         (event_id, event_date_id, name, price_minor, currency, capacity, booking_fee_minor, absorb_fee)
       VALUES ($1, (SELECT id FROM event_dates WHERE event_id = $1 AND external_id = $2),
         'Old absorbed', 100, 'GBP', 20, 150, true)
       RETURNING id`,
      [EVENT, DATE],
    );
    const buyer = new Buyer(via(1));
    await addTickets(buyer, rows[0]!.id, 3);
    const checkout = (await buyer.get(paths.get, { via: via(0) })).json;
    console.log(`absorb attack: 3 tickets of the old row cost ${String(checkout.basket_total)}`);
    expect(checkout.basket_total).toBe(4.5);
  });
});
