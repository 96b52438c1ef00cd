/**
 * How a call failed, as plain data: errors cross remote boundaries, and each bundle has its own copy of any error
 * class, so callers check `isApiFailure` / `kind`, never `instanceof`.
 */
export interface ApiFailure {
  readonly kind: 'http' | 'network' | 'contract';
  /** The call's name in the registry, e.g. 'updateTicketQuantity'. */
  readonly call: string;
  /** HTTP status, for kind 'http'. */
  readonly status?: number;
  /** The sentence the page shows when this call fails; '' when the call fails silently (the page shows nothing). */
  readonly message: string;
  /** `error` of the server's ApiErrorBody, when it sent one. */
  readonly serverMessage?: string;
  /** `type` of the server's ApiErrorBody (e.g. 'one_time_code' or 'reserving' from check_one_time_code). */
  readonly errorType?: string;
  /** `errors` of the server's ApiErrorBody: field -> message. */
  readonly fieldErrors?: Readonly<Record<string, string>>;
  /** The response body as received (http and contract failures). */
  readonly body?: unknown;
}

const KINDS: ReadonlySet<unknown> = new Set(['http', 'network', 'contract']);

export function isApiFailure(value: unknown): value is ApiFailure {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, call, message } = value as Record<string, unknown>;
  return KINDS.has(kind) && typeof call === 'string' && typeof message === 'string';
}

/** What to show for a failure: the spec's message, else the server's, else ''. */
export function failureText(failure: ApiFailure): string {
  return failure.message || failure.serverMessage || '';
}
