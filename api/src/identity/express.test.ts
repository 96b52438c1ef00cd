import { calls, type FormValue } from '@checkout/shared';
import { markPaid } from '../delivery/test-support';
import { issueTickets } from '../tickets/tickets';
import { instalmentMessages } from '../instalments/messages';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { guestVisitor, proveEmail, reservedVisitor } from '../testing/identity';

/**
 * Express checkout and proof of the email: set_account_details creates or finds the account, answers the same either
 * way, and signs nobody in. The session stays bound to its sale only; the wallet, saved cards and earlier orders of
 * the email open only after its one-time code.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const express: Record<string, FormValue>[] = [{ ticket_id: SEED.ticket.expressEntry, quantity: 1 }];
const summerWeekend: Record<string, FormValue>[] = [{ ticket_id: SEED.ticket.summerWeekend, quantity: 1 }];
const details = (email: string, fullname = 'Eve Attacker') => ({
  fullname,
  email,
  address: { postcode: 'BN1 1AA' },
  contact_number: '',
  ct_subscribed: '1',
});
const saleOf = async (visitor: Visitor) => {
  const reference = (await visitor.get(paths.get)).json().sale_reference as string;
  return t.db.selectFrom('sales').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
};
const sessionOf = async (visitor: Visitor) => {
  const sale = await saleOf(visitor);
  return t.db.selectFrom('sessions').selectAll().where('sale_id', '=', sale.id).executeTakeFirstOrThrow();
};
const ticketCodes = async (saleId: number) =>
  (await t.db.selectFrom('tickets').select('code').where('sale_id', '=', saleId).execute()).map((row) => row.code);
const paid = async (visitor: Visitor) => {
  const sale = await saleOf(visitor);
  await markPaid(t.db, sale.id, t.clock.now());
  await issueTickets(t.db, sale.id, t.clock.now());
  return sale;
};

let n = 0;
const newEmail = (label: string) => `${label}${++n}@example.org`;

describe('set_account_details proves nothing', () => {
  test('a new email: the account is made, the sale names it, and the session is still nobody', async () => {
    const buyer = await reservedVisitor(t, express);
    const email = newEmail('new');
    const response = await buyer.post(calls.setAccountDetails.path, details(email, 'Grace Hopper'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', postcode: 'BN1 1AA' });
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', subscribed: true });
    expect(await saleOf(buyer)).toMatchObject({ user_id: null, email, full_name: 'Grace Hopper' });
    expect((await sessionOf(buyer)).user_id).toBeNull();
    expect((await buyer.get(paths.getUser)).json()).toEqual({ user: null });
  });

  test('an existing email and a new one get the same status and body; the existing account is not changed', async () => {
    const before = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', SEED.user.dark)
      .executeTakeFirstOrThrow();
    const a = await reservedVisitor(t, express);
    const b = await reservedVisitor(t, express);
    const known = await a.post(calls.setAccountDetails.path, details('DARK@example.com'));
    const unknown = await b.post(calls.setAccountDetails.path, details(newEmail('unknown')));
    // The same answer but for the id of the billing address row each sale gets.
    const withoutId = (body: string) => ({ ...(JSON.parse(body) as Record<string, unknown>), id: 0 });
    expect([known.statusCode, withoutId(known.body)]).toEqual([unknown.statusCode, withoutId(unknown.body)]);
    expect(known.cookies.map((cookie) => cookie.name)).toEqual(unknown.cookies.map((cookie) => cookie.name));
    expect(
      await t.db.selectFrom('users').selectAll().where('id', '=', SEED.user.dark).executeTakeFirstOrThrow(),
    ).toEqual(before);
    expect(await saleOf(a)).toMatchObject({ user_id: null, email: 'DARK@example.com' });
    expect((await a.get(paths.getUser)).json()).toEqual({ user: null });
  });

  test('a session signed in to the account (it proved the email) gets the sale on its account', async () => {
    const buyer = await reservedVisitor(t, express);
    expect((await proveEmail(t, buyer, 'dark@example.com')).json()).toEqual({ has_account: true });
    expect((await buyer.post(calls.setAccountDetails.path, details('dark@example.com', 'Dana Dark'))).statusCode).toBe(
      200,
    );
    expect(await saleOf(buyer)).toMatchObject({ user_id: SEED.user.dark, email: 'dark@example.com' });
  });
});

describe('the account takeover through express checkout is refused', () => {
  test("the victim's earlier tickets, her later tickets and her saved card stay hers", async () => {
    // The victim bought tickets as a guest; she has no account.
    const email = newEmail('victim');
    const victim = await guestVisitor(t, email, 'Vic Victim');
    const earlier = await paid(victim);
    const earlierCodes = await ticketCodes(earlier.id);
    expect(earlierCodes.length).toBeGreaterThan(0);

    // The attacker reserves an express ticket and gives her email.
    const attacker = await reservedVisitor(t, express);
    expect((await attacker.post(calls.setAccountDetails.path, details(email))).statusCode).toBe(200);
    expect((await attacker.get(paths.getUser)).json()).toEqual({ user: null });
    const account = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const wallet = (await attacker.get('/account/wallet/')).body;
    for (const code of earlierCodes) {
      expect(wallet).not.toContain(code);
      expect((await attacker.get(`/account/wallet/qr/${code}.svg`)).statusCode).toBe(404);
    }
    // The attacker's own express purchase is in the attacker's wallet, as a guest's paid order.
    const own = await paid(attacker);
    const ownCodes = await ticketCodes(own.id);
    const ownWallet = (await attacker.get('/account/wallet/')).body;
    for (const code of ownCodes) expect(ownWallet).toContain(code);
    for (const code of earlierCodes) expect(ownWallet).not.toContain(code);

    // The victim signs in by code later (her account now exists), buys again and saves a card.
    const later = await reservedVisitor(t);
    expect((await proveEmail(t, later, email)).json()).toEqual({ has_account: true });
    const laterSale = await paid(later);
    const laterCodes = await ticketCodes(laterSale.id);
    await t.db
      .insertInto('user_payment_methods')
      .values({
        user_id: account.id,
        provider: 'stripe',
        provider_ref: 'pm_victim_visa',
        card_type: 'visa',
        last4: '4242',
        expiry: '12/30',
        is_default: true,
        created_at: t.clock.now(),
      })
      .execute();
    const herWallet = (await later.get('/account/wallet/')).body;
    for (const code of [...earlierCodes, ...laterCodes]) expect(herWallet).toContain(code);

    // The attacker's session sees none of it and cannot pay with her card.
    const after = (await attacker.get('/account/wallet/')).body;
    for (const code of [...earlierCodes, ...laterCodes]) expect(after).not.toContain(code);
    expect((await attacker.get(paths.getUser)).json()).toEqual({ user: null });
    for (const line of summerWeekend) expect((await attacker.post(paths.addToBasket, line)).statusCode).toBe(200);
    expect((await attacker.post(paths.reserve)).json().reserved).toBe(true);
    // Named on the sale with an email the attacker does prove: the refusal below is about the card, not the buyer.
    const ownEmail = newEmail('attacker');
    expect((await proveEmail(t, attacker, ownEmail)).json()).toEqual({ has_account: false });
    expect(
      (await attacker.post(calls.saveGuestToSale.path, { email: ownEmail, fullname: 'Eve Attacker' })).statusCode,
    ).toBe(200);
    expect((await attacker.get(calls.getCheckout.path)).json().saved_payment_methods).toEqual([]);
    const pay = await attacker.post(calls.payWithInstalment.path, {
      instalment_option: 3,
      contact_number: '07700 900123',
      selected_payment_method_id: 'pm_victim_visa',
      idempotency_key: `attack-${n}-0123456789abcdef`,
    });
    expect(pay.statusCode).toBe(400);
    expect(pay.json().error).toBe(instalmentMessages.unknownSavedCard);
    expect(
      await t.db.selectFrom('payment_plans').select('id').where('payment_method_ref', '=', 'pm_victim_visa').execute(),
    ).toEqual([]);
  });
});
