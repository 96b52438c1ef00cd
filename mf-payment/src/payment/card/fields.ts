import { billingPostcodeError, COUNTRY } from '@checkout/shared';
import { copy } from '../../copy';

/** The sandbox card form (payment protocol: card number, expiry MM/YY, CVC, billing postcode and its country). */
export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
  postcode: string;
  /** The billing country's id, as the select holds it. */
  country: string;
}
export type CardField = keyof CardFields;
export type CardErrors = Partial<Record<CardField, string>>;

export const EMPTY_CARD: CardFields = { number: '', expiry: '', cvc: '', postcode: '', country: String(COUNTRY.UK) };

export const cardDigits = (number: string) => number.replace(/[\s-]/g, '');

/** MM/YY -> month and four-digit year; null when it is not one. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = expiry.trim().match(/^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/);
  if (!match?.[1] || !match[2]) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** Field-by-field check before anything is sent (the sandbox and the provider decide the rest). */
export function validateCard(fields: CardFields, { withPostcode = true } = {}): CardErrors {
  const errors: CardErrors = {};
  if (!/^\d{12,19}$/.test(cardDigits(fields.number))) errors.number = copy.card.numberInvalid;
  if (!parseExpiry(fields.expiry)) errors.expiry = copy.card.expiryInvalid;
  if (!/^\d{3,4}$/.test(fields.cvc.trim())) errors.cvc = copy.card.cvcInvalid;
  const postcode = withPostcode ? billingPostcodeError(fields.postcode, fields.country) : null;
  if (postcode) errors.postcode = postcode;
  return errors;
}
