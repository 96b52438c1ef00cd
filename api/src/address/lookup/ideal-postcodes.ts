import type { AddressLookupResult } from '@checkout/shared';
import * as z from 'zod/mini';
import { compactPostcode, MAX_RESULTS, UK_POSTCODE, type AddressLookupProvider } from './provider';

/** The fields of an Ideal Postcodes address this checkout uses (its PAF records carry many more). */
const IdealAddressSchema = z.object({
  line_1: z.string(),
  line_2: z.optional(z.nullable(z.string())),
  line_3: z.optional(z.nullable(z.string())),
  post_town: z.string(),
  postcode: z.string(),
});
/** /v1/postcodes/{postcode} answers { result: [address] }; /v1/addresses?query= answers { result: { hits: [address] } }. */
const IdealResponseSchema = z.object({
  result: z.union([z.array(IdealAddressSchema), z.object({ hits: z.array(IdealAddressSchema) })]),
});

export interface IdealPostcodesOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Default IDEAL_POSTCODES_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** How long a lookup may take before it counts as failed (an empty list): the buyer is waiting on the address form. */
export const IDEAL_POSTCODES_TIMEOUT_MS = 5000;

/**
 * A real provider (Ideal Postcodes' HTTP API), switched on by ADDRESS_LOOKUP_KEY. A whole postcode is looked up as
 * one; anything else is an address search. An unknown postcode (404) is no result; any other failure throws, and the
 * caller answers an empty list (a failed lookup is silent: the page gets no addresses).
 */
export function idealPostcodesLookup({
  baseUrl,
  apiKey,
  fetch: fetchImpl = fetch,
  timeoutMs = IDEAL_POSTCODES_TIMEOUT_MS,
}: IdealPostcodesOptions): AddressLookupProvider {
  return {
    name: 'ideal-postcodes',
    async lookup(query) {
      const compact = compactPostcode(query);
      const key = `api_key=${encodeURIComponent(apiKey)}`;
      const url = UK_POSTCODE.test(compact)
        ? `${baseUrl}/v1/postcodes/${encodeURIComponent(compact)}?${key}`
        : `${baseUrl}/v1/addresses?query=${encodeURIComponent(query.trim())}&limit=${MAX_RESULTS}&${key}`;
      const response = await fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status === 404) return [];
      if (!response.ok) throw new Error(`The address lookup provider answered ${response.status}`);
      const body = IdealResponseSchema.parse(await response.json());
      const list = Array.isArray(body.result) ? body.result : body.result.hits;
      return list.slice(0, MAX_RESULTS).map((address): AddressLookupResult => ({
        formatted_address: address.line_1,
        address_line_2:
          [address.line_2, address.line_3].filter((line): line is string => !!line && line.trim() !== '').join(', ') ||
          null,
        town: address.post_town,
        post_code: address.postcode,
      }));
    },
  };
}
