import type { AddressLookupResult } from '@checkout/shared';

/** Finds addresses for what the buyer typed (a postcode, or words of a street and town). */
export interface AddressLookupProvider {
  readonly name: string;
  lookup(query: string): Promise<AddressLookupResult[]>;
}

/** At most this many results go back to the page. */
export const MAX_RESULTS = 30;

/** 'bn2 1tl' -> 'BN21TL': postcodes compare without spaces, in capitals. */
export function compactPostcode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** A whole UK postcode (outward code, then the inward digit and two letters). */
export const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/;
/** The start of one: at least the area and district ('BN2', 'SW1A 1'). */
export const UK_POSTCODE_START = /^[A-Z]{1,2}\d[A-Z\d]?(\d[A-Z]{0,2})?$/;
