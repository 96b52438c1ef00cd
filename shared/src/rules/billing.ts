import { COUNTRY } from '../contract/constants';
import * as messages from '../messages/payment';

/**
 * The billing postcode a card provider can check, for every country (shared by the payment page's billing forms and
 * the server before it saves or charges): a UK postcode has the UK shape, a US ZIP code 5 digits or 5+4, any other
 * country's postcode is free text that must not be empty. No country chosen reads as the UK.
 */

const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/;
const US_ZIP = /^\d{5}(-?\d{4})?$/;

/** The chosen billing country as a number (the UK when none is chosen). */
export function billingCountry(country: number | string | null | undefined): number {
  const code = Number(country);
  return country !== null &&
    country !== undefined &&
    String(country).trim() !== '' &&
    Number.isInteger(code) &&
    code > 0
    ? code
    : COUNTRY.UK;
}

/** Null when the postcode suits the country, otherwise the sentence for the postcode field. */
export function billingPostcodeError(
  postcode: string | null | undefined,
  country?: number | string | null,
): string | null {
  const text = (postcode ?? '').trim();
  if (text === '') return messages.postcodeRequired;
  const code = billingCountry(country);
  if (code === COUNTRY.UK && !UK_POSTCODE.test(text.replace(/\s+/g, '').toUpperCase()))
    return messages.billingUkPostcodeInvalid;
  if (code === COUNTRY.USA && !US_ZIP.test(text.replace(/\s+/g, ''))) return messages.billingZipInvalid;
  return null;
}
