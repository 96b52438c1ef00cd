import { calls } from '@checkout/shared';
import { ticketsAfterLastInstalment } from '@checkout/shared/messages/order-completed';
import { markPaid } from '../delivery/test-support';
import { issueTickets } from '../tickets/tickets';
import { guestVisitor, latestCode } from '../testing/identity';
import { instalmentMessages } from '../instalments/messages';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { TRANSFER_MAIL_KIND } from '../transfers/notify';
import { transferMessages as tm } from '../transfers/messages';
import { escapeHtml } from '../web/html';

/**
 * The wallet's tickets that are not plain tickets yet: those its owner offered to someone (not accepted), the offers
 * waiting for the owner, and orders on a payment plan (tickets issued after the last instalment). Each is shown only to
 * whom it concerns: a transfer to its sender and its addressee, a plan to whoever will own its tickets.
 */
const WALLET = '/account/wallet/';
const DAY = 24 * 60 * 60 * 1000;

let buyers = 0;
/** A guest's paid order; `onPlan` marks it as a payment plan's before it is settled, as setting up a plan does. */
async function paidBuyer(t: TestApp, quantity = 3, onPlan = false) {
  buyers += 1;
  const email = `wallet-sender${buyers}@example.com`;
  const visitor = await guestVisitor(t, email, 'Sam Sender', [{ ticket_id: SEED.ticket.onSale, quantity }]);
  const reference = (await visitor.get(paths.get)).json().sale_reference as string;
  const sale = await t.db.selectFrom('sales').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  if (onPlan) await t.db.updateTable('sales').set({ payment_plan_remaining: true }).where('id', '=', sale.id).execute();
  await markPaid(t.db, sale.id, t.clock.now());
  if (!onPlan) await issueTickets(t.db, sale.id, t.clock.now());
  return { visitor, sale, email };
}

/** A browser that signs in at /signin/ with a one-time code for this email (no account needed). */
async function signedInAs(t: TestApp, email: string): Promise<Visitor> {
  const visitor = await t.visitor();
  expect((await visitor.post(calls.sendOneTimeCode.path, { email })).statusCode).toBe(200);
  const verified = await visitor.post('/signin/verify', { email, code: await latestCode(t, email), next: WALLET });
  expect(verified.statusCode).toBe(200);
  return visitor;
}

const wallet = async (visitor: Visitor) => {
  const response = await visitor.get(WALLET);
  expect(response.statusCode).toBe(200);
  return response.body;
};
const acceptLinkOf = async (t: TestApp, to: string) => {
  const mail = await t.db
    .selectFrom('outbox')
    .select('text_body')
    .where('to_address', '=', to)
    .where('kind', '=', TRANSFER_MAIL_KIND)
    .executeTakeFirst();
  return /\/transfers\/accept\/[A-Za-z0-9_-]+/.exec(mail?.text_body ?? '')?.[0];
};

