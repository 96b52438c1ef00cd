import type { AppEnv } from './env-schema';

/** How many organiser API requests are let through per window (organiser-api/rate-limit/limiter.ts). */
export interface ApiRateLimitConfig {
  /**
   * API_RATE_LIMIT_PER_KEY: requests per window for one valid key (door tokens included), default 600 a minute:
   * a full catalogue sync pages through hundreds of rows a call, and a busy door scans a ticket every second or two.
   */
  perKey: number;
  /**
   * API_RATE_LIMIT_PER_ADDRESS: requests per window from one client address that carry no key or one that is not
   * valid, default 30 a minute: enough for a person fixing a typo'd key, nothing for anyone trying keys.
   */
  perAddressWithoutKey: number;
  /** API_RATE_LIMIT_WINDOW_SECONDS: the window both limits count in, default 60. */
  windowSeconds: number;
}

export function loadApiRateLimitConfig(env: AppEnv): ApiRateLimitConfig {
  return {
    perKey: env.API_RATE_LIMIT_PER_KEY,
    perAddressWithoutKey: env.API_RATE_LIMIT_PER_ADDRESS,
    windowSeconds: env.API_RATE_LIMIT_WINDOW_SECONDS,
  };
}
