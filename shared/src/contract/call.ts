import type * as z from 'zod/mini';

/**
 * One API call: where it lives, what it takes and what it answers. The page's API client and the server's routes are
 * both generated from these definitions, so the two can never drift apart.
 *
 * `request` parses the decoded form body (POST) or query string (GET): every field arrives as a string, so numbers and
 * booleans use the coercing helpers in `form-fields.ts`. `z.output<request>` is what the page passes in.
 */
export interface CallDef<Req extends z.ZodMiniType = z.ZodMiniType, Res extends z.ZodMiniType = z.ZodMiniType> {
  /** camelCase name after the path: update_ticket_quantity -> updateTicketQuantity. */
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: `/ajax/${string}`;
  readonly request: Req;
  readonly response: Res;
  /** The spec's error message (section 8) the page shows when this call fails; '' when the spec says it fails silently. */
  readonly failure: string;
}

export function defineCall<Req extends z.ZodMiniType, Res extends z.ZodMiniType>(
  def: CallDef<Req, Res>,
): CallDef<Req, Res> {
  return def;
}

export type CallRequest<C> = C extends CallDef<infer Req, z.ZodMiniType> ? z.output<Req> : never;
export type CallResponse<C> = C extends CallDef<z.ZodMiniType, infer Res> ? z.output<Res> : never;
