import type { AppEnv } from './env-schema';
import type { RateRule } from './rate-rule';

/** Address lookup: the bundled offline provider by default; a real one when its key is set. */
export interface AddressConfig {
  /** ADDRESS_LOOKUP_KEY: switches on the HTTP provider (Ideal Postcodes' API shape). */
  lookupKey: string | undefined;
  /** ADDRESS_LOOKUP_URL: the provider's base URL (tests point it at a local stub). */
  lookupUrl: string;
  /** Lookups from one client address (ADDRESS_LOOKUPS_PER_CLIENT per 15 minutes, default 100): each may cost money. */
  lookupsPerClient: RateRule;
}

export function loadAddressConfig(env: AppEnv): AddressConfig {
  return {
    lookupKey: env.ADDRESS_LOOKUP_KEY,
    lookupUrl: env.ADDRESS_LOOKUP_URL,
    lookupsPerClient: { limit: env.ADDRESS_LOOKUPS_PER_CLIENT, windowSeconds: 15 * 60 },
  };
}
