import { randomUUID } from 'node:crypto';
import { calls } from '@checkout/shared';
import { accountPaths, demoUserVisitor, guestVisitor, latestCode, reservedVisitor } from '../testing/identity';
import { providersFor } from '../payment/providers';
import { saleOf } from '../testing/sale-support';
import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { TICKET_CODE_PATTERN } from '../tickets/codes';
import { deliveryPaths as paths, markPaid } from './test-support';
import { WALLET_EMAIL_KIND } from '../emails/wallet-email';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

let guests = 0;
/** A guest who reserved `lines` and paid for them. */
async function paidGuest(lines: Record<string, string | number>[] = [{ ticket_id: SEED.ticket.onSale, quantity: 3 }]) {
  guests += 1;
  const email = `buyer${guests}@example.com`;
  const visitor = await guestVisitor(t, email, 'Robin Buyer', lines);
  const sale = await saleOf(t, visitor);
  await markPaid(t.db, sale.id, t.clock.now());
  return { visitor, sale, email };
}

const ticketsOf = (saleId: number) =>
  t.db.selectFrom('tickets').selectAll().where('sale_id', '=', saleId).orderBy('position').execute();
const walletMails = (email: string) =>
  t.db.selectFrom('outbox').selectAll().where('to_address', '=', email).where('kind', '=', WALLET_EMAIL_KIND).execute();

describe('deliver_to_bitticket', () => {
  test('issues one ticket per admission, each with its own unguessable code, however often it is called', async () => {
    const { visitor, sale } = await paidGuest();
    expect((await visitor.post(paths.deliver)).json()).toEqual({ delivery_completed: true });
    expect((await visitor.post(paths.deliver)).json()).toEqual({ delivery_completed: true });
    const tickets = await ticketsOf(sale.id);
    expect(tickets).toHaveLength(3);
    for (const ticket of tickets) expect(ticket.code).toMatch(TICKET_CODE_PATTERN);
    expect(new Set(tickets.map((ticket) => ticket.code)).size).toBe(3);
    expect(tickets.map((ticket) => ticket.seat_label)).toEqual([null, null, null]);
    expect(tickets.every((ticket) => ticket.owner_email === sale.email && ticket.owner_user_id === null)).toBe(true);
  });

  test('two deliveries at once issue one set', async () => {
    const { visitor, sale } = await paidGuest();
    const answers = await Promise.all([
      visitor.post(paths.deliver),
      visitor.post(paths.deliver),
      visitor.post(paths.deliver),
    ]);
    for (const answer of answers) expect(answer.json()).toEqual({ delivery_completed: true });
    expect(await ticketsOf(sale.id)).toHaveLength(3);
  });

  test('seated tickets get a seat each, never one another sale of the same date has', async () => {
    const first = await paidGuest([{ ticket_id: SEED.ticket.folkStalls, quantity: 2 }]);
    const second = await paidGuest([{ ticket_id: SEED.ticket.folkStalls, quantity: 2 }]);
    await Promise.all([first.visitor.post(paths.deliver), second.visitor.post(paths.deliver)]);
    const labels = [...(await ticketsOf(first.sale.id)), ...(await ticketsOf(second.sale.id))].map(
      (ticket) => ticket.seat_label,
    );
    expect(labels).toHaveLength(4);
    expect(new Set(labels).size).toBe(4);
    for (const label of labels) expect(label).toMatch(/^Row [A-Z]+, Seat \d+$/);
    expect(labels).toEqual(expect.arrayContaining(['Row A, Seat 1', 'Row A, Seat 4']));
  });

  test('asks the card provider: a payment the page never reported is settled and delivered; one not made is refused', async () => {
    const visitor = await guestVisitor(t, 'page-closed@example.com');
    const sale = await saleOf(t, visitor);
    const token = (await visitor.post(calls.getToken.path, { idempotency_key: randomUUID() })).json<{
      client_secret: string;
    }>();
    expect((await visitor.post(paths.deliver)).json()).toEqual({
      delivery_completed: false,
      error: expect.any(String),
    });
    expect(await ticketsOf(sale.id)).toHaveLength(0);
    const card = providersFor(t.db, t.clock, t.deps.config.payment).sandboxes.card;
    if (!card) throw new Error('no sandbox card provider');
    // Paid at the provider; the page went away before telling anyone.
    await card.confirmWithCard(token.client_secret, {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2035,
      cvc: '123',
    });
    expect(
      (await t.db.selectFrom('sales').select('status').where('id', '=', sale.id).executeTakeFirstOrThrow()).status,
    ).toBe('reserved');
    expect((await visitor.post(paths.deliver)).json()).toEqual({ delivery_completed: true });
    expect(
      (await t.db.selectFrom('sales').select('status').where('id', '=', sale.id).executeTakeFirstOrThrow()).status,
    ).toBe('paid');
    expect(await ticketsOf(sale.id)).toHaveLength(1);
  });

  test('an unpaid sale is refused and nothing is issued or sent', async () => {
    const visitor = await guestVisitor(t, 'unpaid@example.com');
    const sale = await saleOf(t, visitor);
    const answer = (await visitor.post(paths.deliver)).json();
    expect(answer).toEqual({ delivery_completed: false, error: expect.any(String) });
    expect((await visitor.post(paths.email)).json()).toEqual({ delivery_completed: false, error: expect.any(String) });
    expect(await ticketsOf(sale.id)).toHaveLength(0);
    expect(await walletMails('unpaid@example.com')).toHaveLength(0);
  });

  test('a visitor without a sale gets delivery_completed false', async () => {
    const visitor = await t.visitor();
    expect((await visitor.post(paths.deliver)).json()).toEqual({
      delivery_completed: false,
      error: expect.any(String),
    });
  });
});

