import * as messages from '../messages/delivery-address';
import * as paymentMessages from '../messages/payment';
import {
  addressErrors,
  giftVoucherErrors,
  lookupEnabled,
  noErrors,
  postcodeOnlyErrors,
  stateRequired,
  type AddressInput,
} from './address';

const uk: AddressInput = {
  selected_user_address_id: 'new',
  first_name: 'Alex',
  last_name: 'Morgan',
  address_1: '1 Quay Street',
  address_2: '',
  town: 'Bristol',
  postcode: 'BS1 4QA',
  country: 1,
  state: '',
};

describe('addressErrors (address and delivery)', () => {
  test.each<[string, AddressInput, Record<string, string>]>([
    ['a complete UK address', uk, {}],
    ['a saved address needs nothing else', { selected_user_address_id: 7 }, {}],
    ['a saved address id as text', { selected_user_address_id: '7' }, {}],
    ['nothing chosen', { selected_user_address_id: '' }, { address: messages.completeAddress }],
    ['nothing chosen (undefined)', {}, { address: messages.completeAddress }],
    ['USA without a state', { ...uk, country: 2, postcode: '10001', state: '' }, { state: 'Please type your state' }],
    ['USA with a state', { ...uk, country: 2, postcode: '10001', state: 5 }, {}],
    ['USA as text with a state as text', { ...uk, country: '2', postcode: '10001-1234', state: '5' }, {}],
    [
      'a UK postcode of the wrong shape',
      { ...uk, postcode: 'XYZ' },
      { postcode: paymentMessages.billingUkPostcodeInvalid },
    ],
    ['a UK postcode in lower case without its space', { ...uk, postcode: 'bs14qa' }, {}],
    [
      'a UK postcode that is a ZIP code',
      { ...uk, postcode: '10001' },
      { postcode: paymentMessages.billingUkPostcodeInvalid },
    ],
    [
      'a US ZIP code of 4 digits',
      { ...uk, country: 2, postcode: '1000', state: 5 },
      { postcode: paymentMessages.billingZipInvalid },
    ],
    ['any other country takes any postcode', { ...uk, country: 77, postcode: 'D02 X285' }, {}],
    ['another country needs no state', { ...uk, country: 77, state: '' }, {}],
    ['no country', { ...uk, country: '' }, { country: messages.completeAddress }],
    ['line 2 is optional', { ...uk, address_2: undefined }, {}],
    [
      'an empty new address',
      { selected_user_address_id: 'new' },
      {
        first_name: 'Please type your first name',
        last_name: 'Please type your last name',
        address_1: 'Please type your first line of address',
        town: 'Please type your town/city',
        postcode: 'Please type your postcode',
        country: messages.completeAddress,
      },
    ],
    [
      'spaces are empty',
      { ...uk, first_name: '  ', town: ' ' },
      { first_name: 'Please type your first name', town: 'Please type your town/city' },
    ],
  ])('%s', (_name, address, errors) => {
    expect(addressErrors(address, { owner: 'your' })).toEqual(errors);
  });

  test("a recipient's address is worded for the recipient", () => {
    expect(
      addressErrors({ ...uk, first_name: '', country: 2, postcode: '10001' }, { owner: 'the recipients' }),
    ).toEqual({
      first_name: 'Please type the recipients first name',
      state: 'Please type the recipients state',
    });
  });

  test.each([
    [1, false],
    [2, true],
    ['2', true],
    ['', false],
    [null, false],
  ])('stateRequired(%j) -> %s', (country, required) => {
    expect(stateRequired(country)).toBe(required);
  });
});

describe('giftVoucherErrors', () => {
  test.each<[string | undefined, string | undefined, Record<string, string>]>([
    ['Sam', 'Jo', {}],
    ['', 'Jo', { gift_voucher_from: 'Who is the gift voucher from?' }],
    ['Sam', '  ', { gift_voucher_to: 'Who is the gift voucher for?' }],
    [
      undefined,
      undefined,
      { gift_voucher_from: 'Who is the gift voucher from?', gift_voucher_to: 'Who is the gift voucher for?' },
    ],
  ])('from %j, to %j', (from, to, errors) => {
    expect(giftVoucherErrors(from, to)).toEqual(errors);
  });
});

describe('lookupEnabled (at least 3 characters)', () => {
  test.each([
    ['BS1', true],
    ['BS1 4QA', true],
    ['BS', false],
    ['  BS  ', false],
    ['', false],
  ])('%j -> %s', (query, enabled) => {
    expect(lookupEnabled(query)).toBe(enabled);
  });
});

describe('postcodeOnlyErrors', () => {
  test.each<[string | null, Record<string, string>]>([
    ['BS1 4QA', {}],
    ['', { postcode: 'Type your postcode or zip code' }],
    ['   ', { postcode: 'Type your postcode or zip code' }],
    [null, { postcode: 'Type your postcode or zip code' }],
  ])('%j', (postcode, errors) => {
    expect(postcodeOnlyErrors(postcode)).toEqual(errors);
  });
});

test('noErrors', () => {
  expect(noErrors({})).toBe(true);
  expect(noErrors({ town: undefined })).toBe(true);
  expect(noErrors({ town: 'Please type your town/city' })).toBe(false);
});
