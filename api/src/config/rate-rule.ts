/** At most `limit` hits in any `windowSeconds` (approximately: see http/rate-limit.ts hitRateLimit). */
export interface RateRule {
  limit: number;
  windowSeconds: number;
}
