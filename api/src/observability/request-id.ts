import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a proxy or client sent is kept only when it is short and plain: it ends up in every log line and in error
 * answers, so anything that could forge a log line or carry markup is replaced by one of ours.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's genReqId: the incoming X-Request-Id when it is safe, else a fresh UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value !== undefined && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
}

/** The ApiErrorBody shape ({ error: sentence }); a provider sandbox's own error objects are left as the provider has them. */
const isErrorBody = (payload: unknown): payload is Record<string, unknown> & { error: string } =>
  typeof payload === 'object' &&
  payload !== null &&
  !Array.isArray(payload) &&
  typeof (payload as { error?: unknown }).error === 'string' &&
  !('request_id' in payload);

/**
 * Every answer carries the request's id in X-Request-Id, and every JSON error body (status 400 and above, ApiErrorBody's
 * `{ error }`) as `request_id`, so a buyer's report or a proxy's log leads to the server's log lines for it.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || !isErrorBody(payload)) return payload;
    return { ...payload, request_id: request.id };
  });
}
