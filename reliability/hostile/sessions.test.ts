/**
 * Hostile input — sessions: one buyer can never read or change another's sale, addresses, tickets, transfers
 * or waiver signatures. An attacker, signed in and mid-checkout themself, tries the victim's ids and references
 * directly on every call and page that takes one; every answer is checked for the victim's personal data, and the
 * victim's rows are compared before and after.
 */
import { calls, waiverPath } from '@checkout/shared';
import { SEED } from '../../api/src/seed/catalogue';
import { waiverKeysOf } from '../../api/src/session/waiver-keys';
import { paths, type TestApp } from '../../api/src/testing/test-app';
import type { Visitor } from '../../api/src/testing/visitor';
import { countFigure } from '../support/figures';
import { describeOnEachDatabase, paidBuyer, reservedBuyer, type PaidBuyer } from './support';

jest.setTimeout(180_000);

describeOnEachDatabase('one buyer cannot reach another', (open) => {
  let t: TestApp;
  let victim: PaidBuyer;
  let waiverVictim: PaidBuyer;
  let attacker: Visitor;
  let paidAttacker: PaidBuyer;
  let tries = 0;

  beforeAll(async () => {
    t = await open();
    victim = await paidBuyer(t, 'victim');
    waiverVictim = await paidBuyer(t, 'waiver-victim', SEED.ticket.kayakTaster);
    paidAttacker = await paidBuyer(t, 'paid-attacker');
    attacker = await reservedBuyer(t, 'attacker');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    countFigure(
      'hostile.sessions.tries',
      tries,
      "requests trying another buyer's ids, references and tokens directly (all refused or harmless)",
    );
  });

  /** Everything of the victim's that a request could read or change. */
  async function victimRows(buyer: PaidBuyer): Promise<string> {
    const { db } = t;
    return JSON.stringify(
      await Promise.all([
        db.selectFrom('sales').selectAll().where('id', '=', buyer.saleId).execute(),
        db.selectFrom('sale_lines').selectAll().where('sale_id', '=', buyer.saleId).orderBy('id').execute(),
        db.selectFrom('tickets').selectAll().where('sale_id', '=', buyer.saleId).orderBy('id').execute(),
        db.selectFrom('ticket_transfers').selectAll().where('sale_id', '=', buyer.saleId).orderBy('id').execute(),
        db.selectFrom('user_addresses').selectAll().where('id', '=', buyer.addressId).execute(),
        db.selectFrom('question_answers').selectAll().where('sale_id', '=', buyer.saleId).execute(),
        db.selectFrom('sale_feedback').selectAll().where('sale_id', '=', buyer.saleId).execute(),
        db.selectFrom('waiver_signatures').selectAll().where('sale_id', '=', buyer.saleId).execute(),
        db
          .selectFrom('sessions')
          .select(['id', 'user_id', 'sale_id', 'verified_email'])
          .where('sale_id', '=', buyer.saleId)
          .execute(),
      ]),
    );
  }

  function expectNothingOf(buyer: PaidBuyer, body: string, what: string) {
    for (const secret of buyer.secrets)
      expect({ what, leaks: body.includes(secret) ? secret : null }).toEqual({ what, leaks: null });
  }

  test("the attacker's own reads show nothing of the victim's", async () => {
    for (const visitor of [attacker, paidAttacker.visitor]) {
      for (const url of [
        paths.get,
        paths.getUser,
        calls.getSimpleInfo.path,
        calls.getRewardReferrerLink.path,
        '/account/wallet/',
      ]) {
        const response = await visitor.get(url);
        tries += 1;
        expect(response.statusCode).toBeLessThan(500);
        expectNothingOf(victim, response.body, `GET ${url}`);
      }
      for (const path of [
        calls.getUserAddresses.path,
        calls.getOpoaUsers.path,
        calls.getPaymentError.path,
        calls.getTruelayerStatus.path,
      ]) {
        const response = await visitor.post(path);
        tries += 1;
        expect(response.statusCode).toBeLessThan(500);
        expectNothingOf(victim, response.body, `POST ${path}`);
      }
    }
  });

  test("the victim's address id: not deleted, not used for delivery, not listed", async () => {
    const before = await victimRows(victim);
    for (const visitor of [attacker, paidAttacker.visitor]) {
      const deleted = await visitor.post(calls.deleteAddress.path, { address_id: victim.addressId });
      tries += 1;
      expect(deleted.statusCode).toBe(404);
      expect(deleted.json().error).toEqual(expect.any(String));
    }
    expect(await victimRows(victim)).toBe(before);
  });

  test("the victim's ticket ids and ticket types: the attacker's transfers, removals and quantities touch only their own", async () => {
    const before = await victimRows(victim);
    const attempts = [
      () =>
        paidAttacker.visitor.post(calls.setTransfers.path, {
          transfers: victim.ticketIds.map((id) => ({
            ticket_id: id,
            name: 'Mal Icious',
            email: 'mal@example.com',
            qty: 1,
          })),
        }),
      () =>
        paidAttacker.visitor.post(calls.setTransfers.path, {
          transfers: [{ ticket_id: SEED.ticket.onSale, name: 'Mal Icious', email: 'mal@example.com', qty: 3 }],
        }),
      () =>
        attacker.post(calls.setTransfers.path, {
          transfers: [{ ticket_id: SEED.ticket.onSale, name: 'Mal Icious', email: 'mal@example.com', qty: 1 }],
        }),
      () => attacker.post(calls.removeFromBasket.path, { ticket_id: victim.ticketIds[0] ?? 1 }),
      () => attacker.post(calls.updateTicketQuantity.path, { ticket_id: victim.ticketIds[0] ?? 1, quantity: 1 }),
      () => attacker.post(calls.deliverToWallet.path),
      () => attacker.post(calls.deliverToBitticket.path),
      () => attacker.post(calls.sendCustomerFeedback.path, { message: 'hijack' }),
      () =>
        attacker.post(calls.saveQuestionAnswers.path, {
          before_or_after: 'after',
          answers: { [`answer_${SEED.ticket.onSale}_1`]: 'hijack' },
        }),
    ];
    for (const attempt of attempts) {
      const response = await attempt();
      tries += 1;
      expect(response.statusCode).toBeLessThan(500);
      expectNothingOf(victim, response.body, response.body);
    }
    expect(await victimRows(victim)).toBe(before);
    // The paid attacker's transfer of 3 could only ever cover their own tickets.
    const victimsTickets = await t.db
      .selectFrom('tickets')
      .select('owner_email')
      .where('sale_id', '=', victim.saleId)
      .execute();
    expect(victimsTickets.every((row) => row.owner_email?.toLowerCase() === victim.email)).toBe(true);
  });

  test('the recovery link of a paid order shows a neutral page and does not move the order; a guessed one is a 404', async () => {
    const before = await victimRows(victim);
    const paid = await attacker.get(`/smartcheckout/?session=${victim.reference}`);
    tries += 1;
    expect(paid.statusCode).toBe(302);
    expect(paid.headers.location).toBe('/smartcheckout/completed/');
    const page = await attacker.get('/smartcheckout/completed/');
    expectNothingOf(victim, page.body, 'recovery completed page');
    const checkout = await attacker.get(paths.get);
    expectNothingOf(victim, checkout.body, 'attacker checkout after the link');
    for (const guess of [
      'CT-AAAAAAAAAAAAAAAA',
      victim.reference.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      `${victim.reference}x`,
      victim.reference.toLowerCase().replace('ct-', 'xx-'),
    ]) {
      const response = await attacker.get(`/smartcheckout/?session=${encodeURIComponent(guess)}`);
      tries += 1;
      expect(response.statusCode).toBe(404);
      expectNothingOf(victim, response.body, `recovery ${guess}`);
    }
    expect(await victimRows(victim)).toBe(before);
  });

  test("a transfer token: a guessed or altered one accepts nothing; the victim's tickets stay theirs", async () => {
    const before = await victimRows(victim);
    const altered = victim.transferToken.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    for (const token of [
      altered,
      'x',
      'A'.repeat(victim.transferToken.length),
      '..%2F..%2Fetc%2Fpasswd',
      `${victim.transferToken}%00`,
    ]) {
      const response = await attacker.get(`/transfers/accept/${token}`);
      tries += 1;
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expectNothingOf(victim, response.body, `transfer ${token}`);
    }
    expect(await victimRows(victim)).toBe(before);
  });

  test('the waiver page opens by the buyer’s link only: the reference alone shows nothing; the link shows only the waiver and the signatures', async () => {
    const before = await victimRows(waiverVictim);
    // The attacker knows the reference (it is printed on tickets) but was never given the link's key.
    for (const url of [
      `/activity-terms-and-conditions/${waiverVictim.reference}/`,
      waiverPath(waiverVictim.reference, 'A'.repeat(22)),
      // The key of another sale.
      waiverPath(waiverVictim.reference, waiverKeysOf(t.deps.sessions).keyOf(victim.reference)),
    ]) {
      const refused = await attacker.get(url);
      const posted = await attacker.post(url, { waiver_id: String(SEED.waiver.kayak), name: 'Mal Lory', agree: 'yes' });
      tries += 2;
      for (const response of [refused, posted]) {
        expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
        expectNothingOf(waiverVictim, response.body, `waiver page ${url}`);
      }
    }
    expect(await victimRows(waiverVictim)).toBe(before);
    // The link the buyer's checkout shares opens it, for anyone the buyer gives it to: the waiver, none of her data.
    const key = (await waiverVictim.visitor.get(paths.get)).json().waiver_key as string;
    const page = await attacker.get(waiverPath(waiverVictim.reference, key));
    tries += 1;
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(waiverVictim.reference);
    for (const secret of waiverVictim.secrets.filter((secret) => secret !== waiverVictim.reference))
      expect({ secret, shown: page.body.includes(secret) }).toEqual({ secret, shown: false });
    // The sale of a buyer without a waiver is not a waiver page at all, even with the key the server would make.
    const other = await attacker.get(waiverKeysOf(t.deps.sessions).pathOf(victim.reference));
    tries += 1;
    expect(other.statusCode).toBe(404);
    expectNothingOf(victim, other.body, 'waiver page of a sale without a waiver');
  });
});
