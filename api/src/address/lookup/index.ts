import type { AddressConfig } from '../../config/address';
import { idealPostcodesLookup } from './ideal-postcodes';
import { offlineLookup } from './offline';
import type { AddressLookupProvider } from './provider';

export type { AddressLookupProvider } from './provider';

/** The real provider when its key is set, else the bundled offline one. */
export function createAddressLookup(config: AddressConfig): AddressLookupProvider {
  return config.lookupKey
    ? idealPostcodesLookup({ baseUrl: config.lookupUrl, apiKey: config.lookupKey })
    : offlineLookup();
}
