import { ONE_TIME_CODE_PATTERN } from '../contract/constants';

/**
 * The account step's rules, shared by the page and the server so both accept the same
 * input. Pure functions of text.
 */

/**
 * A standard address pattern: the same one zod's z.email() uses on the server (contract form-fields formEmail), so the
 * page never calls an address valid that the server then refuses.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The one-time code has 6 digits. */
export const ONE_TIME_CODE_LENGTH = 6;

export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= 320 && EMAIL_PATTERN.test(trimmed);
}

function nameParts(fullName: string): string[] {
  return fullName
    .trim()
    .split(/\s+/)
    .filter((part) => part.length > 0);
}

/** At least two space-separated parts: a first name and one or more last names. */
export function isValidFullName(fullName: string): boolean {
  return nameParts(fullName).length >= 2;
}

/**
 * 'Mary Ann Smith' -> first 'Mary', last 'Ann Smith': the spec asks for 'first and last name(s)', so everything after
 * the first part is the last name. A single part gives an empty last name (isValidFullName refuses it first).
 */
export function splitFullName(fullName: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = nameParts(fullName);
  return { first_name: first, last_name: rest.join(' ') };
}

/** What the code input keeps of what was typed or pasted: digits only, at most 6. */
export function normaliseCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, ONE_TIME_CODE_LENGTH);
}

/** Verify is enabled only for exactly 6 digits. */
export function isCompleteCode(code: string): boolean {
  return ONE_TIME_CODE_PATTERN.test(code);
}
