import { calls } from '@checkout/shared';
import * as paymentMessages from '@checkout/shared/messages/payment';
import { accountPaths, latestCode, proveEmail } from '../testing/identity';
import { CARDS, cardForm, freshTickets, key, payPaths, reservedBuyer } from '../payment/test-support';
import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { saleMessages } from './messages';
import { keepsBuyer, provesBuyer, stepAfterForgetting } from './move';
import { RECOVERY_COMPLETED_PATH } from './recovery';
import { buyerOf, freshTicketType, saleOf, salePaths as paths, stockOf } from '../testing/sale-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const link = (reference: string) => `/smartcheckout/?session=${encodeURIComponent(reference)}`;

let vouchers = 0;
/** A marketplace gift voucher code of £40 (no organiser: it pays for anything), fresh for each test. */
async function giftVoucher(): Promise<string> {
  vouchers += 1;
  const code = `MOVE-VOUCHER-${vouchers}`;
  await t.db
    .insertInto('codes')
    .values({ code, kind: 'gift_voucher', amount_minor: 4000, balance_minor: 4000, currency: 'GBP' })
    .execute();
  return code;
}

describe('the recovery link /smartcheckout/?session={sale_reference}', () => {
  test('restores an unpaid basket in another browser and sends it to the checkout', async () => {
    const first = await buyerOf(t, SEED.ticket.galaAdult, 2);
    await first.post(paths.code, { code: SEED.code.percent });
    const original = (await first.get(paths.get)).json();

    const second = await t.visitor();
    const response = await second.get(link(original.sale_reference));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/checkout/');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const restored = (await second.get(paths.get)).json();
    expect(restored).toMatchObject({
      sale_reference: original.sale_reference,
      basket_total: original.basket_total,
      discounts_applied: { SAVE10: 9 },
    });
    expect(restored.tickets).toEqual(original.tickets);
    // The second browser carries on: it can change and reserve the basket.
    expect((await second.post(paths.quantity, { ticket_id: SEED.ticket.galaAdult, quantity: 3 })).json()).toEqual({
      success: true,
    });
    expect((await second.post(paths.reserve)).json()).toMatchObject({
      reserved: true,
      sale_reference: original.sale_reference,
    });
  });

  test('a reserved basket keeps its reservation and clock; the reference is read without regard to case', async () => {
    const type = await freshTicketType(t, 5);
    const first = await buyerOf(t, type, 2);
    const { sale_reference: reference } = (await first.post(paths.reserve)).json();
    t.clock.advance(60_000);
    const second = await t.visitor();
    expect((await second.get(link(reference.toLowerCase()))).statusCode).toBe(302);
    expect((await second.get(paths.get)).json()).toMatchObject({ sale_reference: reference, seconds_remaining: 840 });
    expect(await stockOf(t, type)).toMatchObject({ held: 2, activeHolds: 2 });
  });

  test('a paid sale’s link shows a neutral page with nothing of the order, and attaches nothing', async () => {
    const first = await buyerOf(t, SEED.ticket.galaAdult, 1);
    const sale = await saleOf(t, first);
    await t.db
      .updateTable('sales')
      .set({ status: 'paid', email: 'buyer@example.com', full_name: 'Pat Buyer' })
      .where('id', '=', sale.id)
      .execute();
    const second = await t.visitor();
    const response = await second.get(link(sale.reference));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(RECOVERY_COMPLETED_PATH);
    expect((await second.get(paths.get)).json().sale_reference).toBeNull();
    const page = await second.get(RECOVERY_COMPLETED_PATH);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(saleMessages.recoveryCompleted);
    for (const secret of [sale.reference, 'buyer@example.com', 'Pat Buyer', 'Dinner ticket'])
      expect(page.body).not.toContain(secret);
  });

  test.each([
    ['an unknown reference', 'CT-ABCDEFGHJKLMNPQR'],
    ['a malformed reference', '1 OR 1=1'],
    ['no reference', ''],
    ['a repeated parameter', 'CT-ABCDEFGHJKLMNPQR&session=CT-ABCDEFGHJKLMNPQS'],
  ])('%s gets a friendly 404 page and changes nothing', async (_name, value) => {
    const visitor = await buyerOf(t, SEED.ticket.galaAdult, 1);
    const before = (await visitor.get(paths.get)).json().sale_reference;
    const response = await visitor.get(`/smartcheckout/?session=${value}`);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(saleMessages.recoveryNotFound);
    expect((await visitor.get(paths.get)).json().sale_reference).toBe(before);
  });

  test('Edit basket keeps the sale: its link still brings the basket, lines and all', async () => {
    const first = await buyerOf(t, SEED.ticket.galaAdult, 1);
    const { sale_reference: reference } = (await first.get(paths.get)).json();
    await first.post(paths.destroy);
    const second = await t.visitor();
    expect((await second.get(link(reference))).statusCode).toBe(302);
    expect((await second.get(paths.get)).json()).toMatchObject({
      sale_reference: reference,
      state: 'basket',
      tickets: [{ ticket_id: SEED.ticket.galaAdult, qty: 1 }],
    });
  });
});

