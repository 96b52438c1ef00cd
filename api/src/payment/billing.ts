import { type AddressRecord, type BillingAddress, billingCountry, billingPostcodeError } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/payment';
import { COUNTRY_ROWS } from '../address/countries';
import type { DbOrTx } from '../db/schema';
import { HttpError } from '../http/errors';

const UK = 1;
const COUNTRY_IDS = new Set(COUNTRY_ROWS.map((row) => row[0]));

/**
 * Can a card provider check this billing address? The country (the UK when unstated) must exist and the postcode suit
 * it by the shared rule: the UK postcode shape, a US ZIP code of 5 or 9 digits, free text anywhere else.
 */
export function usableBillingAddress(address: BillingAddress): boolean {
  const country = billingCountry(address.country);
  if (!COUNTRY_IDS.has(country)) return false;
  return billingPostcodeError(address.postcode, country) === null;
}

export function assertUsableBillingAddress(address: BillingAddress): void {
  if (!usableBillingAddress(address))
    throw new HttpError(400, messages.addressNotFound, { address: messages.addressNotFound });
}

/** Stores the sale's billing address (one per sale, replaced) and answers the address record the call returns. */
export async function saveBillingAddress(
  db: DbOrTx,
  saleId: number,
  address: BillingAddress,
  names: { first_name: string; last_name: string },
  now: Date,
): Promise<AddressRecord> {
  const values = {
    first_name: address.first_name || names.first_name,
    last_name: address.last_name || names.last_name,
    address_1: address.address_1 || null,
    address_2: address.address_2 || null,
    town: address.town || null,
    postcode: address.postcode.trim().toUpperCase(),
    country_code: typeof address.country === 'number' ? address.country : UK,
    state: typeof address.state === 'number' ? String(address.state) : null,
    updated_at: now,
  };
  const row = await db
    .insertInto('sale_billing_addresses')
    .values({ sale_id: saleId, ...values })
    .onConflict((oc) => oc.column('sale_id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    town: row.town,
    address_1: row.address_1,
    address_2: row.address_2,
    postcode: row.postcode,
    state: row.state === null ? null : Number(row.state),
    country_code: row.country_code,
  };
}
