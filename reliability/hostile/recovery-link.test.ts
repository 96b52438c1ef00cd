/**
 * Hostile use of the recovery link /smartcheckout/?session={reference}, over HTTP against two api processes on one
 * PostgreSQL database. An attacker reserves on api-1 and sends the link ("complete your order"); the victim opens it
 * on api-2, proves her email with a one-time code and pays by card. The link moves the sale: the attacker's session,
 * on either process, then sees nothing of her (no reference, no email, no tickets, no QR image) and cannot transfer
 * her tickets; the link of the paid order attaches nothing. A lapsed reservation's sale.expired event carries no
 * reference that would open the checkout. The rules are tested in api/src/sale/recovery.test.ts.
 */
import type { ApiProcess } from '../support/api-process';
import { addTickets, Buyer, payByCard, paths } from '../support/buyer';
import { guestAccount } from '../support/checkout';
import { describeWithPostgres, type TestDatabase } from '../support/postgres';
import { freshTicketType } from '../support/stock';
import { startTwoApis, stopTwoApis, type TwoApis } from '../support/two-apis';
import { eventually } from '../support/wait';

jest.setTimeout(90_000);

const WALLET = '/account/wallet/';
const SET_TRANSFERS = '/ajax/checkout/checkout/set_transfers/';
const DELIVER = '/ajax/checkout/checkout/deliver_to_bitticket/';
const COMPLETED = '/smartcheckout/completed/';

/** Opens the link as the browser does, without following the redirect: answers the status and where it leads. */
async function openLink(buyer: Buyer, via: string, reference: string): Promise<{ status: number; location: string }> {
  await buyer.start(via);
  const response = await fetch(`${via}/smartcheckout/?session=${encodeURIComponent(reference)}`, {
    redirect: 'manual',
    headers: { cookie: [...buyer.cookies].map(([n, v]) => `${n}=${v}`).join('; ') },
  });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('location') ?? '' };
}

