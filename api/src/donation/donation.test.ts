import { donationFee } from '@checkout/shared';
import * as commonMessages from '@checkout/shared/messages/common';
import * as deliveryAddressMessages from '@checkout/shared/messages/delivery-address';
import * as sharedDonationMessages from '@checkout/shared/messages/donation';
import { accountPaths, accountSnapshot, reservedVisitor } from '../testing/identity';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { feeRuleOf } from './donation';
import { donationMessages } from './messages';

/**
 * Donation and Gift Aid: the fee is computed on the server with the page's rule, stored with the sale and
 * reflected in the checkout; Gift Aid's address rules at 20 or more.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const gala = [{ ticket_id: SEED.ticket.galaAdult, quantity: 1 }];
const charity = SEED.charity.lifeboat;

async function charityBasket(): Promise<Visitor> {
  return reservedVisitor(t, gala);
}

async function checkout(visitor: Visitor) {
  return (await visitor.get(paths.get)).json();
}

async function saleOf(visitor: Visitor) {
  const reference = (await checkout(visitor)).sale_reference as string;
  return t.db.selectFrom('sales').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
}

describe('save_donation', () => {
  test('stores the amount and the fee the server computes; the checkout shows both and the total includes them', async () => {
    const visitor = await charityBasket();
    const before = await checkout(visitor);
    expect(before.charity).toMatchObject({
      id: charity,
      base_fee: 0.2,
      booking_fee: 1.5,
      booking_fee_includes_vat: true,
      booking_fee_vat: 20,
      booking_fee_cap: 5,
    });

    const response = await visitor.post(accountPaths.saveDonation, {
      amount_before_booking_fee: 10,
      charity_id: charity,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const after = await checkout(visitor);
    // (0.20 + 1.5 % of 10) = 0.35, plus 20 % VAT = 0.42
    expect(after.donation).toEqual({ amount_before_booking_fee: 10, booking_fee: 0.42, is_gift_aid: false });
    expect(after.donation_amount).toBe(10.42);
    expect(after.is_gift_aid).toBe(false);
    expect(Math.round((after.basket_total - before.basket_total) * 100)).toBe(1042);
    expect(await saleOf(visitor)).toMatchObject({ charity_id: charity, donation_minor: 1000, donation_fee_minor: 42 });
  });

  test.each([
    ['with VAT, as seeded', {}, 10, 0.42],
    ['with VAT, capped at 5.00', {}, 500, 5],
    ['with VAT, a penny amount', {}, 1.01, 0.26],
    ['without VAT', { booking_fee_includes_vat: false }, 10, 0.35],
    ['without VAT, no cap', { booking_fee_includes_vat: false, booking_fee_cap_minor: null }, 1000, 15.2],
    ['no base fee', { base_fee_minor: 0, booking_fee_includes_vat: false }, 20, 0.3],
  ] as const)('the fee %s: %p on %p is %p (the shared rule)', async (_name, charityChange, amount, fee) => {
    const original = await t.db.selectFrom('charities').selectAll().where('id', '=', charity).executeTakeFirstOrThrow();
    if (Object.keys(charityChange).length > 0)
      await t.db.updateTable('charities').set(charityChange).where('id', '=', charity).execute();
    try {
      const visitor = await charityBasket();
      await visitor.post(accountPaths.saveDonation, { amount_before_booking_fee: amount, charity_id: charity });
      const changed = await t.db
        .selectFrom('charities')
        .selectAll()
        .where('id', '=', charity)
        .executeTakeFirstOrThrow();
      expect(donationFee(feeRuleOf(changed), amount)).toBe(fee);
      expect((await checkout(visitor)).donation).toMatchObject({ amount_before_booking_fee: amount, booking_fee: fee });
    } finally {
      const { id: _id, created_at: _created, ...restore } = original;
      await t.db.updateTable('charities').set(restore).where('id', '=', charity).execute();
    }
  });

  test("a charity that is not a basket organiser's is refused, and nothing changes", async () => {
    const visitor = await reservedVisitor(t);
    const before = await accountSnapshot(t);
    for (const charity_id of [charity, 999_999]) {
      const response = await visitor.post(accountPaths.saveDonation, { amount_before_booking_fee: 10, charity_id });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: donationMessages.charityNotInBasket,
        errors: { charity_id: donationMessages.charityNotInBasket },
        request_id: expect.any(String),
      });
    }
    expect(await accountSnapshot(t)).toBe(before);
  });

  test.each([['0.99'], ['0'], ['-5'], ['10.555'], ['ten'], ['']])(
    'an amount of %p is refused (minimum 1, pennies), and nothing changes',
    async (amount) => {
      const visitor = await charityBasket();
      const before = await accountSnapshot(t);
      const response = await visitor.post(
        accountPaths.saveDonation,
        `amount_before_booking_fee=${amount}&charity_id=${charity}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty('amount_before_booking_fee');
      expect(await accountSnapshot(t)).toBe(before);
    },
  );

  test("without a live reservation it is a 'reserving' refusal", async () => {
    const visitor = await charityBasket();
    t.clock.advance(16 * 60_000);
    const response = await visitor.post(accountPaths.saveDonation, {
      amount_before_booking_fee: 10,
      charity_id: charity,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: commonMessages.checkoutExpired,
      type: 'reserving',
      request_id: expect.any(String),
    });
  });
});

describe('update_donation (Gift Aid)', () => {
  const optIn = { is_gift_aid: true, subscribe: false, uk_based: true, address1: '', postcode: '' };

  test('needs a donation first', async () => {
    const visitor = await charityBasket();
    const response = await visitor.post(accountPaths.updateDonation, optIn);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(sharedDonationMessages.donationAmountRequired);
  });

  test('under 20 no address is needed; the checkout shows Gift Aid', async () => {
    const visitor = await charityBasket();
    await visitor.post(accountPaths.saveDonation, { amount_before_booking_fee: 19.99, charity_id: charity });
    const response = await visitor.post(accountPaths.updateDonation, optIn);
    expect(response.statusCode).toBe(200);
    const after = await checkout(visitor);
    expect(after.is_gift_aid).toBe(true);
    expect(after.donation.is_gift_aid).toBe(true);
    const sale = await saleOf(visitor);
    expect(
      await t.db.selectFrom('gift_aid_declarations').selectAll().where('sale_id', '=', sale.id).executeTakeFirst(),
    ).toMatchObject({
      uk_based: true,
      address1: null,
      postcode: null,
      subscribe: false,
    });
  });

  test('at 20 a UK taxpayer needs address line 1 and postcode; nothing changes until both are given', async () => {
    const visitor = await charityBasket();
    await visitor.post(accountPaths.saveDonation, { amount_before_booking_fee: 20, charity_id: charity });
    const before = await accountSnapshot(t);
    const neither = await visitor.post(accountPaths.updateDonation, optIn);
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toEqual({
      error: deliveryAddressMessages.addressLine1Required('your'),
      errors: {
        address1: deliveryAddressMessages.addressLine1Required('your'),
        postcode: deliveryAddressMessages.postcodeFieldRequired('your'),
      },
      request_id: expect.any(String),
    });
    const noPostcode = await visitor.post(accountPaths.updateDonation, {
      ...optIn,
      address1: '14 Marine Parade',
      postcode: '   ',
    });
    expect(noPostcode.json().errors).toEqual({ postcode: deliveryAddressMessages.postcodeFieldRequired('your') });
    expect(await accountSnapshot(t)).toBe(before);

    const both = await visitor.post(accountPaths.updateDonation, {
      ...optIn,
      subscribe: true,
      address1: ' 14 Marine Parade ',
      postcode: 'bn2 1tl',
    });
    expect(both.statusCode).toBe(200);
    const sale = await saleOf(visitor);
    expect(sale.is_gift_aid).toBe(true);
    expect(
      await t.db.selectFrom('gift_aid_declarations').selectAll().where('sale_id', '=', sale.id).executeTakeFirst(),
    ).toMatchObject({
      uk_based: true,
      address1: '14 Marine Parade',
      postcode: 'BN2 1TL',
      subscribe: true,
    });
  });

  test('at 20 an overseas taxpayer needs only address line 1', async () => {
    const visitor = await charityBasket();
    await visitor.post(accountPaths.saveDonation, { amount_before_booking_fee: 50, charity_id: charity });
    const none = await visitor.post(accountPaths.updateDonation, { ...optIn, uk_based: false });
    expect(none.json().errors).toEqual({ address1: deliveryAddressMessages.addressLine1Required('your') });
    const lineOnly = await visitor.post(accountPaths.updateDonation, {
      ...optIn,
      uk_based: false,
      address1: '1 Rue de Rivoli, Paris',
    });
    expect(lineOnly.statusCode).toBe(200);
  });

  test('opting out removes the declaration; a new amount withdraws Gift Aid too', async () => {
    const visitor = await charityBasket();
    await visitor.post(accountPaths.saveDonation, { amount_before_booking_fee: 5, charity_id: charity });
    await visitor.post(accountPaths.updateDonation, optIn);
    const sale = await saleOf(visitor);
    await visitor.post(accountPaths.updateDonation, { ...optIn, is_gift_aid: false });
    expect((await saleOf(visitor)).is_gift_aid).toBe(false);
    expect(
      await t.db
        .selectFrom('gift_aid_declarations')
        .select('sale_id')
        .where('sale_id', '=', sale.id)
        .executeTakeFirst(),
    ).toBeUndefined();

    await visitor.post(accountPaths.updateDonation, optIn);
    await visitor.post(accountPaths.saveDonation, { amount_before_booking_fee: 25, charity_id: charity });
    expect((await checkout(visitor)).is_gift_aid).toBe(false);
    expect(
      await t.db
        .selectFrom('gift_aid_declarations')
        .select('sale_id')
        .where('sale_id', '=', sale.id)
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  test('a charity that does not claim Gift Aid refuses it', async () => {
    await t.db.updateTable('charities').set({ gift_aid_enabled: false }).where('id', '=', charity).execute();
    try {
      const visitor = await charityBasket();
      await visitor.post(accountPaths.saveDonation, { amount_before_booking_fee: 5, charity_id: charity });
      const response = await visitor.post(accountPaths.updateDonation, optIn);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(donationMessages.noGiftAid);
      expect((await saleOf(visitor)).is_gift_aid).toBe(false);
    } finally {
      await t.db.updateTable('charities').set({ gift_aid_enabled: true }).where('id', '=', charity).execute();
    }
  });
});
