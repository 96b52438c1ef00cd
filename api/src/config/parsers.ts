import * as z from 'zod/mini';

// zod/mini rather than zod: the full build installs its English messages globally when imported, and the api's
// validation sentences (http/validation.ts) are built from zod/mini's bare issues.
type Ctx = z.core.ParsePayload;

/** Records a refusal of the value; its message, prefixed with the variable's name, is the start-up's. */
function refuse(ctx: Ctx, message: string): never {
  ctx.issues.push({ code: 'custom', message, input: ctx.value });
  return z.NEVER;
}

/**
 * The value types the api's environment variables come in. Each takes the raw string (or nothing) and answers the typed
 * value; a blank value counts as unset, as it always has (compose files and .env write `NAME=` for "not set"). A value
 * that is not of the type is an issue whose message, prefixed with the variable's name, is the start-up's refusal.
 */
const raw = z.optional(z.string());

/** The raw value, handed to `parse`. */
function rawTo<T>(parse: (value: string | undefined, ctx: Ctx) => T) {
  return z.pipe(raw, z.transform(parse));
}

const blank = (value: string | undefined): value is undefined => value === undefined || value.trim() === '';

/** Free text, trimmed; unset or blank: undefined. */
export function text() {
  return rawTo((value) => (blank(value) ? undefined : value.trim()));
}

/** Free text with a default for unset or blank. */
export function textOr(fallback: string) {
  return rawTo((value) => (blank(value) ? fallback : value.trim()));
}

function wholeMessage(min: number): string {
  if (min === 1) return 'must be a positive whole number';
  if (min === 0) return 'must be a whole number';
  return `must be a whole number of at least ${min}`;
}

function parseWhole(value: string, min: number, max: number | undefined, ctx: Ctx, note = ''): number {
  const number = Number(value.trim());
  if (
    !/^\s*-?\d+\s*$/.test(value) ||
    !Number.isSafeInteger(number) ||
    number < min ||
    (max !== undefined && number > max)
  ) {
    const range = max === undefined ? wholeMessage(min) : `must be a whole number from ${min} to ${max}`;
    return refuse(ctx, `${range}${note}, got '${value}'`);
  }
  return number;
}

interface WholeOptions {
  /** Smallest value allowed (default 1). */
  min?: number;
  max?: number;
  /** Said after the rule in the refusal, e.g. ' of milliseconds (0: no limit)'. */
  note?: string;
}

/** A whole number with a default: `min` 1 (a positive count or duration) unless said. */
export function whole(fallback: number, { min = 1, max, note }: WholeOptions = {}) {
  return rawTo((value, ctx) => (blank(value) ? fallback : parseWhole(value, min, max, ctx, note)));
}

/** A whole number whose default is decided elsewhere (undefined when unset). */
export function optionalWhole({ min = 1, max, note }: WholeOptions = {}) {
  return rawTo((value, ctx) => (blank(value) ? undefined : parseWhole(value, min, max, ctx, note)));
}

function parseSwitch(value: string, ctx: Ctx): boolean {
  const lower = value.trim().toLowerCase();
  if (lower === '1' || lower === 'true') return true;
  if (lower === '0' || lower === 'false') return false;
  return refuse(ctx, `must be 1 or 0, got '${value}'`);
}

/**
 * A switch: 1 or true on, 0 or false off (any case); unset or blank: undefined, for a default the caller decides from
 * another variable (NODE_ENV). Anything else is refused rather than guessed at.
 */
export function switchOf() {
  return rawTo((value, ctx) => (blank(value) ? undefined : parseSwitch(value, ctx)));
}

/** A switch with a fixed default. */
export function switchOr(fallback: boolean) {
  return rawTo((value, ctx) => (blank(value) ? fallback : parseSwitch(value, ctx)));
}

function parseHttpUrl(value: string, ctx: Ctx): string {
  const trimmed = value.trim();
  let protocol = '';
  try {
    protocol = new URL(trimmed).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    return refuse(ctx, `must be an http(s) URL, got '${value}'`);
  }
  return trimmed.replace(/\/+$/, '');
}

/** An http(s) URL, trimmed and without trailing slashes; unset or blank: undefined. */
export function httpUrl() {
  return rawTo((value, ctx) => (blank(value) ? undefined : parseHttpUrl(value, ctx)));
}

/** An http(s) URL with a default. */
export function httpUrlOr(fallback: string) {
  return rawTo((value, ctx) => (blank(value) ? fallback : parseHttpUrl(value, ctx)));
}

/** A comma-separated list, each entry trimmed, empty entries dropped; unset: []. */
export function list() {
  return rawTo((value) =>
    (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );
}

/** One of a few words; unset or blank: `fallback`. */
export function oneOf<const T extends readonly [string, ...string[]]>(choices: T, fallback: T[number]) {
  return rawTo((value, ctx): T[number] => {
    if (blank(value)) return fallback;
    const trimmed = value.trim();
    const found = choices.find((choice) => choice === trimmed);
    if (found === undefined) {
      return refuse(ctx, `must be ${choices.join(' or ')}, got '${value}'`);
    }
    return found;
  });
}

/**
 * A value with its own syntax, parsed by `parse` (undefined for unset or blank is the parser's to decide); an Error it
 * throws becomes the refusal.
 */
export function parsedBy<T>(parse: (value: string | undefined) => T) {
  return rawTo((value, ctx): T => {
    try {
      return parse(value);
    } catch (error) {
      return refuse(ctx, error instanceof Error ? error.message : String(error));
    }
  });
}
