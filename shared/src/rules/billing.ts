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

/** What the buyer already told us that points to a billing country (each null when unknown). */
export interface BillingCountryClues {
  /** The country of the delivery address given in this sale. */
  deliveryCountry: number | null;
  /** The country of the signed-in buyer's saved address (the latest). */
  savedCountry: number | null;
  /** The basket's currency code, e.g. 'GBP'. */
  currencyCode: string | null;
  /** The organiser's country, when known (it names the country of a euro basket). */
  organiserCountry: number | null;
}

/**
 * The billing country the server can tell from the sale, or null: in order, the delivery address given in this sale,
 * the signed-in buyer's saved address, then the basket currency's country (pounds the UK, dollars the USA, euros the
 * organiser's country when known). The page falls back on the browser's language region (defaultBillingCountry).
 */
export function billingCountryClue(clues: BillingCountryClues): number | null {
  if (clues.deliveryCountry !== null) return clues.deliveryCountry;
  if (clues.savedCountry !== null) return clues.savedCountry;
  const currency = clues.currencyCode?.trim().toUpperCase();
  if (currency === 'GBP') return COUNTRY.UK;
  if (currency === 'USD') return COUNTRY.USA;
  if (currency === 'EUR') return clues.organiserCountry;
  return null;
}

/** The region of a browser language tag ('en-US' -> 'US', 'de' -> null), as ISO 3166-1 alpha-2. */
export function languageRegion(tag: string | null | undefined): string | null {
  const region = (tag ?? '')
    .split(/[-_]/)
    .slice(1)
    .find((part) => /^[A-Za-z]{2}$/.test(part));
  return region ? region.toUpperCase() : null;
}

/**
 * The billing forms' first country: the server's clue from the sale, else the browser's language region (a country
 * the form offers), else the UK. The buyer can always change it.
 */
export function defaultBillingCountry(
  clue: number | null | undefined,
  browserLanguage: string | null | undefined,
  countries: readonly { id: number; code?: string | undefined }[],
): number {
  if (clue !== null && clue !== undefined && countries.some((country) => country.id === clue)) return clue;
  const region = languageRegion(browserLanguage);
  const byRegion = region === null ? undefined : countries.find((country) => country.code === region);
  return byRegion?.id ?? COUNTRY.UK;
}
