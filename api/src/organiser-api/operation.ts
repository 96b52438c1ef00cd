import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { ApiKeyScope } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';

/**
 * One operation of the organiser API, declared once: the route is registered from it (plugin.ts) and the OpenAPI
 * document is generated from it (openapi.ts), so the two cannot drift. Params, query and body are parsed with their
 * schemas before the handler runs (a 400 naming each field otherwise); the answer is checked against `response` in
 * development and tests.
 */
export interface Operation<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Under /api/v1, Fastify style: `/events/:id`. */
  path: string;
  operationId: string;
  /** A short sentence for the document's list of operations. */
  summary: string;
  description?: string;
  tag: string;
  /**
   * `write` needs a read-write key; `read` is open to read-only and read-write keys; `door` (checking tickets in) to
   * door tokens and read-write keys. A door token can call nothing else.
   */
  scope: ApiKeyScope;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** The success status: 200 unless said (201 for a creation, 204 when `response` is z.undefined()). */
  status?: 200 | 201 | 202 | 204;
  /** Request headers the handler reads itself (the document lists them; the handler checks them). */
  headers?: readonly { name: string; required: boolean; description: string }[];
  handler: (context: OperationContext<z.output<P>, z.output<Q>, z.output<B>>) => Promise<z.input<R>>;
}

export interface OperationContext<P, Q, B> {
  deps: AppDeps;
  /** The organiser the key belongs to: every query a handler makes is scoped to it. */
  organiserId: number;
  keyId: number;
  scope: ApiKeyScope;
  params: P;
  query: Q;
  body: B;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Keeps the operation's types (params, query, body and response flow into the handler). */
export function defineOperation<
  P extends z.ZodMiniType = z.ZodMiniObject<Record<string, never>>,
  Q extends z.ZodMiniType = z.ZodMiniObject<Record<string, never>>,
  B extends z.ZodMiniType = z.ZodMiniObject<Record<string, never>>,
  R extends z.ZodMiniType = z.ZodMiniType,
>(operation: Operation<P, Q, B, R>): Operation {
  return operation;
}

/** A path parameter that is a database id. */
export const idParam = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

export const notFound = (what: string): HttpError =>
  new HttpError(404, `There is no ${what} with that id.`, undefined, 'not_found');
export { refused } from '../http/errors';
