/**
 * Our own words on this step: labels, buttons and notes the spec does not word. The spec's sentences (errors,
 * validation messages, field hints, titles) come from @checkout/shared/messages/<step>; nothing here repeats one of them.
 * One module per step, so that a step's chunk carries its own words and no other step's.
 */
export const copy = {
  title: 'Delivery Address',
  why: (what: 'tickets' | 'vouchers' | 'both') =>
    what === 'vouchers'
      ? 'Gift vouchers are sent by post, so we need the address to send them to.'
      : what === 'both'
        ? 'Your order is sent by post, so we need the address to send it to.'
        : 'Your tickets are sent by post, so we need the address to send them to.',
  savedLegend: 'Deliver to',
  newAddress: 'A new address',
  deleteAddress: (name: string) => `Delete the address of ${name}`,
  delete: 'Delete',
  deleteFailed: 'Unable to delete the address. Please try again later',
  lookupLabel: 'Find an address by postcode or street',
  find: 'Find',
  lookupResults: 'Addresses found',
  noResults: 'No addresses found. Please type the address below.',
  useAddress: 'Use this address',
  firstName: 'First name',
  lastName: 'Last name',
  address1: 'Address line 1',
  address2: 'Address line 2',
  town: 'Town/City',
  postcode: 'Postcode',
  country: 'Country',
  state: 'State',
  choose: 'Choose…',
  voucherLegend: 'Gift voucher',
  voucherFrom: 'Who is it from?',
  voucherTo: 'Who is it for?',
  continue: 'Continue',
} as const;
