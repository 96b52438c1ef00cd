import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { clientGroupOf } from '../../http/client-group';
import { HttpError } from '../../http/errors';
import { rateKey } from '../../http/rate-limit';
import { databaseRateLimitStore } from './store';

export const rateLimitMessages = {
  key: (limit: number, window: string, seconds: number) =>
    `This API key has sent more than ${limit} requests ${window}. Wait ${seconds} seconds (Retry-After) and send the request again.`,
  address: (limit: number, window: string, seconds: number) =>
    `More than ${limit} requests ${window} came from your address without a valid API key. Wait ${seconds} seconds (Retry-After) and send the request again with your key.`,
} as const;

/** The window as the sentence says it: "a minute", "an hour", or "in 90 seconds". */
export function windowInWords(seconds: number): string {
  if (seconds === 60) return 'a minute';
  if (seconds === 3600) return 'an hour';
  return `in ${seconds} seconds`;
}

export interface OrganiserApiLimits {
  /** Counts a request of a valid key against that key; a 429 once it is over. */
  perKey(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts a request with no key or a bad one against its client address; a 429 once that is over. */
  perAddressWithoutKey(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * The organiser API's rate limits, by @fastify/rate-limit on a store in the database (store.ts), so the count is one
 * across every replica. A valid key is limited by its id, whatever address it calls from; a request without a valid key
 * by its client address as the app reads it (request.ip: TRUST_PROXY decides which X-Forwarded-For entry counts, so a
 * client cannot write its way to a new address; IPv6 by its /64, as one host usually has the whole prefix). Addresses
 * are stored hashed. Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (the IETF draft's
 * names); a refusal is a 429 with Retry-After and the API's error body. Registered inside the API's own scope.
 */
export async function registerOrganiserApiLimits(api: FastifyInstance, deps: AppDeps): Promise<OrganiserApiLimits> {
  const { perKey, perAddressWithoutKey, windowSeconds } = deps.config.apiRateLimits;
  const window = windowInWords(windowSeconds);
  await api.register(fastifyRateLimit, {
    // Only where called below: the hook order matters (a bad key is counted before its 401).
    global: false,
    store: databaseRateLimitStore(deps.db, deps.clock),
    enableDraftSpec: true,
    timeWindow: windowSeconds * 1000,
  });
  const retrySeconds = (ttl: number) => Math.max(1, Math.ceil(ttl / 1000));
  const byKey = api.rateLimit({
    max: perKey,
    keyGenerator: (request) => `api-key:${request.organiserKey?.keyId ?? 'none'}`,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        rateLimitMessages.key(context.max, window, retrySeconds(context.ttl)),
        undefined,
        'rate_limited',
      ),
  });
  const byAddress = api.rateLimit({
    max: perAddressWithoutKey,
    keyGenerator: (request) => rateKey('api-address', clientGroupOf(request.ip)),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        rateLimitMessages.address(context.max, window, retrySeconds(context.ttl)),
        undefined,
        'rate_limited',
      ),
  });
  return {
    async perKey(request, reply) {
      await byKey.call(api, request, reply);
    },
    async perAddressWithoutKey(request, reply) {
      await byAddress.call(api, request, reply);
    },
  };
}
