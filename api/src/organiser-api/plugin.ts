import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { validationError } from '../http/validation';
import { authenticateApiKey, type ApiKeyIdentity } from './keys';
import type { ApiKeyScope } from '../db/schema';
import type { Operation } from './operation';
import { registerOrganiserApiLimits } from './rate-limit/limiter';

export const ORGANISER_API_PREFIX = '/api/v1';

export const apiMessages = {
  noKey: "Send your organiser API key as 'Authorization: Bearer <key>'.",
  badKey: 'This API key is not valid, or it has been revoked.',
  readOnly: 'This API key can only read. Use a read-write key to change anything.',
  doorOnly: 'A door token can only check tickets in. Use an organiser API key for anything else.',
  badJson: 'The body is not valid JSON.',
  jsonOnly: (type: string) => `The organiser API takes JSON bodies ('Content-Type: application/json'), not '${type}'.`,
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    organiserKey?: ApiKeyIdentity;
  }
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * The organiser API under /api/v1: JSON in and out, a key per organiser in the Authorization header (no session, no
 * cookies, so no XSRF: a browser never sends the key by itself). Each operation is registered from its declaration
 * (operation.ts) and runs scoped to the key's organiser.
 */
export async function registerOrganiserApi(
  app: FastifyInstance,
  deps: AppDeps,
  operations: readonly Operation[],
): Promise<void> {
  await app.register(
    async (api) => {
      api.removeAllContentTypeParsers();
      api.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
        const text = body as string;
        if (text.trim() === '') {
          done(null, undefined);
          return;
        }
        try {
          done(null, JSON.parse(text));
        } catch {
          done(new HttpError(400, apiMessages.badJson), undefined);
        }
      });
      api.addContentTypeParser('*', (request, _payload, done) => {
        done(new HttpError(415, apiMessages.jsonOnly(String(request.headers['content-type'] ?? ''))), undefined);
      });
      api.addHook('onSend', async (_request, reply, payload) => {
        void reply.header('cache-control', 'no-store');
        return payload;
      });
      const limits = await registerOrganiserApiLimits(api, deps);
      api.addHook('onRequest', async (request, reply) => {
        const key = bearerOf(request);
        const identity = key === undefined ? undefined : await authenticateApiKey(deps.db, key, deps.clock.now());
        if (!identity) {
          // Counted by address before the 401: past the limit, trying keys (or calling without one) is a 429.
          await limits.perAddressWithoutKey(request, reply);
          throw new HttpError(
            401,
            key === undefined ? apiMessages.noKey : apiMessages.badKey,
            undefined,
            'unauthorized',
          );
        }
        request.organiserKey = identity;
        await limits.perKey(request, reply);
      });
      for (const operation of operations) registerOperation(api, deps, operation);
    },
    { prefix: ORGANISER_API_PREFIX },
  );
}

/**
 * Which keys may call an operation of each scope: read operations any key but a door token, write operations
 * read-write keys, door operations (checking tickets in) door tokens and read-write keys.
 */
const ALLOWED_KEYS: Record<ApiKeyScope, readonly ApiKeyScope[]> = {
  read: ['read', 'write'],
  write: ['write'],
  door: ['door', 'write'],
};

function parse(schema: Operation['params'], input: unknown): unknown {
  if (!schema) return {};
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) throw validationError(parsed.error.issues, input ?? {});
  return parsed.data;
}

function registerOperation(api: FastifyInstance, deps: AppDeps, operation: Operation): void {
  api.route({
    method: operation.method,
    url: operation.path,
    config: { call: `v1.${operation.operationId}` },
    handler: async (request, reply) => {
      const identity = request.organiserKey;
      if (!identity) throw new HttpError(401, apiMessages.noKey, undefined, 'unauthorized');
      if (!ALLOWED_KEYS[operation.scope].includes(identity.scope))
        throw new HttpError(
          403,
          identity.scope === 'door' ? apiMessages.doorOnly : apiMessages.readOnly,
          undefined,
          'forbidden',
        );
      const result = await operation.handler({
        deps,
        organiserId: identity.organiserId,
        keyId: identity.keyId,
        scope: identity.scope,
        params: parse(operation.params, request.params),
        query: parse(operation.query, request.query),
        body: parse(operation.body, request.body),
        request,
        reply,
      });
      if (deps.config.checkResponses) {
        const check = operation.response.safeParse(result);
        if (!check.success) {
          throw new Error(
            `${operation.operationId} answered outside its schema: ${JSON.stringify(check.error.issues).slice(0, 2000)}`,
          );
        }
      }
      const status = operation.status ?? 200;
      if (status === 204) return reply.code(204).send();
      return reply.code(status).send(result);
    },
  });
}
