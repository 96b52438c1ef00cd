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

/**
 * Null when a typed postcode has its country's shape (a UK postcode, a US ZIP code; any text elsewhere), otherwise the
 * sentence for the postcode field. An empty postcode is each form's own message, so it is not judged here.
 */
export function postcodeShapeError(postcode: string, country: number): string | null {
  const compact = postcode.replace(/\s+/g, '');
  if (country === COUNTRY.UK && !UK_POSTCODE.test(compact.toUpperCase())) return messages.billingUkPostcodeInvalid;
  if (country === COUNTRY.USA && !US_ZIP.test(compact)) return messages.billingZipInvalid;
  return null;
}

/** Null when the postcode suits the country, otherwise the sentence for the postcode field. */
export function billingPostcodeError(
  postcode: string | null | undefined,
  country?: number | string | null,
): string | null {
  const text = (postcode ?? '').trim();
  if (text === '') return messages.postcodeRequired;
  return postcodeShapeError(text, billingCountry(country));
}
