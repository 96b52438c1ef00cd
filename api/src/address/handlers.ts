import type { AppDeps } from '../deps';
import type { CallHandlers } from '../http/route';
import { HttpError } from '../http/errors';
import { hitRateLimit, rateKey } from '../http/rate-limit';
import { deleteAddress, userAddresses } from './book';
import { setDeliveryAddress } from './delivery';
import { createAddressLookup, type AddressLookupProvider } from './lookup';
import { addressMessages } from './messages';
import { COUNTRIES, US_STATES } from './places';

export function addressHandlers(
  { db, clock, config }: AppDeps,
  lookup: AddressLookupProvider = createAddressLookup(config.address),
): CallHandlers {
  const everywhere = { countries: [...COUNTRIES], states: [...US_STATES] };
  return {
    getAddressAllCountriesStates: async () => everywhere,
    getUserAddresses: async (_input, { request }) => ({ existing_addresses: await userAddresses(db, request.session) }),
    lookupAddress: async ({ address }, { request }) => {
      const decision = await hitRateLimit(
        db,
        rateKey('address-lookup-client', request.ip),
        config.address.lookupsPerClient,
        clock.now(),
      );
      if (!decision.allowed) throw new HttpError(429, addressMessages.tooManyLookups);
      try {
        return { possible_addresses: await lookup.lookup(address) };
      } catch (error) {
        // The page treats a failed lookup as no result; the log says why.
        request.log.warn({ err: error, provider: lookup.name }, 'address lookup failed');
        return { possible_addresses: [] };
      }
    },
    deleteAddress: async ({ address_id }, { request }) => deleteAddress(db, clock, request.session, address_id),
    setDeliveryAddress: async (input, { request }) => setDeliveryAddress(db, clock, request.session, input),
  };
}
