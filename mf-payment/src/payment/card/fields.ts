import { billingPostcodeError, COUNTRY } from '@checkout/shared';
import { copy } from '../copy';

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

/** Between month and year: a slash, a dash or a dot (with spaces or not), or spaces alone. */
const EXPIRY_SEPARATOR = /\s*[/.-]\s*|\s+/;

/**
 * The expiry as the buyer types it, shown as MM/YY: a phone's number keypad has no slash, so digits alone are enough
 * ("1230" is 12/30) and the slash is put in once the month is whole ("4" is 04/, since no month starts with 4). A
 * month typed with its separator keeps it ("1/" is 01/); up to four year digits are kept, for a pasted 12/2030.
 */
export function formatExpiry(typed: string): string {
  const trimmed = typed.trim();
  const [month, year, ...rest] = trimmed.split(EXPIRY_SEPARATOR);
  if (rest.length === 0 && year !== undefined && /^\d{1,2}$/.test(month ?? '') && /^\d{0,4}$/.test(year))
    return `${(month ?? '').padStart(2, '0')}/${year}`;
  const digits = trimmed.replace(/\D/g, '').slice(0, 6);
  if (digits.length === 1 && digits >= '2') return `0${digits}/`;
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** MM/YY (or 1230, 12 / 30, 12/2030) -> month and four-digit year; null when it is not one. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = formatExpiry(expiry).match(/^(\d{2})\/(\d{2}|\d{4})$/);
  if (!match?.[1] || !match[2]) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** The card with one field changed as typed: the expiry formatted as it goes (formatExpiry), the rest as they are. */
export function withCardField(card: CardFields, field: CardField, value: string): CardFields {
  return { ...card, [field]: field === 'expiry' ? formatExpiry(value) : value };
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
