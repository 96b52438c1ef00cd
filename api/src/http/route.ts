import { calls, type CallDef, type CallName, type Calls } from '@checkout/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { HttpError } from './errors';
import { serverMessages } from './server-messages';
import { validationError } from './validation';

export interface CallContext {
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A call's handler: the parsed request in, the response body (as sent on the wire) out. */
export type CallHandler<C> =
  C extends CallDef<infer Req, infer Res>
    ? (input: z.output<Req>, context: CallContext) => Promise<z.input<Res>>
    : never;

/** Handlers by call name; each domain provides some, the app merges them. */
export type CallHandlers = { [K in CallName]?: CallHandler<Calls[K]> };

export interface RouteOptions {
  /** Check each answer against the call's response schema (development and tests): a mismatch is a server bug. */
  checkResponses: boolean;
}

/**
 * Registers one call of the contract: method and path from its definition; the body (POST) or query (GET) parsed
 * with its request schema, a 400 naming the field when it does not fit; the handler's answer checked against the
 * response schema when asked.
 */
export function route<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  options: RouteOptions,
): void {
  const run = handler as (input: unknown, context: CallContext) => Promise<unknown>;
  app.route({
    method: call.method,
    url: call.path,
    // The page's wording for this call failing: the error handler answers it when the database is out of reach. The
    // call's name labels its metrics and error reports.
    config: { failure: call.failure, call: call.name },
    handler: async (request, reply) => {
      const input = call.method === 'GET' ? request.query : (request.body ?? {});
      const parsed = call.request.safeParse(input);
      if (!parsed.success) throw validationError(parsed.error.issues, input);
      const result = await run(parsed.data, { request, reply });
      if (options.checkResponses) {
        const check = call.response.safeParse(result);
        if (!check.success) {
          throw new Error(
            `${call.name} answered outside its contract: ${JSON.stringify(check.error.issues).slice(0, 2000)}`,
          );
        }
      }
      return result;
    },
  });
}

/**
 * Registers every call of the registry. A call no domain handles yet still validates its input (so a malformed
 * request gets its 400) and then answers 501 with { error }.
 */
export function registerCalls(app: FastifyInstance, handlers: CallHandlers, options: RouteOptions): void {
  for (const name of Object.keys(calls) as CallName[]) {
    const call: CallDef = calls[name];
    const handler = handlers[name] as CallHandler<CallDef> | undefined;
    route(
      app,
      call,
      handler ??
        (async () => {
          throw new HttpError(501, serverMessages.notAvailableYet);
        }),
      options,
    );
  }
}
