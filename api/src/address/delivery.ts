import { addressErrors, COUNTRY, giftVoucherErrors, type Address, type AddressOwner } from '@checkout/shared';
import type { Clock } from '../platform/clock';
import type { Db } from '../db/schema';
import { HttpError } from '../http/errors';
import { assertReservedSale, lockReservedSale } from '../identity/checkout-sale';
import type { SessionHandle } from '../session/session';
import { ownAddress } from './book';
import { addressMessages } from './messages';
import { countryName, usStateCode } from './places';

export interface SetDeliveryAddressInput {
  address: Address;
  gift_voucher_from?: string | undefined;
  gift_voucher_to?: string | undefined;
}

/** The address fields as stored (a saved one, or a new one checked below). */
interface AddressFields {
  first_name: string;
  last_name: string;
  address_1: string;
  address_2: string | null;
  town: string;
  postcode: string;
  country_code: number;
  state: string | null;
}

async function basketKinds(db: Db, saleId: number): Promise<{ tickets: number; vouchers: number }> {
  const lines = await db
    .selectFrom('sale_lines')
    .select(['ticket_type_id', 'gift_voucher_id'])
    .where('sale_id', '=', saleId)
    .execute();
  return {
    tickets: lines.filter((line) => line.ticket_type_id !== null).length,
    vouchers: lines.filter((line) => line.gift_voucher_id !== null).length,
  };
}

function refuse(errors: Record<string, string | undefined>): never {
  const clean = Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => !!entry[1]));
  throw new HttpError(400, Object.values(clean)[0] ?? addressMessages.notYourAddress, clean);
}

/** A new address checked with the page's rule (shared/src/rules/address.ts), its country and US state resolved. */
function newAddressFields(address: Address, owner: AddressOwner, voucherErrors: Record<string, string>): AddressFields {
  const errors: Record<string, string | undefined> = { ...addressErrors(address, { owner }), ...voucherErrors };
  const country = typeof address.country === 'number' ? address.country : null;
  if (!errors.country && (country === null || countryName(country) === undefined))
    errors.country = addressMessages.unknownCountry;
  const state = country === COUNTRY.USA && typeof address.state === 'number' ? usStateCode(address.state) : undefined;
  if (!errors.state && country === COUNTRY.USA && state === undefined) errors.state = addressMessages.unknownState;
  if (Object.values(errors).some(Boolean) || country === null) refuse(errors);
  return {
    first_name: address.first_name?.trim() ?? '',
    last_name: address.last_name?.trim() ?? '',
    address_1: address.address_1?.trim() ?? '',
    address_2: address.address_2?.trim() || null,
    town: address.town?.trim() ?? '',
    postcode: address.postcode?.trim() ?? '',
    country_code: country,
    state: state ?? null,
  };
}

/**
 * set_delivery_address: a saved address of the signed-in user, or a new one (every address field rule; the USA
 * needs a state). A new address of a signed-in user is also saved to their address book. Baskets with gift vouchers
 * need who they are from and for. The sale keeps a copy of the address as given.
 */
export async function setDeliveryAddress(
  db: Db,
  clock: Clock,
  session: SessionHandle,
  input: SetDeliveryAddressInput,
): Promise<{ success: true }> {
  const now = clock.now();
  const sale = await assertReservedSale(db, session, now);
  const userId = (await session.load())?.user_id ?? null;
  const kinds = await basketKinds(db, sale.id);
  const hasVouchers = kinds.vouchers > 0;
  // The messages name the recipient when the basket is gift vouchers alone (the page does the same).
  const owner: AddressOwner = hasVouchers && kinds.tickets === 0 ? 'the recipients' : 'your';
  const voucherErrors: Record<string, string> = hasVouchers
    ? { ...giftVoucherErrors(input.gift_voucher_from, input.gift_voucher_to) }
    : {};

  const selected = input.address.selected_user_address_id;
  let fields: AddressFields;
  let savedId: number | null = null;
  if (selected === 'new') {
    fields = newAddressFields(input.address, owner, voucherErrors);
  } else {
    const saved = userId === null ? undefined : await ownAddress(db, userId, selected);
    if (!saved) throw new HttpError(404, addressMessages.notYourAddress, { address: addressMessages.notYourAddress });
    if (Object.keys(voucherErrors).length > 0) refuse(voucherErrors);
    fields = saved;
    savedId = saved.id;
  }

  try {
    await db.transaction().execute(async (tx) => {
      const { sale: locked } = await lockReservedSale(tx, session, now);
      if (savedId === null && userId !== null) {
        const created = await tx
          .insertInto('user_addresses')
          .values({ user_id: userId, ...pick(fields), created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        savedId = created.id;
      }
      const copy = { user_address_id: savedId, ...pick(fields), updated_at: now };
      await tx
        .insertInto('sale_delivery_addresses')
        .values({ sale_id: locked.id, ...copy })
        .onConflict((oc) => oc.column('sale_id').doUpdateSet(copy))
        .execute();
      await tx
        .updateTable('sales')
        .set({
          delivery_address_id: savedId,
          gift_voucher_from: hasVouchers ? (input.gift_voucher_from?.trim() ?? null) : null,
          gift_voucher_to: hasVouchers ? (input.gift_voucher_to?.trim() ?? null) : null,
          updated_at: now,
        })
        .where('id', '=', locked.id)
        .execute();
    });
  } finally {
    session.forget();
  }
  return { success: true };
}

function pick(fields: AddressFields): AddressFields {
  const { first_name, last_name, address_1, address_2, town, postcode, country_code, state } = fields;
  return { first_name, last_name, address_1, address_2, town, postcode, country_code, state };
}