describe('the wallet and transfers not accepted yet', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  test('the sender sees who each offered ticket waits for and when it was sent; the addressee sees the offer with its link; another buyer sees neither', async () => {
    const { visitor } = await paidBuyer(t);
    const sent = await visitor.post(calls.setTransfers.path, {
      transfers: [
        { ticket_id: SEED.ticket.onSale, name: 'Rae Recipient', email: 'Rae.Wallet@Example.com', qty: 1 },
        {
          ticket_id: SEED.ticket.onSale,
          name: 'Gil Gift',
          email: 'gil.wallet@example.com',
          qty: 1,
          is_gift: 1,
          send_gift: 'Schedule',
          delivery_date: '02/01/2030',
          delivery_time: '09:30',
        },
      ],
    });
    expect(sent.json()).toEqual({ success: true });

    // The sender: three tickets, one waiting for Rae (sent now), one a gift for Gil not sent yet, one plain.
    const his = await wallet(visitor);
    expect(his.match(/class="wallet-ticket"/g)).toHaveLength(3);
    expect(his).toContain(escapeHtml(tm.waitingFor('Rae Recipient', 'rae.wallet@example.com')));
    expect(his).toContain(escapeHtml(tm.sentOn('Tue 1 Jan 2030 at 12:00pm')));
    expect(his).toContain(escapeHtml(tm.giftScheduled('Gil Gift', 'gil.wallet@example.com')));
    expect(his).toContain(escapeHtml(tm.giftSendsOn('Wed 2 Jan 2030 at 9:30am')));
    expect(his.match(/class="alert alert--info wallet-ticket__transfer"/g)).toHaveLength(2);
    // The sender is sent no offer of their own.
    expect(his).not.toContain(tm.waitingForYouTitle);

    // Rae, signed in with the email it was sent to (any case): the offer, with the link to its accept page.
    const link = (await acceptLinkOf(t, 'rae.wallet@example.com')) as string;
    expect(link).toBeDefined();
    const rae = await signedInAs(t, 'RAE.wallet@example.com');
    const hers = await wallet(rae);
    expect(hers).toContain(tm.waitingForYouTitle);
    const type = await t.db
      .selectFrom('ticket_types')
      .select('name')
      .where('id', '=', SEED.ticket.onSale)
      .executeTakeFirstOrThrow();
    expect(hers).toContain(escapeHtml(tm.offerLine('Sam Sender', 1, type.name)));
    expect(hers).toContain(`href="${link}">${tm.reviewOffer}</a>`);
    // She has no tickets yet, and is told nothing about the sender's others or Gil's gift.
    expect(hers).not.toContain('class="wallet-ticket"');
    expect(hers).not.toContain('There are no tickets in your wallet yet.');
    expect(hers).not.toContain('Gil');
    // Opening her wallet accepted nothing.
    const transfer = await t.db
      .selectFrom('ticket_transfers')
      .select(['accepted_at', 'token'])
      .where('recipient_email', '=', 'rae.wallet@example.com')
      .executeTakeFirstOrThrow();
    expect(transfer.accepted_at).toBeNull();

    // Gil's gift is a surprise until its time: nothing in his wallet yet.
    const gil = await signedInAs(t, 'gil.wallet@example.com');
    expect(await wallet(gil)).not.toContain(tm.waitingForYouTitle);

    // Another signed-in buyer, and a browser that proved nothing: no transfer, no offer, no token.
    for (const other of [await signedInAs(t, 'demo@example.com'), await t.visitor()]) {
      const body = await wallet(other);
      expect(body).not.toContain(tm.waitingForYouTitle);
      expect(body).not.toContain('Rae');
      expect(body).not.toContain('Gil');
      expect(body).not.toContain(transfer.token);
    }

    // Rae accepts: her offer is gone, her ticket is in her wallet; the sender's note for her is gone with the ticket.
    await rae.get(link);
    expect((await rae.post(link)).statusCode).toBe(200);
    const after = await wallet(rae);
    expect(after).not.toContain(tm.waitingForYouTitle);
    expect(after.match(/class="wallet-ticket"/g)).toHaveLength(1);
    expect(after).not.toContain('wallet-ticket__transfer');
    const hisAfter = await wallet(visitor);
    expect(hisAfter.match(/class="wallet-ticket"/g)).toHaveLength(2);
    expect(hisAfter).not.toContain('Rae');
    expect(hisAfter).toContain(escapeHtml(tm.giftScheduled('Gil Gift', 'gil.wallet@example.com')));
  });

  test('the sender signed in on another browser sees the same notes (the tickets are their account email’s)', async () => {
    const { visitor, email } = await paidBuyer(t, 2);
    await visitor.post(calls.setTransfers.path, {
      transfers: [{ ticket_id: SEED.ticket.onSale, name: 'Ola Other', email: 'ola.wallet@example.com', qty: 1 }],
    });
    const elsewhere = await signedInAs(t, email);
    const body = await wallet(elsewhere);
    expect(body.match(/class="wallet-ticket"/g)).toHaveLength(2);
    expect(body).toContain(escapeHtml(tm.waitingFor('Ola Other', 'ola.wallet@example.com')));
  });
});

