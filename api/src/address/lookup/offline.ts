import type { AddressLookupResult } from '@checkout/shared';
import { compactPostcode, MAX_RESULTS, UK_POSTCODE_START, type AddressLookupProvider } from './provider';
import { UK_ADDRESSES, type UkAddress } from './uk-addresses';

function toResult(address: UkAddress): AddressLookupResult {
  return {
    formatted_address: address.line1,
    address_line_2: address.line2,
    town: address.town,
    post_code: address.postcode,
  };
}

/**
 * The default provider: answers from the bundled addresses, by postcode (whole or its start: 'BN2 1TL', 'bn21tl',
 * 'BN2') or by words that all appear in the address ('marine parade brighton').
 */
export function offlineLookup(addresses: readonly UkAddress[] = UK_ADDRESSES): AddressLookupProvider {
  return {
    name: 'offline',
    async lookup(query) {
      const compact = compactPostcode(query);
      const byPostcode = UK_POSTCODE_START.test(compact);
      const words = query
        .toLowerCase()
        .split(/[\s,]+/)
        .filter(Boolean);
      const matches = addresses.filter((address) => {
        if (byPostcode && compactPostcode(address.postcode).startsWith(compact)) return true;
        const text = [address.line1, address.line2, address.town, address.postcode].join(' ').toLowerCase();
        return words.length > 0 && words.every((word) => text.includes(word));
      });
      return matches.slice(0, MAX_RESULTS).map(toResult);
    },
  };
}
