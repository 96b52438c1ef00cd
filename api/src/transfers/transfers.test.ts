import { calls } from '@checkout/shared';
import { sql } from 'kysely';
import { buildAppWithDeps } from '../app/app';
import { statements as identityMigration } from '../db/migrations/0009_identity';
import { markPaid } from '../delivery/test-support';
import { issueTickets } from '../tickets/tickets';
import { guestVisitor, latestCode } from '../testing/identity';
import { escapeHtml } from '../web/html';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { startTransferRunner } from './jobs';
import { transferMessages } from './messages';
import { TRANSFER_ACCEPTED_MAIL_KIND, TRANSFER_MAIL_KIND } from './notify';
import { deliveryMoment } from './schedule';
import { recipientSignInPath } from './routes';

/** Ticket transfers and gifts: validated on the server, notified now or by a durable job, accepted by link. */
const path = calls.setTransfers.path;
const DAY = 24 * 60 * 60 * 1000;

let buyers = 0;
async function paidBuyer(
  t: TestApp,
  lines: Record<string, string | number>[] = [{ ticket_id: SEED.ticket.onSale, quantity: 3 }],
) {
  buyers += 1;
  const email = `sender${buyers}@example.com`;
  const visitor = await guestVisitor(t, email, 'Sam Sender', lines);
  const reference = (await visitor.get(paths.get)).json().sale_reference as string;
  const sale = await t.db.selectFrom('sales').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  await markPaid(t.db, sale.id, t.clock.now());
  await issueTickets(t.db, sale.id, t.clock.now());
  return { visitor, sale, email };
}

const row = (rowFields: Record<string, string | number> = {}) => ({
  ticket_id: SEED.ticket.onSale,
  name: 'Rae Recipient',
  email: 'rae@example.com',
  qty: 1,
  ...rowFields,
});
const transferMails = (t: TestApp, to: string) =>
  t.db.selectFrom('outbox').selectAll().where('to_address', '=', to).where('kind', '=', TRANSFER_MAIL_KIND).execute();
const transfersOf = (t: TestApp, saleId: number) =>
  t.db.selectFrom('ticket_transfers').selectAll().where('sale_id', '=', saleId).execute();
const acceptLinkIn = (text: string) => /\/transfers\/accept\/[A-Za-z0-9_-]+/.exec(text)?.[0];
/** What the recipient's browser does: open the link (the offer), then press Accept (a POST with the XSRF header). */
async function accept(t: TestApp, link: string, recipient?: Visitor) {
  const browser = recipient ?? (await t.visitor());
  await browser.get(link);
  return browser.post(link);
}

describe('deliveryMoment', () => {
  // UK wall-clock time: GMT in winter, BST (UTC+1) in summer; the skipped spring hour does not exist.
  test.each([
    ['02/01/2030', '09:30', '2030-01-02T09:30:00.000Z'],
    ['15/07/2030', '09:30', '2030-07-15T08:30:00.000Z'],
    ['30/03/2030', '23:55', '2030-03-30T23:55:00.000Z'],
    ['31/03/2030', '00:55', '2030-03-31T00:55:00.000Z'],
    ['31/03/2030', '01:30', undefined],
    ['31/03/2030', '02:00', '2030-03-31T01:00:00.000Z'],
    ['27/10/2030', '01:30', '2030-10-27T00:30:00.000Z'],
    ['27/10/2030', '02:00', '2030-10-27T02:00:00.000Z'],
    ['31/02/2030', '09:30', undefined],
    ['02/01/2030', '24:00', undefined],
    ['02/13/2030', '09:30', undefined],
  ])('%s %s', (date, time, expected) => {
    expect(deliveryMoment(date, time)?.toISOString()).toBe(expected);
  });
});

