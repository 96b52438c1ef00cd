import { envCount } from '../identity/config';
import type { RateRule } from '../http/rate-limit';

/** Address lookup: the bundled offline provider by default; a real one when its key is set. */
export interface AddressConfig {
  /** ADDRESS_LOOKUP_KEY: switches on the HTTP provider (Ideal Postcodes' API shape). */
  lookupKey: string | undefined;
  /** ADDRESS_LOOKUP_URL: the provider's base URL (tests point it at a local stub). */
  lookupUrl: string;
  /** Lookups from one client address (ADDRESS_LOOKUPS_PER_CLIENT per 15 minutes, default 100): each may cost money. */
  lookupsPerClient: RateRule;
}

type Env = Record<string, string | undefined>;

export function loadAddressConfig(env: Env): AddressConfig {
  return {
    lookupKey: env.ADDRESS_LOOKUP_KEY?.trim() || undefined,
    lookupUrl: (env.ADDRESS_LOOKUP_URL?.trim() || 'https://api.ideal-postcodes.co.uk').replace(/\/+$/, ''),
    lookupsPerClient: { limit: envCount(env, 'ADDRESS_LOOKUPS_PER_CLIENT', 100), windowSeconds: 15 * 60 },
  };
}
