/**
 * The address sentences (validation, failures): the delivery address step's, and the address fields the Gift Aid step
 * shares with it. Parameterised sentences are functions.
 */

/** Whose address a field belongs to: the buyer's own, or a gift recipient's. */
export type AddressOwner = 'your' | 'the recipients';
export const deliveryAddressFailed = 'Unable to set the delivery Address. Please try again later';
export const giftVoucherFromRequired = 'Who is the gift voucher from?';
export const giftVoucherToRequired = 'Who is the gift voucher for?';
export const firstNameRequired = (owner: AddressOwner = 'your') => `Please type ${owner} first name`;
export const lastNameRequired = (owner: AddressOwner = 'your') => `Please type ${owner} last name`;
export const addressLine1Required = (owner: AddressOwner = 'your') => `Please type ${owner} first line of address`;
export const townRequired = (owner: AddressOwner = 'your') => `Please type ${owner} town/city`;
export const postcodeFieldRequired = (owner: AddressOwner = 'your') => `Please type ${owner} postcode`;
export const stateRequired = (owner: AddressOwner = 'your') => `Please type ${owner} state`;
export const completeAddress = 'Please complete your address';
