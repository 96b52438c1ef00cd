import { donationFee, giftAidAddressRequired, type FeeRule } from '@checkout/shared';
import * as deliveryAddressMessages from '@checkout/shared/messages/delivery-address';
import * as sharedDonationMessages from '@checkout/shared/messages/donation';
import * as giftAidMessages from '@checkout/shared/messages/gift-aid';
import { toDecimal, toMinor } from '../catalogue/money';
import type { Clock } from '../platform/clock';
import type { Db } from '../db/schema';
import { HttpError } from '../http/errors';
import { assertReservedSale, lockReservedSale } from '../identity/checkout-sale';
import type { SessionHandle } from '../session/session';
import { basketOrganisers } from '../preferences/basket-organisers';
import { priceChanged } from '../sale/current';
import { donationMessages } from './messages';

/** The charity of an organiser in the sale's basket, with its fee rule, or undefined. */
async function basketCharity(db: Db, saleId: number, charityId: number) {
  const organisers = await basketOrganisers(db, saleId);
  if (!organisers.some((organiser) => organiser.charity_id === charityId)) return undefined;
  return db.selectFrom('charities').selectAll().where('id', '=', charityId).executeTakeFirst();
}

type CharityRow = NonNullable<Awaited<ReturnType<typeof basketCharity>>>;

/** The stored charity as the shared fee rule reads it (the page shows the same numbers). */
export function feeRuleOf(charity: CharityRow): FeeRule {
  return {
    base_fee: toDecimal(charity.base_fee_minor),
    booking_fee: charity.booking_fee_bp / 100,
    booking_fee_includes_vat: charity.booking_fee_includes_vat,
    booking_fee_vat: charity.booking_fee_vat_bp / 100,
    booking_fee_cap: charity.booking_fee_cap_minor === null ? null : toDecimal(charity.booking_fee_cap_minor),
  };
}

export interface SaveDonationInput {
  amount_before_booking_fee: number;
  charity_id: number;
}

/**
 * save_donation: the amount (at least 1, by the contract) to the charity of a basket organiser, its fee computed here
 * with the page's rule (shared/src/rules/donation.ts), both kept on the sale. A changed amount withdraws an earlier
 * Gift Aid declaration: whether it needs an address depends on the amount.
 */
export async function saveDonation(
  db: Db,
  clock: Clock,
  session: SessionHandle,
  input: SaveDonationInput,
): Promise<{ success: true }> {
  const now = clock.now();
  const sale = await assertReservedSale(db, session, now);
  const charity = await basketCharity(db, sale.id, input.charity_id);
  if (!charity)
    throw new HttpError(400, donationMessages.charityNotInBasket, { charity_id: donationMessages.charityNotInBasket });
  const amountMinor = toMinor(input.amount_before_booking_fee);
  const feeMinor = toMinor(donationFee(feeRuleOf(charity), input.amount_before_booking_fee));
  try {
    await db.transaction().execute(async (tx) => {
      const { sale: locked } = await lockReservedSale(tx, session, now);
      const amountChanged = locked.donation_minor !== amountMinor || locked.charity_id !== charity.id;
      if (amountChanged) await tx.deleteFrom('gift_aid_declarations').where('sale_id', '=', locked.id).execute();
      await tx
        .updateTable('sales')
        .set({
          charity_id: charity.id,
          donation_minor: amountMinor,
          donation_fee_minor: feeMinor,
          ...(amountChanged ? { is_gift_aid: false } : {}),
          updated_at: now,
        })
        .where('id', '=', locked.id)
        .execute();
      if (amountChanged || locked.donation_fee_minor !== feeMinor) await priceChanged(tx, locked.id, now);
    });
  } finally {
    session.forget();
  }
  return { success: true };
}

export interface UpdateDonationInput {
  is_gift_aid: boolean;
  subscribe: boolean;
  uk_based: boolean;
  address1?: string | undefined;
  postcode?: string | undefined;
}

/**
 * update_donation (Gift Aid): needs a saved donation to a charity that claims Gift Aid. Opting in at 20 or more needs
 * address line 1, plus the postcode for a UK resident (the shared rule). Opting out removes the declaration.
 */
export async function updateDonation(
  db: Db,
  clock: Clock,
  session: SessionHandle,
  input: UpdateDonationInput,
): Promise<{ success: true }> {
  const now = clock.now();
  const sale = await assertReservedSale(db, session, now);
  if (sale.donation_minor <= 0 || sale.charity_id === null)
    throw new HttpError(409, sharedDonationMessages.donationAmountRequired);
  const address1 = input.address1?.trim() || null;
  const typed = input.postcode?.trim() || null;
  const postcode = typed && input.uk_based ? typed.toUpperCase() : typed;
  if (input.is_gift_aid) {
    const charity = await db
      .selectFrom('charities')
      .select('gift_aid_enabled')
      .where('id', '=', sale.charity_id)
      .executeTakeFirst();
    if (!charity?.gift_aid_enabled) throw new HttpError(400, donationMessages.noGiftAid);
    const required = giftAidAddressRequired(toDecimal(sale.donation_minor), input.uk_based);
    const errors: Record<string, string> = {};
    if (required.address1 && !address1) errors.address1 = deliveryAddressMessages.addressLine1Required('your');
    if (required.postcode && !postcode) errors.postcode = deliveryAddressMessages.postcodeFieldRequired('your');
    const first = Object.values(errors)[0];
    if (first) throw new HttpError(400, first, errors);
  }
  try {
    await db.transaction().execute(async (tx) => {
      const { sale: locked } = await lockReservedSale(tx, session, now);
      if (locked.donation_minor !== sale.donation_minor) throw new HttpError(409, giftAidMessages.giftAidStatusProblem);
      await tx
        .updateTable('sales')
        .set({ is_gift_aid: input.is_gift_aid, updated_at: now })
        .where('id', '=', locked.id)
        .execute();
      if (locked.is_gift_aid !== input.is_gift_aid) await priceChanged(tx, locked.id, now);
      if (!input.is_gift_aid) {
        await tx.deleteFrom('gift_aid_declarations').where('sale_id', '=', locked.id).execute();
        return;
      }
      const declaration = {
        uk_based: input.uk_based,
        address1,
        postcode,
        subscribe: input.subscribe,
        declared_at: now,
      };
      await tx
        .insertInto('gift_aid_declarations')
        .values({ sale_id: locked.id, ...declaration })
        .onConflict((oc) => oc.column('sale_id').doUpdateSet(declaration))
        .execute();
    });
  } finally {
    session.forget();
  }
  return { success: true };
}
