import { billingCountry, billingPostcodeError } from './billing';
import * as messages from '../messages/payment';

const UK = 1;
const USA = 2;
const FRANCE = 79;

test.each([
  // postcode, country, error
  ['', UK, messages.postcodeRequired],
  ['   ', USA, messages.postcodeRequired],
  ['', FRANCE, messages.postcodeRequired],
  ['BS1 4QA', UK, null],
  ['bs14qa', UK, null],
  ['SW1A 1AA', UK, null],
  ['10001', UK, messages.billingUkPostcodeInvalid],
  ['BS1', UK, messages.billingUkPostcodeInvalid],
  ['10001', USA, null],
  ['10001-1234', USA, null],
  ['100011234', USA, null],
  [' 94103 ', USA, null],
  ['1000', USA, messages.billingZipInvalid],
  ['100012', USA, messages.billingZipInvalid],
  ['10001-12', USA, messages.billingZipInvalid],
  ['BS1 4QA', USA, messages.billingZipInvalid],
  ['75001', FRANCE, null],
  ['D02 X285', FRANCE, null],
  ['BS1 4QA', undefined, null],
  ['10001', '', messages.billingUkPostcodeInvalid],
  ['10001', '2', null],
] as const)('billing postcode %j in country %j -> %j', (postcode, country, error) => {
  expect(billingPostcodeError(postcode, country)).toBe(error);
});

test.each([
  [undefined, UK],
  [null, UK],
  ['', UK],
  ['2', USA],
  [73, 73],
  ['x', UK],
] as const)('billing country %j reads as %j', (value, code) => {
  expect(billingCountry(value)).toBe(code);
});
