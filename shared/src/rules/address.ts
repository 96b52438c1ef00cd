import { ADDRESS_LOOKUP_MINIMUM, COUNTRY } from '../contract/constants';
import * as deliveryAddressMessages from '../messages/delivery-address';
import type { AddressOwner } from '../messages/delivery-address';
import * as paymentMessages from '../messages/payment';
import { postcodeShapeError } from './billing';

/**
 * Address and delivery rules, shared by the page (messages beside each field) and the
 * server (the same checks before saving). Text fields count as empty when they hold only spaces.
 */

export const COUNTRY_UK = COUNTRY.UK;
export const COUNTRY_USA = COUNTRY.USA;

/** A delivery address as a form holds it (ids may still be text) or as the server decoded it (numbers). */
export interface AddressInput {
  /** A saved address id, 'new' for the form, or ''/undefined when nothing is chosen yet. */
  selected_user_address_id?: number | string | null;
  first_name?: string | null;
  last_name?: string | null;
  address_1?: string | null;
  address_2?: string | null;
  town?: string | null;
  postcode?: string | null;
  country?: number | string | null;
  state?: number | string | null;
}

export type AddressField = 'first_name' | 'last_name' | 'address_1' | 'town' | 'postcode' | 'country' | 'state';
/** Field -> message; `address` when no address is chosen at all. */
export type AddressErrors = Partial<Record<AddressField | 'address', string>>;

const filled = (value: string | number | null | undefined): boolean =>
  value !== null && value !== undefined && String(value).trim().length > 0;

/** The country as a number, or null when none is chosen. */
export function countryCode(value: number | string | null | undefined): number | null {
  if (!filled(value)) return null;
  const code = Number(value);
  return Number.isInteger(code) && code > 0 ? code : null;
}

/** Only the USA (code 2) asks for a state. */
export function stateRequired(country: number | string | null | undefined): boolean {
  return countryCode(country) === COUNTRY_USA;
}

/**
 * Valid when a saved address is chosen, or 'new' with first name, last name, address_1, town, postcode (of the UK or US
 * shape in those countries), country and, for the USA, state. The owner words the messages: 'your' address, or 'the recipients' one.
 */
export function addressErrors(
  address: AddressInput,
  options: { owner: AddressOwner } = { owner: 'your' },
): AddressErrors {
  const selected = address.selected_user_address_id;
  if (!filled(selected)) return { address: deliveryAddressMessages.completeAddress };
  if (selected !== 'new') return {};
  const { owner } = options;
  const errors: AddressErrors = {};
  if (!filled(address.first_name)) errors.first_name = deliveryAddressMessages.firstNameRequired(owner);
  if (!filled(address.last_name)) errors.last_name = deliveryAddressMessages.lastNameRequired(owner);
  if (!filled(address.address_1)) errors.address_1 = deliveryAddressMessages.addressLine1Required(owner);
  if (!filled(address.town)) errors.town = deliveryAddressMessages.townRequired(owner);
  const country = countryCode(address.country);
  if (!filled(address.postcode)) errors.postcode = deliveryAddressMessages.postcodeFieldRequired(owner);
  // The billing form's postcode rule: a UK delivery address needs a UK postcode, a US one a ZIP code.
  else if (country !== null) {
    const shape = postcodeShapeError(String(address.postcode).trim(), country);
    if (shape) errors.postcode = shape;
  }
  // The spec words no message for a missing country; the form always has one chosen, so this is the server's guard.
  if (country === null) errors.country = deliveryAddressMessages.completeAddress;
  else if (stateRequired(address.country) && !filled(address.state))
    errors.state = deliveryAddressMessages.stateRequired(owner);
  return errors;
}

export type GiftVoucherErrors = Partial<Record<'gift_voucher_from' | 'gift_voucher_to', string>>;

/** Gift voucher baskets need who the voucher is from and who it is for. */
export function giftVoucherErrors(from: string | null | undefined, to: string | null | undefined): GiftVoucherErrors {
  const errors: GiftVoucherErrors = {};
  if (!filled(from)) errors.gift_voucher_from = deliveryAddressMessages.giftVoucherFromRequired;
  if (!filled(to)) errors.gift_voucher_to = deliveryAddressMessages.giftVoucherToRequired;
  return errors;
}

/** Find is enabled from 3 characters (spaces around do not count). */
export function lookupEnabled(query: string): boolean {
  return query.trim().length >= ADDRESS_LOOKUP_MINIMUM;
}

/** The postcode-only billing form needs a non-empty postcode. */
export function postcodeOnlyErrors(postcode: string | null | undefined): Partial<Record<'postcode', string>> {
  return filled(postcode) ? {} : { postcode: paymentMessages.postcodeRequired };
}

/** True when an errors map has nothing in it. */
export function noErrors(errors: Partial<Record<string, string>>): boolean {
  return Object.values(errors).every((message) => !message);
}
