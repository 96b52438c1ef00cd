/**
 * The transfer email's link, over HTTP against two api processes on one PostgreSQL database. Mail scanners and link
 * previews open every link in a message (GET and HEAD, with or without cookies): opening the accept link must move
 * nothing, on either process. Another site's form cannot accept either (no XSRF header). Only the recipient's Accept,
 * a POST from the page, moves the tickets. The rules are tested in api/src/transfers/transfers.test.ts.
 */
import type { ApiProcess } from '../support/api-process';
import { addTickets, Buyer, payByCard, paths } from '../support/buyer';
import { guestAccount } from '../support/checkout';
import { describeWithPostgres, type TestDatabase } from '../support/postgres';
import { freshTicketType } from '../support/stock';
import { startTwoApis, stopTwoApis, type TwoApis } from '../support/two-apis';

jest.setTimeout(90_000);

const SET_TRANSFERS = '/ajax/checkout/checkout/set_transfers/';
const DELIVER = '/ajax/checkout/checkout/deliver_to_bitticket/';
const RECIPIENT = 'wren.scanned@example.com';

describeWithPostgres('the transfer link over two api processes', () => {
  let database: TestDatabase;
  let apis: ApiProcess[] = [];
  let stack: TwoApis | undefined;
  const via = (i: 0 | 1) => apis[i]!.baseURL;

  beforeAll(async () => {
    stack = await startTwoApis({ CAPTCHA_RESERVE_LIMIT: '0' });
    ({ database, apis } = stack);
  });

  afterAll(() => stopTwoApis(stack));

  test('scanners that open the link accept nothing; a cross-site POST is refused; the Accept button accepts', async () => {
    const ticketTypeId = await freshTicketType(database.pool, 10, 'Transfer link');
    const sender = new Buyer(via(0));
    await addTickets(sender, ticketTypeId, 2);
    expect((await sender.post(paths.reserve)).json.reserved).toBe(true);
    await guestAccount(sender, 'sam.sender@example.com', 'Sam Sender');
    expect((await payByCard(sender)).json).toEqual({ status: 'succeeded' });
    expect((await sender.post(DELIVER)).json).toEqual({ delivery_completed: true });
    const sent = await sender.post(SET_TRANSFERS, {
      transfers: [{ ticket_id: ticketTypeId, name: 'Wren Scanned', email: RECIPIENT, qty: 1 }],
    });
    expect(sent.status).toBe(200);
    const {
      rows: [transfer],
    } = await database.pool.query<{ token: string }>('SELECT token FROM ticket_transfers WHERE recipient_email = $1', [
      RECIPIENT,
    ]);
    const link = `/transfers/accept/${transfer!.token}`;
    const state = async () => {
      const owners = await database.pool.query<{ owner_email: string }>(
        'SELECT k.owner_email FROM tickets k JOIN ticket_transfers tr ON tr.sale_id = k.sale_id WHERE tr.token = $1 ORDER BY k.id',
        [transfer!.token],
      );
      const accepted = await database.pool.query<{ accepted_at: Date | null }>(
        'SELECT accepted_at FROM ticket_transfers WHERE token = $1',
        [transfer!.token],
      );
      return {
        owners: owners.rows.map((row) => row.owner_email.toLowerCase()).sort(),
        accepted: accepted.rows[0]?.accepted_at !== null,
      };
    };
    const before = await state();
    expect(before).toEqual({ owners: ['sam.sender@example.com', 'sam.sender@example.com'], accepted: false });

    // A scanner without cookies (GET and HEAD), and a preview with a session of its own, on each process.
    const seen: number[] = [];
    for (const i of [0, 1] as const) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await fetch(`${via(i)}${link}`, { method, redirect: 'manual' });
        await response.arrayBuffer();
        seen.push(response.status);
      }
      const preview = new Buyer(via(i));
      seen.push((await preview.get(link)).status);
    }
    expect(seen).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await state()).toEqual(before);

    // Another site's form posts to the link: the browser sends the cookies but the page's XSRF header is missing.
    const recipient = new Buyer(via(1));
    await recipient.get(link);
    const forged = await fetch(`${via(0)}${link}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [...recipient.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
      },
      body: '',
    });
    await forged.arrayBuffer();
    expect(forged.status).toBe(403);
    expect(await state()).toEqual(before);

    // The recipient presses Accept (the page's POST, with its XSRF header), on the other process.
    const pressed = await recipient.post(link, {}, { via: via(0) });
    expect(pressed.status).toBe(200);
    expect(String(pressed.body)).toContain('The tickets are yours now');
    expect(await state()).toEqual({ owners: ['sam.sender@example.com', RECIPIENT].sort(), accepted: true });
  });
});
