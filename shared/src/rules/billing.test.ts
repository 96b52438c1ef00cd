import {
  billingCountry,
  billingCountryClue,
  billingPostcodeError,
  defaultBillingCountry,
  languageRegion,
  type BillingCountryClues,
} from './billing';
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

const GERMANY = 77;
const noClues: BillingCountryClues = {
  deliveryCountry: null,
  savedCountry: null,
  currencyCode: null,
  organiserCountry: null,
};

test.each<[string, Partial<BillingCountryClues>, number | null]>([
  [
    'the delivery address given in this sale first',
    { deliveryCountry: GERMANY, savedCountry: USA, currencyCode: 'GBP' },
    GERMANY,
  ],
  ['then the saved address', { savedCountry: USA, currencyCode: 'GBP' }, USA],
  ['then pounds: the UK', { currencyCode: 'GBP' }, UK],
  ['dollars: the USA', { currencyCode: 'usd' }, USA],
  ['euros: the organiser’s country when known', { currencyCode: 'EUR', organiserCountry: FRANCE }, FRANCE],
  ['euros of an organiser with no known country: no clue', { currencyCode: 'EUR' }, null],
  ['another currency: no clue', { currencyCode: 'CHF' }, null],
  ['nothing known', {}, null],
])('billing country clue: %s', (_name, clues, country) => {
  expect(billingCountryClue({ ...noClues, ...clues })).toBe(country);
});

test.each([
  ['en-US', 'US'],
  ['en-GB', 'GB'],
  ['de-DE', 'DE'],
  ['de', null],
  ['zh-Hant-TW', 'TW'],
  ['es-419', null],
  ['en_us', 'US'],
  ['', null],
  [null, null],
] as const)('the region of the language %j is %j', (tag, region) => {
  expect(languageRegion(tag)).toBe(region);
});

const offered = [
  { id: UK, name: 'United Kingdom', code: 'GB' },
  { id: USA, name: 'United States', code: 'US' },
  { id: GERMANY, name: 'Germany', code: 'DE' },
];
test.each<[string, number | null, string | null, number]>([
  ['the sale’s clue wins over the browser', GERMANY, 'en-US', GERMANY],
  ['no clue: the browser’s region', null, 'en-US', USA],
  ['no clue: a German browser', null, 'de-DE', GERMANY],
  ['a language without a region: the UK', null, 'de', UK],
  ['a region the form does not offer: the UK', null, 'fr-FR', UK],
  ['a clue the form does not offer: the browser’s region', 999, 'de-DE', GERMANY],
  ['nothing at all: the UK', null, null, UK],
])('default billing country: %s', (_name, clue, language, country) => {
  expect(defaultBillingCountry(clue, language, offered)).toBe(country);
});