describe('deliver_to_wallet', () => {
  test('emails the wallet once, listing every ticket and the link to the wallet page', async () => {
    const { visitor, sale, email } = await paidGuest();
    await visitor.post(paths.deliver);
    const answers = await Promise.all([visitor.post(paths.email), visitor.post(paths.email)]);
    for (const answer of answers) expect(answer.json()).toEqual({ delivery_completed: true });
    expect((await visitor.post(paths.email)).json()).toEqual({ delivery_completed: true });
    const mails = await walletMails(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    // The test app's payments are the sandboxes: its emails say TEST MODE first.
    expect(mail?.subject).toBe('[TEST MODE] Your tickets for On-sale test');
    expect(mail?.text_body).toContain(`${t.deps.config.publicUrl}/account/wallet/`);
    expect(mail?.text_body).toContain(sale.reference);
    expect(mail?.html_body).toContain('/account/wallet/');
    for (const ticket of await ticketsOf(sale.id)) expect(mail?.text_body.replace(/ /g, '')).toContain(ticket.code);
    const delivery = await t.db
      .selectFrom('sale_deliveries')
      .selectAll()
      .where('sale_id', '=', sale.id)
      .executeTakeFirstOrThrow();
    expect(delivery.wallet_outbox_id).toBe(mail?.id);
  });

  test('issues the tickets first when that has not happened yet', async () => {
    const { visitor, sale, email } = await paidGuest();
    expect((await visitor.post(paths.email)).json()).toEqual({ delivery_completed: true });
    expect(await ticketsOf(sale.id)).toHaveLength(3);
    expect(await walletMails(email)).toHaveLength(1);
  });
});

describe('/account/wallet/', () => {
  let owner: Awaited<ReturnType<typeof paidGuest>>;
  let stranger: Visitor;
  beforeAll(async () => {
    owner = await paidGuest([
      { ticket_id: SEED.ticket.folkStalls, quantity: 1 },
      { ticket_id: SEED.ticket.onSale, quantity: 1 },
    ]);
    await owner.visitor.post(paths.deliver);
    stranger = await reservedVisitor(t);
  });

  test("shows the session's paid order's tickets with event, date, seat, code and a QR image named for the ticket", async () => {
    const page = await owner.visitor.get(paths.wallet);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    const body = page.body;
    expect(body).toContain('Folk by the Sea');
    expect(body).toContain('On-sale test');
    expect(body).toContain('Stalls seat');
    expect(body).toMatch(/Row [A-Z]+, Seat \d+/);
    const tickets = await ticketsOf(owner.sale.id);
    for (const ticket of tickets) {
      expect(body).toContain(`src="/account/wallet/qr/${ticket.code}.svg"`);
    }
    expect(body).toMatch(
      /<img[^>]+alt="QR code for Stalls seat, Row [A-Z]+, Seat \d+, Folk by the Sea, ticket code [A-Z2-7 ]+"/,
    );
    expect(body).toContain('name="viewport"');
  });

  test('another session sees no tickets, and cannot load their QR images', async () => {
    const page = await stranger.get(paths.wallet);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('There are no tickets in your wallet yet.');
    const [ticket] = await ticketsOf(owner.sale.id);
    if (!ticket) throw new Error('no ticket');
    expect(page.body).not.toContain(ticket.code);
    expect((await stranger.get(`/account/wallet/qr/${ticket.code}.svg`)).statusCode).toBe(404);
    const mine = await owner.visitor.get(`/account/wallet/qr/${ticket.code}.svg`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toContain('image/svg+xml');
    expect(mine.body).toContain('<svg');
    expect((await owner.visitor.get('/account/wallet/qr/NOTACODE.svg')).statusCode).toBe(404);
  });

  test('what the page shows is escaped', async () => {
    const [ticket] = await ticketsOf(owner.sale.id);
    if (!ticket) throw new Error('no ticket');
    const type = await t.db
      .selectFrom('ticket_types')
      .select(['id', 'name'])
      .where('id', '=', ticket.ticket_type_id)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('ticket_types')
      .set({ name: '<script>alert(1)</script>' })
      .where('id', '=', type.id)
      .execute();
    try {
      const body = (await owner.visitor.get(paths.wallet)).body;
      expect(body).not.toContain('<script>alert(1)</script>');
      expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    } finally {
      await t.db.updateTable('ticket_types').set({ name: type.name }).where('id', '=', type.id).execute();
    }
  });
});

describe('a signed-in buyer', () => {
  test("sees the account's tickets from any session signed in to it, and a guest session does not", async () => {
    const buyer = await demoUserVisitor(t);
    const sale = await saleOf(t, buyer);
    await markPaid(t.db, sale.id, t.clock.now());
    expect((await buyer.post(paths.deliver)).json()).toEqual({ delivery_completed: true });
    const [ticket] = await ticketsOf(sale.id);
    expect(ticket?.owner_user_id).toBe(SEED.user.demo);

    const elsewhere = await t.visitor();
    expect((await elsewhere.get(paths.wallet)).body).not.toContain(ticket?.code);
    await elsewhere.post(accountPaths.sendCode, { email: 'demo@example.com' });
    const verified = await elsewhere.post('/signin/verify', {
      email: 'demo@example.com',
      code: await latestCode(t, 'demo@example.com'),
    });
    expect(verified.json()).toMatchObject({ has_account: true });
    const page = (await elsewhere.get(paths.wallet)).body;
    expect(page).toContain(ticket?.code);
    expect((await elsewhere.get(`/account/wallet/qr/${ticket?.code}.svg`)).statusCode).toBe(200);
  });
});