describe('the recovery link moves the sale: only one browser holds it', () => {
  const pay = async (visitor: Visitor) => {
    const token = await visitor.post(payPaths.getToken, { idempotency_key: key() });
    expect(token.statusCode).toBe(200);
    return token.json<{ client_secret: string }>().client_secret;
  };
  const confirm = (visitor: Visitor, secret: string) => visitor.post(payPaths.confirm, cardForm(secret, CARDS.success));

  test('the session that made the sale lets go of it: an empty basket there, its changes touch a new sale', async () => {
    const type = await freshTickets(t, 5);
    const maker = await reservedBuyer(t, type, 2);
    const reference = (await maker.get(paths.get)).json().sale_reference as string;
    const opener = await t.visitor();
    expect((await opener.get(link(reference))).headers.location).toBe('/checkout/');
    expect((await maker.get(paths.get)).json()).toMatchObject({ sale_reference: null, tickets: [] });
    expect((await opener.get(paths.get)).json()).toMatchObject({ sale_reference: reference, seconds_remaining: 900 });
    // The old session's basket calls start a sale of its own; the moved one keeps its lines and holds.
    expect((await maker.post(paths.quantity, { ticket_id: type, quantity: 1 })).statusCode).toBe(409);
    expect((await maker.post(paths.add, { ticket_id: type, quantity: 1 })).json()).toEqual({ success: true });
    const mine = (await maker.get(paths.get)).json().sale_reference as string;
    expect(mine).not.toBe(reference);
    expect((await opener.get(paths.get)).json().tickets).toEqual([expect.objectContaining({ qty: 2 })]);
    expect(await stockOf(t, type)).toMatchObject({ held: 2, activeHolds: 2 });
    // A second tab of the session holding the sale opens the link again: nothing changes.
    expect((await opener.get(link(reference))).headers.location).toBe('/checkout/');
    expect((await opener.get(paths.get)).json()).toMatchObject({ sale_reference: reference });
  });

  test('the maker’s session sees nothing of a buyer who opened the link, proved her email and paid', async () => {
    const type = await freshTickets(t, 5);
    const attacker = await reservedBuyer(t, type, 2);
    const reference = (await attacker.get(paths.get)).json().sale_reference as string;
    const victim = await t.visitor();
    await victim.get(link(reference));
    expect((await proveEmail(t, victim, 'victim@example.com')).json()).toEqual({ has_account: false });
    expect(
      (await victim.post(accountPaths.saveGuest, { email: 'victim@example.com', fullname: 'Vic Tim' })).statusCode,
    ).toBe(200);
    expect((await confirm(victim, await pay(victim))).json()).toEqual({ status: 'succeeded' });
    expect((await victim.post(calls.deliverToBitticket.path)).json()).toEqual({ delivery_completed: true });
    const codes = await t.db
      .selectFrom('tickets as k')
      .innerJoin('sales as s', 's.id', 'k.sale_id')
      .select('k.code')
      .where('s.reference', '=', reference)
      .execute();
    expect(codes).toHaveLength(2);

    const seen = (await attacker.get(paths.get)).json();
    expect(seen).toMatchObject({
      sale_reference: null,
      init_guest_email: null,
      init_guest_full_name: null,
      payment_complete: false,
      can_transfer: false,
    });
    const wallet = await attacker.get('/account/wallet/');
    for (const { code } of codes) {
      expect(wallet.body).not.toContain(code);
      expect((await attacker.get(`/account/wallet/qr/${code}.svg`)).statusCode).toBe(404);
    }
    const transfer = await attacker.post(calls.setTransfers.path, {
      transfers: [{ ticket_id: type, name: 'Mal Lory', email: 'mal@example.com', qty: 2 }],
    });
    expect(transfer.statusCode).toBe(409);
    expect(
      await t.db.selectFrom('ticket_transfers').select('id').where('recipient_email', '=', 'mal@example.com').execute(),
    ).toEqual([]);
    // The link of a paid order opens nothing any more: a neutral page that leads to sign-in.
    const again = await attacker.get(link(reference));
    expect(again.headers.location).toBe(RECOVERY_COMPLETED_PATH);
    expect((await attacker.get(paths.get)).json().sale_reference).toBeNull();
    const page = await attacker.get(RECOVERY_COMPLETED_PATH);
    expect(page.body).toContain(`href="/signin/?next=%2Faccount%2Fwallet%2F"`);
    expect(page.body).toContain(saleMessages.recoverySignIn);
    // The buyer's own session keeps its order.
    expect((await victim.get(paths.get)).json()).toMatchObject({
      sale_reference: reference,
      payment_complete: true,
      init_guest_email: 'victim@example.com',
    });
    expect((await victim.get('/account/wallet/')).body).toContain(codes[0]?.code);
  });

  test('taken back before payment, the sale arrives without the buyer’s details', async () => {
    const type = await freshTickets(t, 5);
    const attacker = await reservedBuyer(t, type, 1);
    const reference = (await attacker.get(paths.get)).json().sale_reference as string;
    const victim = await t.visitor();
    await victim.get(link(reference));
    await proveEmail(t, victim, 'victim2@example.com');
    await victim.post(accountPaths.saveGuest, { email: 'victim2@example.com', fullname: 'Vic Tim' });
    await victim.post(paths.state, { state: 'payment', from: 'login' });
    expect((await victim.get(paths.get)).json()).toMatchObject({
      init_guest_email: 'victim2@example.com',
      state: 'payment',
    });

    await attacker.get(link(reference));
    const taken = (await attacker.get(paths.get)).json();
    expect(taken).toMatchObject({ sale_reference: reference, init_guest_email: null, state: 'reserve' });
    expect(
      await t.db
        .selectFrom('sales')
        .select(['email', 'full_name', 'user_id'])
        .where('reference', '=', reference)
        .executeTakeFirst(),
    ).toEqual({ email: null, full_name: null, user_id: null });
    expect((await victim.get(paths.get)).json().sale_reference).toBeNull();
  });

  test('taken back before payment, the sale arrives without her gift voucher, discount code or donation', async () => {
    const type = await freshTickets(t, 5);
    const attacker = await reservedBuyer(t, type, 1);
    const reference = (await attacker.get(paths.get)).json().sale_reference as string;
    const victim = await t.visitor();
    await victim.get(link(reference));
    await proveEmail(t, victim, 'victim3@example.com');
    await victim.post(accountPaths.saveGuest, { email: 'victim3@example.com', fullname: 'Vic Tim' });
    const code = await giftVoucher();
    expect((await victim.post(paths.code, { code })).json()).toMatchObject({ code_applied: true });
    const voucher = () =>
      t.db.selectFrom('codes').select(['balance_minor', 'uses']).where('code', '=', code).executeTakeFirstOrThrow();
    const balance = await voucher();
    expect((await victim.get(paths.get)).json().applied_codes).toHaveLength(1);

    await attacker.get(link(reference));
    expect((await attacker.get(paths.get)).json()).toMatchObject({ sale_reference: reference, applied_codes: [] });
    expect(
      await t.db
        .selectFrom('sale_codes as sc')
        .innerJoin('sales as s', 's.id', 'sc.sale_id')
        .select('sc.code_id')
        .where('s.reference', '=', reference)
        .execute(),
    ).toEqual([]);
    expect(await voucher()).toEqual(balance);
  });

  test('a sale naming nobody yet keeps its discount code in another browser, but not a gift voucher', async () => {
    const type = await freshTickets(t, 5);
    const first = await reservedBuyer(t, type, 1);
    expect((await first.post(paths.code, { code: await giftVoucher() })).json()).toMatchObject({ code_applied: true });
    expect((await first.get(paths.get)).json().applied_codes).toHaveLength(1);
    const reference = (await first.get(paths.get)).json().sale_reference as string;
    const second = await t.visitor();
    await second.get(link(reference));
    expect((await second.get(paths.get)).json()).toMatchObject({ sale_reference: reference, applied_codes: [] });

    const other = await buyerOf(t, SEED.ticket.galaAdult, 1);
    await other.post(paths.code, { code: SEED.code.percent });
    const otherReference = (await other.get(paths.get)).json().sale_reference as string;
    const third = await t.visitor();
    await third.get(link(otherReference));
    expect((await third.get(paths.get)).json().applied_codes).toEqual([
      expect.objectContaining({ code: SEED.code.percent }),
    ]);
  });

  test('the buyer named on the sale, proving her email in another browser, keeps her details', async () => {
    const type = await freshTickets(t, 5);
    const phone = await reservedBuyer(t, type, 1);
    const reference = (await phone.get(paths.get)).json().sale_reference as string;
    await proveEmail(t, phone, 'same@example.com');
    await phone.post(accountPaths.saveGuest, { email: 'same@example.com', fullname: 'Sam Same' });
    const laptop = await t.visitor();
    // The laptop proves the email on the sign-in page (no sale of its own to reserve), then opens the link.
    await laptop.post(accountPaths.sendCode, { email: 'same@example.com' });
    const code = await latestCode(t, 'same@example.com');
    expect((await laptop.post('/signin/verify', { email: 'same@example.com', code })).statusCode).toBe(200);
    await laptop.get(link(reference));
    expect((await laptop.get(paths.get)).json()).toMatchObject({
      sale_reference: reference,
      init_guest_email: 'same@example.com',
    });
  });

  test('opened while another browser is paying: that payment can no longer pay, the new holder pays once', async () => {
    const type = await freshTickets(t, 5);
    const first = await reservedBuyer(t, type, 1);
    const reference = (await first.get(paths.get)).json().sale_reference as string;
    const secret = await pay(first);
    const second = await t.visitor();
    await second.get(link(reference));
    const late = await confirm(first, secret);
    expect(late.statusCode).toBe(402);
    expect(late.json().error.message).toBe(paymentMessages.paymentCancelledBasketChanged);
    const sale = await t.db
      .selectFrom('sales')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(sale.status).toBe('reserved');
    expect(await t.db.selectFrom('payments').select('id').where('sale_id', '=', sale.id).execute()).toEqual([]);
    expect((await confirm(second, await pay(second))).json()).toEqual({ status: 'succeeded' });
    const payments = await t.db.selectFrom('payments').select('status').where('sale_id', '=', sale.id).execute();
    expect(payments).toEqual([{ status: 'paid' }]);
    expect((await first.get(paths.get)).json().sale_reference).toBeNull();
  });

  test('opened in several browsers at once while the maker changes the basket: exactly one session holds it', async () => {
    const type = await freshTickets(t, 20);
    const maker = await reservedBuyer(t, type, 1);
    const reference = (await maker.get(paths.get)).json().sale_reference as string;
    const openers = await Promise.all(Array.from({ length: 4 }, () => t.visitor()));
    const answers = await Promise.all([
      ...openers.map((opener) => opener.get(link(reference))),
      maker.post(paths.quantity, { ticket_id: type, quantity: 2 }),
    ]);
    for (const answer of answers) expect(answer.statusCode).toBeLessThan(500);
    const sale = await t.db
      .selectFrom('sales')
      .select(['id', 'session_id'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    const holders = await t.db.selectFrom('sessions').select('id').where('sale_id', '=', sale.id).execute();
    expect(holders).toEqual([{ id: sale.session_id }]);
    const seen = await Promise.all(
      [maker, ...openers].map(async (v) => (await v.get(paths.get)).json().sale_reference),
    );
    expect(seen.filter((ref) => ref === reference)).toHaveLength(1);
  });

  test('a refunded order’s link opens nothing either', async () => {
    const first = await buyerOf(t, SEED.ticket.galaAdult, 1);
    const sale = await saleOf(t, first);
    await t.db.updateTable('sales').set({ status: 'refunded' }).where('id', '=', sale.id).execute();
    const second = await t.visitor();
    expect((await second.get(link(sale.reference))).headers.location).toBe(RECOVERY_COMPLETED_PATH);
    expect(await t.db.selectFrom('sessions').select('id').where('sale_id', '=', sale.id).execute()).toHaveLength(1);
  });
});

describe('keepsBuyer', () => {
  test.each([
    ['no buyer named yet', { user_id: null, email: null }, { user_id: null, verified_email: null }, true],
    ['the same account', { user_id: 7, email: null }, { user_id: 7, verified_email: 'a@x.com' }, true],
    ['another account', { user_id: 7, email: null }, { user_id: 8, verified_email: null }, false],
    ['an account, visitor signed out', { user_id: 7, email: null }, { user_id: null, verified_email: null }, false],
    [
      'a guest, the same email proved',
      { user_id: null, email: 'A@x.com ' },
      { user_id: null, verified_email: 'a@x.com' },
      true,
    ],
    [
      'a guest, another email proved',
      { user_id: null, email: 'a@x.com' },
      { user_id: null, verified_email: 'b@x.com' },
      false,
    ],
    ['a guest, nothing proved', { user_id: null, email: 'a@x.com' }, { user_id: null, verified_email: null }, false],
  ])('%s', (_name, sale, visitor, expected) => {
    expect(keepsBuyer(sale, visitor)).toBe(expected);
  });
});

describe('provesBuyer: who takes the codes along', () => {
  test.each([
    [
      'no buyer named yet proves nothing',
      { user_id: null, email: null },
      { user_id: null, verified_email: null },
      false,
    ],
    ['the same account', { user_id: 7, email: null }, { user_id: 7, verified_email: null }, true],
    [
      'a guest, the same email proved',
      { user_id: null, email: 'a@x.com' },
      { user_id: null, verified_email: 'A@x.com' },
      true,
    ],
    ['a guest, nothing proved', { user_id: null, email: 'a@x.com' }, { user_id: null, verified_email: null }, false],
  ])('%s', (_name, sale, visitor, expected) => {
    expect(provesBuyer(sale, visitor)).toBe(expected);
  });
});

describe('stepAfterForgetting', () => {
  test.each([
    ['basket', 'basket'],
    ['reserve', 'reserve'],
    ['login', 'reserve'],
    ['delivery_address', 'reserve'],
    ['payment', 'reserve'],
    ['something unknown', 'something unknown'],
  ])('%s -> %s', (state, expected) => {
    expect(stepAfterForgetting(state)).toBe(expected);
  });
});