describeWithPostgres('the recovery link over two api processes', () => {
  let database: TestDatabase;
  let apis: ApiProcess[] = [];
  let stack: TwoApis | undefined;
  const via = (i: 0 | 1) => apis[i]!.baseURL;

  beforeAll(async () => {
    stack = await startTwoApis({ CAPTCHA_RESERVE_LIMIT: '0', HOLD_SWEEP_MS: '200', PAYMENT_JOBS_MS: '200' });
    ({ database, apis } = stack);
  });

  afterAll(() => stopTwoApis(stack));

  test('a lured buyer opens the link, proves her email and pays: the maker’s session sees and does nothing of hers', async () => {
    const ticketTypeId = await freshTicketType(database.pool, 10, 'Recovery link');
    const attacker = new Buyer(via(0));
    await addTickets(attacker, ticketTypeId, 2);
    const reserved = await attacker.post(paths.reserve);
    expect(reserved.json.reserved).toBe(true);
    const reference = String(reserved.json.sale_reference);

    const victim = new Buyer(via(1));
    expect(await openLink(victim, via(1), reference)).toEqual({ status: 302, location: '/checkout/' });
    await guestAccount(victim, 'victim@example.com', 'Vic Tim');
    expect((await payByCard(victim)).json).toEqual({ status: 'succeeded' });
    expect((await victim.post(DELIVER)).json).toEqual({ delivery_completed: true });
    const { rows: codes } = await database.pool.query<{ code: string }>(
      'SELECT k.code FROM tickets k JOIN sales s ON s.id = k.sale_id WHERE s.reference = $1',
      [reference],
    );
    expect(codes).toHaveLength(2);

    // The attacker's untouched session, on either process.
    for (const i of [0, 1] as const) {
      const seen = (await attacker.get(paths.get, { via: via(i) })).json;
      expect({
        sale_reference: seen.sale_reference,
        init_guest_email: seen.init_guest_email,
        payment_complete: seen.payment_complete,
        can_transfer: seen.can_transfer,
      }).toEqual({ sale_reference: null, init_guest_email: null, payment_complete: false, can_transfer: false });
      const wallet = await attacker.get(WALLET, { via: via(i) });
      for (const { code } of codes) {
        expect(String(wallet.body)).not.toContain(code);
        expect((await attacker.get(`${WALLET}qr/${code}.svg`, { via: via(i) })).status).toBe(404);
      }
      const transfer = await attacker.post(
        SET_TRANSFERS,
        { transfers: [{ ticket_id: ticketTypeId, name: 'Mal Lory', email: 'mal@example.com', qty: 2 }] },
        { via: via(i) },
      );
      expect(transfer.status).toBe(409);
    }
    const { rows: transfers } = await database.pool.query(
      "SELECT id FROM ticket_transfers WHERE recipient_email = 'mal@example.com'",
    );
    expect(transfers).toEqual([]);

    // The paid order's link attaches nothing any more, for the attacker or anyone: it leads to the sign-in page.
    expect(await openLink(attacker, via(0), reference)).toEqual({ status: 302, location: COMPLETED });
    const stranger = new Buyer(via(1));
    expect(await openLink(stranger, via(1), reference)).toEqual({ status: 302, location: COMPLETED });
    expect((await attacker.get(paths.get)).json.sale_reference).toBeNull();
    expect((await stranger.get(paths.get)).json.sale_reference).toBeNull();
    expect(String((await stranger.get(COMPLETED)).body)).toContain('/signin/?next=%2Faccount%2Fwallet%2F');
    // The buyer's own session keeps the order.
    const hers = (await victim.get(paths.get, { via: via(0) })).json;
    expect({ reference: hers.sale_reference, email: hers.init_guest_email }).toEqual({
      reference,
      email: 'victim@example.com',
    });
  });

  test('the proof of a guest’s email stays with the session that gave it: a reload or Edit basket keeps it, the link moves none of it', async () => {
    const ticketTypeId = await freshTicketType(database.pool, 10, 'Recovery link proof');
    const buyer = new Buyer(via(0));
    await addTickets(buyer, ticketTypeId, 1);
    const reserved = await buyer.post(paths.reserve);
    const reference = String(reserved.json.sale_reference);
    await guestAccount(buyer, 'prover@example.com', 'Pru Prover');
    const proven = { email: 'prover@example.com', full_name: 'Pru Prover' };
    // A reload, on the other process: the account step need not ask again.
    expect((await buyer.get(paths.get, { via: via(1) })).json.proven_guest).toEqual(proven);
    // Edit basket and reserve again: still proved, the name kept.
    expect((await buyer.post(paths.destroy, {}, { via: via(1) })).status).toBe(200);
    expect((await buyer.post(paths.reserve, {}, { via: via(0) })).json.reserved).toBe(true);
    expect((await buyer.get(paths.get, { via: via(1) })).json.proven_guest).toEqual(proven);

    // Someone else opens the link: the sale moves to them, the proof does not.
    const taker = new Buyer(via(1));
    expect(await openLink(taker, via(1), reference)).toEqual({ status: 302, location: '/checkout/' });
    for (const i of [0, 1] as const) {
      const seen = (await taker.get(paths.get, { via: via(i) })).json;
      expect({ reference: seen.sale_reference, proven: seen.proven_guest, email: seen.init_guest_email }).toEqual({
        reference,
        proven: null,
        email: null,
      });
    }
    const named = await taker.post('/ajax/checkout/checkout/save_guest_to_sale/', {
      email: 'prover@example.com',
      fullname: 'Pru Prover',
    });
    expect(named.status).toBe(403);
    // The prover's session, which no longer holds the sale, shows no proof for it either.
    expect((await buyer.get(paths.get, { via: via(0) })).json.proven_guest).toBeNull();
  });

  test('a lapsed reservation’s sale.expired event carries no reference that opens the checkout', async () => {
    const ticketTypeId = await freshTicketType(database.pool, 10, 'Recovery link expiry');
    const buyer = new Buyer(via(0));
    await addTickets(buyer, ticketTypeId, 1);
    const reserved = await buyer.post(paths.reserve);
    const reference = String(reserved.json.sale_reference);
    // The hold lapses now rather than in fifteen minutes: the sweepers (every 200 ms) record the event.
    await database.pool.query(
      "UPDATE holds SET expires_at = now() - interval '1 second' WHERE sale_id = (SELECT id FROM sales WHERE reference = $1)",
      [reference],
    );
    await database.pool.query("UPDATE sales SET hold_expires_at = now() - interval '1 second' WHERE reference = $1", [
      reference,
    ]);
    const events = await eventually(
      async () =>
        (await database.pool.query<{ data: unknown }>("SELECT data FROM webhook_events WHERE type = 'sale.expired'"))
          .rows,
      (rows) => rows.some((row) => JSON.stringify(row.data).includes(String(ticketTypeId))),
      10_000,
    );
    expect(events.some((row) => JSON.stringify(row.data).includes(String(ticketTypeId)))).toBe(true);
    // Every reference any event carries is of an order the link no longer opens.
    const payloads = (await database.pool.query<{ data: unknown }>('SELECT data FROM webhook_events')).rows;
    const mentioned = [...new Set(payloads.flatMap((row) => JSON.stringify(row.data).match(/CT-[A-Z0-9]{16}/g) ?? []))];
    expect(mentioned).not.toContain(reference);
    for (const ref of mentioned) {
      const { rows } = await database.pool.query<{ status: string }>('SELECT status FROM sales WHERE reference = $1', [
        ref,
      ]);
      expect(['paid', 'refunded']).toContain(rows[0]?.status);
    }
    // Whoever holds that reference anyway (the buyer shared the link) still gets the basket: the link itself works.
    const stranger = new Buyer(via(1));
    expect(await openLink(stranger, via(1), reference)).toEqual({ status: 302, location: '/checkout/' });
  });
});
