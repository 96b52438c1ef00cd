import type * as z from 'zod/mini';

/**
 * One API call: where it lives, what it takes and what it answers. The page's API client and the server's routes are
 * both generated from these definitions, so the two can never drift apart.
 *
 * `request` parses the decoded form body (POST) or query string (GET): every field arrives as a string, so numbers and
 * booleans use the coercing helpers in `form-fields.ts`. `z.output<request>` is what the page passes in.
 *
 * The name, method, path and failure are plain data, there from the start (the page needs them to send a call). The
 * two schemas are built the first time they are read, then kept: the page never reads a request schema and reads a
 * response schema only when that call first answers, so starting the page builds none of the calls' schemas.
 */
export interface CallDef<Req extends z.ZodMiniType = z.ZodMiniType, Res extends z.ZodMiniType = z.ZodMiniType> {
  /** camelCase name after the path: update_ticket_quantity -> updateTicketQuantity. */
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: `/ajax/${string}`;
  readonly request: Req;
  readonly response: Res;
  /** The error message the page shows when this call fails; '' when it fails silently: the page shows nothing. */
  readonly failure: string;
}

/** What a call is declared with: its schemas as functions that build them, called once, on first use. */
export interface CallDeclaration<Req extends z.ZodMiniType, Res extends z.ZodMiniType> extends Omit<
  CallDef<Req, Res>,
  'request' | 'response'
> {
  readonly request: () => Req;
  readonly response: () => Res;
}

/** `build` run on the first call only; later calls answer the same value. */
export function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

export function defineCall<Req extends z.ZodMiniType, Res extends z.ZodMiniType>(
  declaration: CallDeclaration<Req, Res>,
): CallDef<Req, Res> {
  const request = once(declaration.request);
  const response = once(declaration.response);
  return {
    name: declaration.name,
    method: declaration.method,
    path: declaration.path,
    failure: declaration.failure,
    get request() {
      return request();
    },
    get response() {
      return response();
    },
  };
}

export type CallRequest<C> = C extends CallDef<infer Req, z.ZodMiniType> ? z.output<Req> : never;
export type CallResponse<C> = C extends CallDef<z.ZodMiniType, infer Res> ? z.output<Res> : never;
