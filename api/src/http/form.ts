import qs from 'qs';
import { isCleanEncodedText } from './clean-text';
import { HttpError } from './errors';
import { serverMessages } from './server-messages';

/**
 * How form bodies and query strings are decoded: the page encodes with qs bracket notation (shared/src/api/form.ts).
 * Limits keep a hostile body from costing much: 5 levels deep, list indexes up to 20 (beyond that qs keeps an
 * object keyed by index, which the contract's formList accepts), 1000 fields.
 */
export const QS_LIMITS = { depth: 5, arrayLimit: 20, parameterLimit: 1000 } as const;

/**
 * Indexes are kept as object keys, never turned into arrays: qs compacts sparse arrays, so an id-keyed map such as
 * organiser_subscribed_marketing[7]=true would lose its ids (it became ['true']). Lists arrive as objects keyed by
 * index, which the contract's formList accepts.
 */
const KEEP_KEYS = { parseArrays: false } as const;

/** Decodes a form-encoded body; a body past the limits is refused rather than silently cut short. */
export function parseFormBody(body: string): Record<string, unknown> {
  if (body.length === 0) return {};
  let fields = 1;
  for (let i = body.indexOf('&'); i !== -1; i = body.indexOf('&', i + 1)) fields += 1;
  if (fields > QS_LIMITS.parameterLimit) throw new HttpError(413, serverMessages.tooManyFields);
  // qs leaves an escape that is not UTF-8 (%FF) as literal text: refused here, where the escapes are still visible.
  if (!isCleanEncodedText(body)) throw new HttpError(400, serverMessages.forbiddenText);
  try {
    return qs.parse(body, { ...QS_LIMITS, ...KEEP_KEYS, strictDepth: true, allowPrototypes: false, charset: 'utf-8' });
  } catch (error) {
    if (error instanceof RangeError) throw new HttpError(400, serverMessages.tooDeep);
    throw new HttpError(400, serverMessages.malformedRequest);
  }
}

/** Query strings (GET): same notation; never throws (extra depth stays as a plain key, which no schema reads). */
export function parseQueryString(query: string): Record<string, unknown> {
  return qs.parse(query, { ...QS_LIMITS, ...KEEP_KEYS, allowPrototypes: false });
}
