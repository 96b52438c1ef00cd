import * as z from 'zod/mini';
import { invalidPhone } from '../messages/payment';
import { PHONE_PATTERN, TEXT_LIMITS } from './constants';

/**
 * Field helpers for form-decoded input. The server decodes every body with qs.parse, so every value arrives as a
 * string; the page passes real numbers and booleans. Each helper accepts both and outputs the typed value, and rejects
 * garbage instead of coercing it ('abc' is not NaN, '1.5' is not a quantity, '' is not 0).
 */

const INT_TEXT = /^-?\d{1,15}$/;
/** A decimal amount with at most two decimals (pounds and pence). */
const MONEY_TEXT = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * A number (checked by `number`), or a trimmed string matching `pattern`, turned into a number. The number branch
 * carries the field's bounds as well as the output does: a schema's JSON Schema shows its input side (the text a
 * form sends cannot say "at most 12"), so this is where the OpenAPI document reads them from.
 */
function numeric(number: z.ZodMiniNumber<number>, pattern: RegExp) {
  return z.pipe(
    z.union([number, z.string().check(z.trim(), z.regex(pattern))]),
    z.transform((value: number | string) => (typeof value === 'number' ? value : Number(value))),
  );
}

function boundChecks(bounds: { min?: number; max?: number }) {
  const checks = [];
  if (bounds.min !== undefined) checks.push(z.minimum(bounds.min));
  if (bounds.max !== undefined) checks.push(z.maximum(bounds.max));
  return checks;
}

/** A whole number (optionally bounded). */
export function formInt(bounds: { min?: number; max?: number } = {}) {
  return z.pipe(numeric(z.int().check(...boundChecks(bounds)), INT_TEXT), z.int().check(...boundChecks(bounds)));
}

/** A quantity: a whole number of at least 0 (0 means remove), capped to keep arithmetic sane. */
export const formQuantity = formInt({ min: 0, max: 100_000 });

/**
 * The largest amount any field takes: a million in the currency. Amounts are kept in minor units in PostgreSQL
 * `integer` columns (at most 21,474,836.47), so a larger one could only end in an overflow, never in a price.
 */
export const MONEY_MAX = 1_000_000;

/** A money amount: a decimal of at least 0 (and at most MONEY_MAX) with at most two decimals. */
export function formMoney(bounds: { min?: number; max?: number } = {}) {
  const limits = { min: bounds.min ?? 0, max: Math.min(bounds.max ?? MONEY_MAX, MONEY_MAX) };
  return z.pipe(
    numeric(z.number().check(...boundChecks(limits)), MONEY_TEXT),
    z.number().check(
      ...boundChecks(limits),
      // The page passes numbers: 10.555 must fail like '10.555' does.
      z.refine((n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Use at most two decimals'),
    ),
  );
}

/** A boolean: true/false as values or as 'true'/'false'/'1'/'0' text. */
export const formBool = z.pipe(
  z.union([z.boolean(), z.literal(1), z.literal(0), z.enum(['true', 'false', '1', '0'])]),
  z.transform(
    (value: boolean | 0 | 1 | 'true' | 'false' | '1' | '0') =>
      value === true || value === 1 || value === 'true' || value === '1',
  ),
);

/** The largest id the database holds (PostgreSQL `integer` columns): a larger one cannot name anything. */
export const ID_MAX = 2_147_483_647;

/** A database id: a positive whole number the database's integer columns can hold (a larger one is a 400, not a 500). */
export const formId = formInt({ min: 1, max: ID_MAX });

/** Control characters other than tab and line breaks: no one types them, and PostgreSQL text cannot hold a NUL. */
// eslint-disable-next-line no-control-regex -- matching control characters is what this pattern is for
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const noControlCharacters = z.refine<string>((value) => !CONTROL_CHARACTERS.test(value), {
  error: 'must not contain control characters',
});

/** Trimmed, non-empty text of at most `max` characters. */
export function formText(max: number) {
  return z.string().check(z.trim(), z.minLength(1), z.maxLength(max), noControlCharacters);
}

/** Trimmed text that may be empty (optional inputs the page always sends), at most `max` characters. */
export function formOptionalText(max: number) {
  return z.string().check(z.trim(), z.maxLength(max), noControlCharacters);
}

export { TEXT_LIMITS };

/** An email address, trimmed and at most 320 characters. */
export const formEmail = z.string().check(z.trim(), z.maxLength(TEXT_LIMITS.email), z.email());

/** A person's name (first, last or full). */
export const formName = formText(TEXT_LIMITS.name);

/** Free text such as feedback or a gift message. */
export const formMessage = formText(TEXT_LIMITS.message);

const LIST_INDEX = /^\d{1,4}$/;

/**
 * A list sent as rows[0][x]=…: qs turns indexes above its arrayLimit (20) into an object keyed by index, and an empty
 * list is not sent at all, so accept both forms and a missing list.
 */
export function formList<T extends z.ZodMiniType>(item: T, bounds: { min?: number; max?: number } = {}) {
  // A transform first (zod's preprocess shape): the JSON Schema of a pipe that starts with one is its second half, so
  // the OpenAPI document shows the list of items with its bounds rather than "a list or an object of anything".
  return z.pipe(
    z.transform((value: unknown) => {
      if (value === undefined) return [];
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
      const keys = Object.keys(value);
      // Anything else is left for the list schema to refuse.
      if (!keys.every((key) => LIST_INDEX.test(key))) return value;
      const rows = value as Record<string, unknown>;
      return keys.sort((a, b) => Number(a) - Number(b)).map((key) => rows[key]);
    }),
    z.array(item).check(z.minLength(bounds.min ?? 0), z.maxLength(bounds.max ?? 500)),
  );
}

export { PHONE_PATTERN };

/**
 * A phone number by the spec's rule (trimmed, at most 40 characters): the page's isValidPhone, refused with the phone
 * field's own sentence.
 */
export const formPhone = z
  .string()
  .check(
    z.trim(),
    z.maxLength(TEXT_LIMITS.phone, { error: invalidPhone }),
    z.regex(PHONE_PATTERN, { error: invalidPhone }),
  );

/** A contact number that may be left empty (only baskets with has_require_phone_number need one). */
export const formOptionalPhone = z.optional(z.union([z.literal(''), formPhone]));

/** Form-decoded map of id -> yes/no (e.g. organiser_subscribed_marketing[12]=true); absent when empty. */
export const formIdFlags = z._default(z.record(z.string().check(z.regex(/^\d{1,15}$/)), formBool), {});

/** The request of a call that sends nothing. */
export const EmptyRequestSchema = z.object({});
