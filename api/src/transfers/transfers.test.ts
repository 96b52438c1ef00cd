import { calls } from '@checkout/shared';
import { buildAppWithDeps } from '../app';
import { markPaid } from '../delivery/test-support';
import { issueTickets } from '../delivery/tickets';
import { guestVisitor } from '../identity/testing';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { startTransferRunner } from './jobs';
import { transferMessages } from './messages';
import { TRANSFER_MAIL_KIND } from './notify';
import { deliveryMoment } from './schedule';

/** Ticket transfers and gifts (issue 6): validated on the server, notified now or by a durable job, accepted by link. */
const path = calls.setTransfers.path;
const DAY = 24 * 60 * 60 * 1000;

let buyers = 0;
async function paidBuyer(t: TestApp, lines: Record<string, string | number>[] = [{ ticket_id: SEED.ticket.onSale, quantity: 3 }]) {
  buyers += 1;
  const email = `sender${buyers}@example.com`;
  const visitor = await guestVisitor(t, email, 'Sam Sender', lines);
  const reference = (await visitor.get(paths.get)).json().sale_reference as string;
  const sale = await t.db.selectFrom('sales').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  await markPaid(t.db, sale.id, t.clock.now());
  await issueTickets(t.db, sale.id, t.clock.now());
  return { visitor, sale, email };
}

const row = (rowFields: Record<string, string | number> = {}) => ({ ticket_id: SEED.ticket.onSale, name: 'Rae Recipient', email: 'rae@example.com', qty: 1, ...rowFields });
const transferMails = (t: TestApp, to: string) => t.db.selectFrom('outbox').selectAll().where('to_address', '=', to).where('kind', '=', TRANSFER_MAIL_KIND).execute();
const transfersOf = (t: TestApp, saleId: number) => t.db.selectFrom('ticket_transfers').selectAll().where('sale_id', '=', saleId).execute();
const acceptLinkIn = (text: string) => /\/transfers\/accept\/[A-Za-z0-9_-]+/.exec(text)?.[0];

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
    const response = await visitor.post(path, { transfers: [row({ qty: 2, email: 'now@example.com', message: 'Enjoy!' })] });
    expect(response.json()).toEqual({ success: true });
    const [mail] = await transferMails(t, 'now@example.com');
    expect(mail?.text_body).toContain('Enjoy!');
    const link = acceptLinkIn(mail?.text_body ?? '');
    expect(link).toBeDefined();
    // Not accepted yet: the tickets are still the sender's.
    const owners = async () => (await t.db.selectFrom('tickets').select('owner_email').where('sale_id', '=', sale.id).orderBy('position').execute()).map((r) => r.owner_email?.toLowerCase());
    expect(await owners()).toEqual([email, email, email]);
    const accepted = await t.app.inject({ method: 'GET', url: link as string });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body).toContain(transferMessages.accepted);
    expect(await owners()).toEqual(['now@example.com', 'now@example.com', email]);
    // The sender's wallet (a guest: their order's tickets) keeps only the ticket still theirs, and its QR codes only.
    const codes = await t.db.selectFrom('tickets').select('code').where('sale_id', '=', sale.id).orderBy('position').execute();
    const wallet = await visitor.get('/account/wallet/');
    expect(wallet.body.match(/class="wallet-ticket"/g)).toHaveLength(1);
    expect(wallet.body).toContain(`/account/wallet/qr/${codes[2]?.code}.svg`);
    expect(wallet.body).not.toContain(`/account/wallet/qr/${codes[0]?.code}.svg`);
    expect((await visitor.get(`/account/wallet/qr/${codes[0]?.code}.svg`)).statusCode).toBe(404);
    const again = await t.app.inject({ method: 'GET', url: link as string });
    expect(again.body).toContain(transferMessages.alreadyAccepted);
    expect(await owners()).toEqual(['now@example.com', 'now@example.com', email]);
  });

  test('an unknown or malformed accept link is a 404 and moves nothing', async () => {
    for (const url of ['/transfers/accept/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/transfers/accept/%3Cscript%3E']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<script>');
    }
  });

  test('an ignored transfer leaves the tickets with the sender', async () => {
    const { visitor, sale, email } = await paidBuyer(t);
    expect((await visitor.post(path, { transfers: [row({ email: 'ignore@example.com' })] })).statusCode).toBe(200);
    t.clock.advance(30 * DAY);
    const owners = (await t.db.selectFrom('tickets').select('owner_email').where('sale_id', '=', sale.id).execute()).map((r) => r.owner_email?.toLowerCase());
    expect(owners).toEqual([email, email, email]);
  });

  test.each<[string, Record<string, string | number>[], string]>([
    ['more than the sender owns', [row({ qty: 4 })], 'transfers[0][qty]'],
    ['more than owned across two rows of one type', [row({ qty: 2 }), row({ qty: 2, email: 'b@example.com' })], 'transfers[1][qty]'],
    ['a ticket type not in the order', [row({ ticket_id: SEED.ticket.galaAdult })], 'transfers[0][ticket_id]'],
    ['a scheduled gift in the past', [row({ is_gift: 1, send_gift: 'Schedule', delivery_date: '01/01/2030', delivery_time: '11:55' })], 'transfers[0][delivery_date]'],
    ['a scheduled gift on a day that does not exist', [row({ is_gift: 1, send_gift: 'Schedule', delivery_date: '31/02/2031', delivery_time: '10:00' })], 'transfers[0][delivery_date]'],
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
    expect((await visitor.post(path, { transfers: [row({ qty: 2, email: 'first@example.com' })] })).statusCode).toBe(200);
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
      const past = await visitor.post(path, { transfers: [row({ is_gift: 1, send_gift: 'Schedule', delivery_date: '15/07/2030', delivery_time: '10:05' })] });
      expect(past.statusCode).toBe(400);
      expect(past.json().errors).toHaveProperty(['transfers[0][delivery_date]']);
      const ahead = await visitor.post(path, { transfers: [row({ is_gift: 1, send_gift: 'Schedule', delivery_date: '15/07/2030', delivery_time: '10:35' })] });
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
    const visitor: Visitor = await guestVisitor(t, 'unpaid@example.com', 'Una Paid', [{ ticket_id: SEED.ticket.onSale, quantity: 1 }]);
    expect((await visitor.post(path, { transfers: [row()] })).statusCode).toBe(409);
  });
});

describe('a scheduled gift', () => {
  test('is delivered by the durable job at its time, after a restart', async () => {
    const t = await createTestApp();
    try {
      const { visitor } = await paidBuyer(t);
      const gift = row({ email: 'gift@example.com', is_gift: 1, send_gift: 'Schedule', delivery_date: '02/01/2030', delivery_time: '09:30' });
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
        expect((await restarted.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
      } finally {
        await runner.stop();
        await restarted.app.close();
      }
    } finally {
      await t.close();
    }
  }, 60_000);
});