describe('the wallet and an order on a payment plan', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  /** A paid sale whose plan of three monthly payments has had its first: its tickets are not issued yet. */
  async function planBuyer() {
    const buyer = await paidBuyer(t, 2, true);
    const now = t.clock.now();
    const plan = await t.db
      .insertInto('payment_plans')
      .values({
        sale_id: buyer.sale.id,
        status: 'active',
        idempotency_key: `wallet-plan-${buyer.sale.id}`,
        request_hash: 'x',
        response: null,
        user_id: null,
        email: buyer.email,
        contact_number: '07700 900123',
        provider: 'stripe',
        customer_ref: 'cus_test',
        payment_method_ref: 'pm_test',
        currency: 'gbp',
        months: 3,
        total_minor: 3000,
        created_at: now,
        completed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('payment_plan_instalments')
      .values(
        [0, 31, 59].map((days, index) => ({
          plan_id: plan.id,
          seq: index + 1,
          due_at: new Date(now.getTime() + days * DAY),
          amount_minor: 1000,
          status: index === 0 ? ('paid' as const) : ('scheduled' as const),
          provider_payment_id: index === 0 ? 'pi_first' : null,
          last_error: null,
          paid_at: index === 0 ? now : null,
        })),
      )
      .execute();
    return { ...buyer, planId: plan.id };
  }

  test('the wallet says the tickets come after the last instalment, with its date; the checkout gives that date', async () => {
    const { visitor, email, sale } = await planBuyer();
    // 1 January 2030 + 59 days, at noon UTC: 1 March 2030.
    const sentence = escapeHtml(ticketsAfterLastInstalment('Fri 1 Mar 2030'));
    const body = await wallet(visitor);
    expect(body).toContain(instalmentMessages.walletTitle);
    expect(body).toContain(sentence);
    expect(body).toContain(escapeHtml(instalmentMessages.paidSoFar(1, 3)));
    expect(body).toContain(sale.reference ?? 'no reference');
    expect(body).not.toContain('class="wallet-ticket"');
    expect(body).not.toContain('There are no tickets in your wallet yet.');
    expect((await visitor.get(paths.get)).json()).toMatchObject({
      payment_plan_last_due: '2030-03-01 12:00:00',
      payment_plan_last_due_text: 'Fri 1 Mar 2030',
    });
    // The buyer signed in on another browser with the order's email sees it too.
    expect(await wallet(await signedInAs(t, email))).toContain(sentence);
    // Another signed-in buyer, and a browser that proved nothing, do not.
    for (const other of [await signedInAs(t, 'demo@example.com'), await t.visitor()]) {
      const seen = await wallet(other);
      expect(seen).not.toContain(instalmentMessages.walletTitle);
      expect(seen).not.toContain(sale.reference ?? 'no reference');
    }
  });

  test('once the plan is paid the tickets are issued and the plan note is gone; a paid-in-full checkout has no date', async () => {
    const { visitor, sale, planId } = await planBuyer();
    await t.db
      .updateTable('payment_plans')
      .set({ status: 'completed', completed_at: t.clock.now() })
      .where('id', '=', planId)
      .execute();
    await t.db.updateTable('sales').set({ payment_plan_remaining: false }).where('id', '=', sale.id).execute();
    await issueTickets(t.db, sale.id, t.clock.now());
    const body = await wallet(visitor);
    expect(body).not.toContain(instalmentMessages.walletTitle);
    expect(body.match(/class="wallet-ticket"/g)).toHaveLength(2);
    expect((await visitor.get(paths.get)).json()).toMatchObject({
      payment_plan_last_due: null,
      payment_plan_last_due_text: null,
    });
  });
});