describe('set_transfers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  test('sent now: the recipient is mailed a link; accepting moves the tickets to them, once', async () => {
    const { visitor, sale, email } = await paidBuyer(t);
    const response = await visitor.post(path, {
      transfers: [row({ qty: 2, email: 'now@example.com', message: 'Enjoy!' })],
    });
    expect(response.json()).toEqual({ success: true });
    const [mail] = await transferMails(t, 'now@example.com');
    expect(mail?.text_body).toContain('Enjoy!');
    const link = acceptLinkIn(mail?.text_body ?? '');
    expect(link).toBeDefined();
    // Not accepted yet: the tickets are still the sender's.
    const owners = async () =>
      (
        await t.db
          .selectFrom('tickets')
          .select('owner_email')
          .where('sale_id', '=', sale.id)
          .orderBy('position')
          .execute()
      ).map((r) => r.owner_email?.toLowerCase());
    expect(await owners()).toEqual([email, email, email]);
    const accepted = await accept(t, link as string);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body).toContain(transferMessages.accepted);
    expect(await owners()).toEqual(['now@example.com', 'now@example.com', email]);
    // The sender's wallet (a guest: their order's tickets) keeps only the ticket still theirs, and its QR codes only.
    const codes = await t.db
      .selectFrom('tickets')
      .select('code')
      .where('sale_id', '=', sale.id)
      .orderBy('position')
      .execute();
    const wallet = await visitor.get('/account/wallet/');
    expect(wallet.body.match(/class="wallet-ticket"/g)).toHaveLength(1);
    expect(wallet.body).toContain(`/account/wallet/qr/${codes[2]?.code}.svg`);
    expect(wallet.body).not.toContain(`/account/wallet/qr/${codes[0]?.code}.svg`);
    expect((await visitor.get(`/account/wallet/qr/${codes[0]?.code}.svg`)).statusCode).toBe(404);
    const again = await accept(t, link as string);
    expect(again.body).toContain(transferMessages.alreadyAccepted);
    expect((await t.app.inject({ method: 'GET', url: link as string })).body).toContain(
      transferMessages.alreadyAccepted,
    );
    expect(await owners()).toEqual(['now@example.com', 'now@example.com', email]);
  });

  test('opening the link shows the offer and an Accept button and moves nothing; only the Accept POST, with its XSRF header, accepts', async () => {
    const { visitor, sale, email } = await paidBuyer(t);
    expect(
      (
        await visitor.post(path, {
          transfers: [row({ qty: 1, email: 'scanned@example.com', message: 'See you there' })],
        })
      ).statusCode,
    ).toBe(200);
    const [mail] = await transferMails(t, 'scanned@example.com');
    const link = acceptLinkIn(mail?.text_body ?? '') as string;
    const state = async () =>
      JSON.stringify(
        await Promise.all([
          t.db
            .selectFrom('tickets')
            .select(['id', 'code', 'owner_email'])
            .where('sale_id', '=', sale.id)
            .orderBy('id')
            .execute(),
          t.db.selectFrom('ticket_transfers').select(['id', 'accepted_at']).where('sale_id', '=', sale.id).execute(),
          t.db.selectFrom('outbox').select('id').where('to_address', '=', 'scanned@example.com').execute(),
        ]),
      );
    const before = await state();
    // A mail scanner, a link preview and the recipient herself all open the link: nothing moves.
    for (let i = 0; i < 3; i += 1) {
      const shown = await t.app.inject({ method: 'GET', url: link });
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['cache-control']).toBe('no-store');
      expect(shown.headers['referrer-policy']).toBe('no-referrer');
      expect(shown.body).toContain('Sam Sender');
      expect(shown.body).toContain('See you there');
      expect(shown.body).toMatch(/<link rel="stylesheet" href="\/assets\/transfer\.[0-9a-f]+\.css">/);
      expect(shown.body).toContain(`<form class="stack" method="post" action="${link}" data-transfer-accept`);
      expect(shown.body).toContain(`>${transferMessages.accept}</button>`);
      expect(shown.body).not.toContain(transferMessages.accepted);
    }
    expect(await state()).toBe(before);
    // A POST without the XSRF header (another site's form) is refused and moves nothing.
    const recipient = await t.visitor();
    await recipient.get(link);
    expect((await recipient.post(link, {}, { xsrf: false })).statusCode).toBe(403);
    expect((await recipient.post(link, {}, { xsrf: 'forged' })).statusCode).toBe(403);
    expect(await state()).toBe(before);
    const pressed = await recipient.post(link);
    expect(pressed.statusCode).toBe(200);
    expect(pressed.body).toContain(transferMessages.accepted);
    const owners = await t.db.selectFrom('tickets').select('owner_email').where('sale_id', '=', sale.id).execute();
    expect(owners.map((o) => o.owner_email).sort()).toEqual([email, email, 'scanned@example.com'].sort());
  });

  test("accepting leads the recipient to prove their email; then the wallet shows the tickets, and the sender's no longer does", async () => {
    const { visitor, sale } = await paidBuyer(t, [{ ticket_id: SEED.ticket.onSale, quantity: 2 }]);
    expect(
      (await visitor.post(path, { transfers: [row({ qty: 1, email: 'Wren.Recipient@Example.com' })] })).statusCode,
    ).toBe(200);
    const [mail] = await transferMails(t, 'wren.recipient@example.com');
    const recipient = await t.visitor();
    const accepted = await accept(t, acceptLinkIn(mail?.text_body ?? '') as string, recipient);
    expect(accepted.statusCode).toBe(200);
    // The page's link: sign in with the recipient's email filled in, back to the wallet.
    const signInHref = recipientSignInPath('wren.recipient@example.com');
    expect(signInHref).toBe('/signin/?next=%2Faccount%2Fwallet%2F&email=wren.recipient%40example.com');
    expect(accepted.body).toContain(`href="${escapeHtml(signInHref)}">${transferMessages.seeTickets}</a>`);
    // Before proving the email the wallet shows nothing of hers.
    expect((await recipient.get('/account/wallet/')).body).not.toContain('class="wallet-ticket"');
    const signIn = await recipient.get(signInHref);
    expect(signIn.body).toContain('value="wren.recipient@example.com"');
    expect(signIn.body).toContain('data-next="/account/wallet/"');
    expect((await recipient.post(calls.sendOneTimeCode.path, { email: 'wren.recipient@example.com' })).statusCode).toBe(
      200,
    );
    const verified = await recipient.post('/signin/verify', {
      email: 'wren.recipient@example.com',
      code: await latestCode(t, 'wren.recipient@example.com'),
      next: '/account/wallet/',
    });
    expect(verified.json()).toEqual({ has_account: false, next: '/account/wallet/' });
    const codes = await t.db
      .selectFrom('tickets')
      .select('code')
      .where('sale_id', '=', sale.id)
      .orderBy('position')
      .execute();
    const hers = (await recipient.get('/account/wallet/')).body;
    expect(hers.match(/class="wallet-ticket"/g)).toHaveLength(1);
    expect(hers).toContain(`/account/wallet/qr/${codes[0]?.code}.svg`);
    const his = (await visitor.get('/account/wallet/')).body;
    expect(his.match(/class="wallet-ticket"/g)).toHaveLength(1);
    expect(his).toContain(`/account/wallet/qr/${codes[1]?.code}.svg`);
    expect(his).not.toContain(codes[0]?.code ?? '');
    // A second visit of the link says so, and still leads to sign-in.
    const again = await recipient.get(acceptLinkIn(mail?.text_body ?? '') as string);
    expect(again.body).toContain(transferMessages.alreadyAccepted);
    expect(again.body).toContain(escapeHtml(signInHref));
  });

  test('the sign-in page fills in only a plausible ?email=', async () => {
    const page = async (email: string) =>
      (await (await t.visitor()).get(`/signin/?next=%2Faccount%2Fwallet%2F&email=${encodeURIComponent(email)}`)).body;
    expect(await page('rae@example.com')).toContain('value="rae@example.com"');
    const hostile = await page('"><script>alert(1)</script>@x.com');
    expect(hostile).not.toContain('<script>alert(1)');
    expect(hostile).toContain('value=""');
  });

  test("accepting issues new codes: the sender's emailed codes stop working anywhere, the recipient is mailed the new ones", async () => {
    const { visitor, sale } = await paidBuyer(t);
    const before = await t.db
      .selectFrom('tickets')
      .select(['id', 'code'])
      .where('sale_id', '=', sale.id)
      .orderBy('position')
      .execute();
    // What the sender holds by email: the wallet email lists every code of the order.
    expect((await visitor.post(calls.deliverToWallet.path)).statusCode).toBe(200);
    const senderMail = await t.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', sale.email ?? '')
      .where('kind', '=', 'ticket_wallet')
      .executeTakeFirstOrThrow();
    const spaced = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ');
    expect(senderMail.text_body).toContain(spaced(before[0]?.code ?? ''));

    expect((await visitor.post(path, { transfers: [row({ qty: 1, email: 'newcode@example.com' })] })).statusCode).toBe(
      200,
    );
    const [mail] = await transferMails(t, 'newcode@example.com');
    // The accept link alone carries no ticket code.
    expect(mail?.text_body).not.toContain(spaced(before[0]?.code ?? ''));
    expect((await accept(t, acceptLinkIn(mail?.text_body ?? '') as string)).statusCode).toBe(200);

    const after = await t.db
      .selectFrom('tickets')
      .select(['id', 'code'])
      .where('sale_id', '=', sale.id)
      .orderBy('position')
      .execute();
    expect(after[0]?.code).toMatch(/^[A-Z2-7]{20}$/);
    expect(after[0]?.code).not.toBe(before[0]?.code);
    expect(after.slice(1)).toEqual(before.slice(1));
    // The old code is no ticket at all now: no wallet, no QR image, for the sender or anyone.
    expect(
      await t.db
        .selectFrom('tickets')
        .select('id')
        .where('code', '=', before[0]?.code ?? '')
        .executeTakeFirst(),
    ).toBeUndefined();
    expect((await visitor.get(`/account/wallet/qr/${before[0]?.code}.svg`)).statusCode).toBe(404);
    expect((await visitor.get('/account/wallet/')).body).not.toContain(before[0]?.code ?? '');
    const received = await t.db
      .selectFrom('outbox')
      .select(['text_body', 'kind'])
      .where('to_address', '=', 'newcode@example.com')
      .where('kind', '=', TRANSFER_ACCEPTED_MAIL_KIND)
      .execute();
    expect(received).toHaveLength(1);
    expect(received[0]?.text_body).toContain(spaced(after[0]?.code ?? ''));
    // Accepting again sends nothing more and changes no code.
    await accept(t, acceptLinkIn(mail?.text_body ?? '') as string);
    expect(
      (
        await t.db
          .selectFrom('tickets')
          .select('code')
          .where('id', '=', after[0]?.id ?? 0)
          .executeTakeFirstOrThrow()
      ).code,
    ).toBe(after[0]?.code);
    expect(
      await t.db
        .selectFrom('outbox')
        .select('id')
        .where('to_address', '=', 'newcode@example.com')
        .where('kind', '=', TRANSFER_ACCEPTED_MAIL_KIND)
        .execute(),
    ).toHaveLength(1);
  });

  test('the migration gives tickets accepted before it new codes, and leaves every other ticket alone', async () => {
    const { visitor, sale } = await paidBuyer(t);
    expect((await visitor.post(path, { transfers: [row({ qty: 2, email: 'old@example.com' })] })).statusCode).toBe(200);
    const tickets = await t.db
      .selectFrom('tickets')
      .select(['id', 'code'])
      .where('sale_id', '=', sale.id)
      .orderBy('position')
      .execute();
    // As an accepted transfer looked before this release: accepted, codes unchanged.
    await t.db
      .updateTable('ticket_transfers')
      .set({ accepted_at: t.clock.now() })
      .where('sale_id', '=', sale.id)
      .execute();
    const everyOther = await t.db
      .selectFrom('tickets')
      .select(['id', 'code'])
      .where('sale_id', '!=', sale.id)
      .orderBy('id')
      .execute();
    const accepted = await t.db
      .selectFrom('transfer_tickets as tt')
      .innerJoin('ticket_transfers as tr', 'tr.id', 'tt.transfer_id')
      .select('tt.ticket_id')
      .where('tr.accepted_at', 'is not', null)
      .execute();
    const rotate = identityMigration[identityMigration.length - 1] as string;
    await sql.raw(rotate).execute(t.db);
    const after = await t.db
      .selectFrom('tickets')
      .select(['id', 'code'])
      .where('sale_id', '=', sale.id)
      .orderBy('position')
      .execute();
    expect(after[0]?.code).not.toBe(tickets[0]?.code);
    expect(after[1]?.code).not.toBe(tickets[1]?.code);
    expect(after[0]?.code).not.toBe(after[1]?.code);
    for (const ticket of after) expect(ticket.code).toMatch(/^[A-Z2-7]{20}$/);
    expect(after[2]).toEqual(tickets[2]);
    const acceptedIds = new Set(accepted.map((r) => r.ticket_id));
    const untouched = await t.db
      .selectFrom('tickets')
      .select(['id', 'code'])
      .where('sale_id', '!=', sale.id)
      .orderBy('id')
      .execute();
    expect(untouched.filter((ticket) => !acceptedIds.has(ticket.id))).toEqual(
      everyOther.filter((ticket) => !acceptedIds.has(ticket.id)),
    );
  });

  test('an unknown or malformed accept link is a 404 and moves nothing', async () => {
    for (const url of ['/transfers/accept/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/transfers/accept/%3Cscript%3E']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<script>');
      const pressed = await (await t.visitor()).post(url);
      expect(pressed.statusCode).toBe(404);
      expect(pressed.body).toContain(transferMessages.notFound);
    }
  });

  test.each<[string, { checked_in_at: Date; checked_in_by: string } | { voided_at: Date; void_reason: 'refunded' }]>([
    ['admitted at the door', { checked_in_at: new Date('2030-01-01T12:00:00Z'), checked_in_by: 'Gate A' }],
    ['refunded', { voided_at: new Date('2030-01-01T12:00:00Z'), void_reason: 'refunded' }],
  ])(
    'an offered ticket %s before it is accepted: the offer stands no more, Accept moves nothing',
    async (_case, spent) => {
      const { visitor, sale, email } = await paidBuyer(t);
      expect((await visitor.post(path, { transfers: [row({ email: 'late@example.com' })] })).statusCode).toBe(200);
      const [mail] = await transferMails(t, 'late@example.com');
      const link = acceptLinkIn(mail?.text_body ?? '') as string;
      const [offered] = await t.db
        .selectFrom('transfer_tickets as tt')
        .innerJoin('ticket_transfers as tr', 'tr.id', 'tt.transfer_id')
        .select('tt.ticket_id')
        .where('tr.sale_id', '=', sale.id)
        .execute();
      await t.db
        .updateTable('tickets')
        .set(spent)
        .where('id', '=', offered?.ticket_id ?? 0)
        .execute();
      const before = await t.db
        .selectFrom('tickets')
        .select(['id', 'code', 'owner_email'])
        .where('sale_id', '=', sale.id)
        .orderBy('id')
        .execute();

      const recipient = await t.visitor();
      const shown = await recipient.get(link);
      expect(shown.body).toContain(transferMessages.unavailable);
      expect(shown.body).not.toContain(`>${transferMessages.accept}</button>`);
      const pressed = await recipient.post(link);
      expect(pressed.body).toContain(transferMessages.unavailable);
      expect(pressed.body).not.toContain(transferMessages.accepted);
      expect(
        await t.db
          .selectFrom('tickets')
          .select(['id', 'code', 'owner_email'])
          .where('sale_id', '=', sale.id)
          .orderBy('id')
          .execute(),
      ).toEqual(before);
      expect(before.every((ticket) => ticket.owner_email?.toLowerCase() === email)).toBe(true);
      expect((await transfersOf(t, sale.id)).map((transfer) => transfer.accepted_at)).toEqual([null]);
    },
  );

  test('a ticket admitted at the door cannot be offered: a transfer takes only unused tickets', async () => {
    const { visitor, sale } = await paidBuyer(t);
    const tickets = await t.db
      .selectFrom('tickets')
      .select('id')
      .where('sale_id', '=', sale.id)
      .orderBy('position')
      .execute();
    await t.db
      .updateTable('tickets')
      .set({ checked_in_at: t.clock.now(), checked_in_by: 'Gate A' })
      .where(
        'id',
        'in',
        tickets.slice(0, 2).map((ticket) => ticket.id),
      )
      .execute();
    const tooMany = await visitor.post(path, { transfers: [row({ qty: 2, email: 'unused@example.com' })] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe(transferMessages.tooMany(1));
    expect((await visitor.post(path, { transfers: [row({ qty: 1, email: 'unused@example.com' })] })).statusCode).toBe(
      200,
    );
  });

  test('an ignored transfer leaves the tickets with the sender', async () => {
    const { visitor, sale, email } = await paidBuyer(t);
    expect((await visitor.post(path, { transfers: [row({ email: 'ignore@example.com' })] })).statusCode).toBe(200);
    t.clock.advance(30 * DAY);
    const owners = (
      await t.db.selectFrom('tickets').select('owner_email').where('sale_id', '=', sale.id).execute()
    ).map((r) => r.owner_email?.toLowerCase());
    expect(owners).toEqual([email, email, email]);
  });

  test.each<[string, Record<string, string | number>[], string]>([
    ['more than the sender owns', [row({ qty: 4 })], 'transfers[0][qty]'],
    [
      'more than owned across two rows of one type',
      [row({ qty: 2 }), row({ qty: 2, email: 'b@example.com' })],
      'transfers[1][qty]',
    ],
    ['a ticket type not in the order', [row({ ticket_id: SEED.ticket.galaAdult })], 'transfers[0][ticket_id]'],
    [
      'a scheduled gift in the past',
      [row({ is_gift: 1, send_gift: 'Schedule', delivery_date: '01/01/2030', delivery_time: '11:55' })],
      'transfers[0][delivery_date]',
    ],
    [
      'a scheduled gift on a day that does not exist',
      [row({ is_gift: 1, send_gift: 'Schedule', delivery_date: '31/02/2031', delivery_time: '10:00' })],
      'transfers[0][delivery_date]',
    ],
  ])('%s is a 400 naming the row, and nothing is written or sent', async (_name, transfers, key) => {
    const { visitor, sale } = await paidBuyer(t);
    const response = await visitor.post(path, { transfers });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty([key]);
    expect(await transfersOf(t, sale.id)).toEqual([]);
    expect(await transferMails(t, 'rae@example.com')).toEqual([]);
  });

  test('a second transfer cannot take tickets already transferred', async () => {
    const { visitor } = await paidBuyer(t);
    expect((await visitor.post(path, { transfers: [row({ qty: 2, email: 'first@example.com' })] })).statusCode).toBe(
      200,
    );
    const second = await visitor.post(path, { transfers: [row({ qty: 2, email: 'second@example.com' })] });
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toBe(transferMessages.tooMany(1));
  });

  test('seated tickets: the checkout lists their seats, and they cannot be transferred', async () => {
    const { visitor, sale } = await paidBuyer(t, [{ ticket_id: SEED.ticket.folkStalls, quantity: 2 }]);
    const seats = (await visitor.get(paths.get)).json().tickets[0].seats as string[];
    expect(seats).toHaveLength(2);
    expect(seats[0]).toMatch(/^Row [A-Z]+, Seat \d+$/);
    expect(new Set(seats).size).toBe(2);
    const response = await visitor.post(path, { transfers: [row({ ticket_id: SEED.ticket.folkStalls })] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(['transfers[0][ticket_id]']);
    expect(await transfersOf(t, sale.id)).toEqual([]);
  });

  test('can_transfer: only while a transfer can succeed (paid, tickets issued and unseated, none transferred yet)', async () => {
    const canTransfer = async (visitor: Visitor) => (await visitor.get(paths.get)).json().can_transfer as boolean;
    // Unseated tickets, paid and issued: yes, until every one of them is in a transfer.
    const { visitor } = await paidBuyer(t, [{ ticket_id: SEED.ticket.onSale, quantity: 2 }]);
    expect(await canTransfer(visitor)).toBe(true);
    expect((await visitor.post(path, { transfers: [row({ qty: 1, email: 'one@example.com' })] })).statusCode).toBe(200);
    expect(await canTransfer(visitor)).toBe(true);
    expect((await visitor.post(path, { transfers: [row({ qty: 1, email: 'two@example.com' })] })).statusCode).toBe(200);
    expect(await canTransfer(visitor)).toBe(false);
    // Every ticket seated: no.
    const seated = await paidBuyer(t, [{ ticket_id: SEED.ticket.folkStalls, quantity: 2 }]);
    expect(await canTransfer(seated.visitor)).toBe(false);
    // Not paid yet: no. Paid: yes at once, since the payment issues the tickets in the same transaction.
    buyers += 1;
    const unpaid = await guestVisitor(t, `sender${buyers}@example.com`, 'Sam Sender', [
      { ticket_id: SEED.ticket.onSale, quantity: 1 },
    ]);
    expect(await canTransfer(unpaid)).toBe(false);
    const reference = (await unpaid.get(paths.get)).json().sale_reference as string;
    const sale = await t.db
      .selectFrom('sales')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    await markPaid(t.db, sale.id, t.clock.now());
    expect(await canTransfer(unpaid)).toBe(true);
  });

  test('a payment plan still being paid: can_transfer is false and set_transfers is refused with its reason', async () => {
    const { visitor, sale } = await paidBuyer(t);
    await t.db.updateTable('sales').set({ payment_plan_remaining: true }).where('id', '=', sale.id).execute();
    expect((await visitor.get(paths.get)).json().can_transfer).toBe(false);
    const response = await visitor.post(path, { transfers: [row()] });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(transferMessages.planOutstanding);
    expect(await transfersOf(t, sale.id)).toEqual([]);
  });

  test('an unseated line has no seats in the checkout', async () => {
    const { visitor } = await paidBuyer(t);
    expect((await visitor.get(paths.get)).json().tickets[0].seats).toEqual([]);
  });

  test('a gift scheduled a few minutes ahead in UK summer time is refused when that UK time has passed', async () => {
    const { visitor, sale } = await paidBuyer(t);
    // 10:05 BST is 09:05 UTC: already past when the clock says 09:30 UTC, though 10:05 would be ahead in UTC.
    const before = t.clock.now();
    t.clock.set('2030-07-15T09:30:00Z');
    try {
      const past = await visitor.post(path, {
        transfers: [row({ is_gift: 1, send_gift: 'Schedule', delivery_date: '15/07/2030', delivery_time: '10:05' })],
      });
      expect(past.statusCode).toBe(400);
      expect(past.json().errors).toHaveProperty(['transfers[0][delivery_date]']);
      const ahead = await visitor.post(path, {
        transfers: [row({ is_gift: 1, send_gift: 'Schedule', delivery_date: '15/07/2030', delivery_time: '10:35' })],
      });
      expect(ahead.statusCode).toBe(200);
      const [transfer] = await transfersOf(t, sale.id);
      expect(new Date(transfer?.deliver_at ?? 0).toISOString()).toBe('2030-07-15T09:35:00.000Z');
    } finally {
      t.clock.set(before);
    }
  });

  test.each([
    ['a missing name', row({ name: '' })],
    ['a malformed email', row({ email: 'not-an-email' })],
    ['a zero quantity', row({ qty: 0 })],
    ['a scheduled gift without a time', row({ is_gift: 1, send_gift: 'Schedule', delivery_date: '02/01/2030' })],
  ])('%s is a 400 from the contract', async (_name, bad) => {
    const { visitor, sale } = await paidBuyer(t);
    expect((await visitor.post(path, { transfers: [bad] })).statusCode).toBe(400);
    expect(await transfersOf(t, sale.id)).toEqual([]);
  });

  test('refused before payment', async () => {
    const visitor: Visitor = await guestVisitor(t, 'unpaid@example.com', 'Una Paid', [
      { ticket_id: SEED.ticket.onSale, quantity: 1 },
    ]);
    expect((await visitor.post(path, { transfers: [row()] })).statusCode).toBe(409);
  });
});

describe('a scheduled gift', () => {
  test('is delivered by the durable job at its time, after a restart', async () => {
    const t = await createTestApp();
    try {
      const { visitor } = await paidBuyer(t);
      const gift = row({
        email: 'gift@example.com',
        is_gift: 1,
        send_gift: 'Schedule',
        delivery_date: '02/01/2030',
        delivery_time: '09:30',
      });
      expect((await visitor.post(path, { transfers: [gift] })).json()).toEqual({ success: true });
      expect(await transferMails(t, 'gift@example.com')).toEqual([]);

      // The server restarts: a new app on the same database, its clock past the delivery time.
      await t.app.close();
      const restarted = await buildAppWithDeps({ db: t.db, clock: t.clock, config: { logLevel: 'silent' } });
      const failures: unknown[] = [];
      const runner = startTransferRunner(restarted.deps, (error) => failures.push(error), 3_600_000);
      try {
        t.clock.set('2030-01-02T09:25:00Z');
        await runner.runDue();
        expect(await transferMails(t, 'gift@example.com')).toEqual([]);
        t.clock.set('2030-01-02T09:30:00Z');
        expect(await runner.runDue()).toBe(1);
        expect(await runner.runDue()).toBe(0);
        const mails = await transferMails(t, 'gift@example.com');
        expect(mails).toHaveLength(1);
        expect(mails[0]?.subject).toContain('gift');
        expect(failures).toEqual([]);
        const link = acceptLinkIn(mails[0]?.text_body ?? '') as string;
        expect((await restarted.app.inject({ method: 'GET', url: link })).body).toContain(transferMessages.accept);
      } finally {
        await runner.stop();
        await restarted.app.close();
      }
    } finally {
      await t.close();
    }
  }, 60_000);
});
