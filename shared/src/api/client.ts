import type { CallDef, CallRequest, CallResponse } from '../contract/call';
import { calls, type CallName, type Calls } from '../contract/calls';
import { ApiErrorBodySchema } from '../contract/errors';
import type { ApiFailure } from './failure';
import { encodeForm, type FormValue } from './form';

export { isApiFailure, failureText, type ApiFailure } from './failure';

/** A response that does not match its schema, handed to error reporting (Sentry when configured). */
export interface ContractProblem {
  call: string;
  issues: unknown;
  body: unknown;
}

export interface ApiClientOptions {
  report?: (problem: ContractProblem) => void;
}

/** Calls that send nothing may be invoked without an argument. */
type ClientMethod<C> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the empty object is the point: does {} satisfy the request?
  {} extends CallRequest<C>
    ? (payload?: CallRequest<C>) => Promise<CallResponse<C>>
    : (payload: CallRequest<C>) => Promise<CallResponse<C>>;

/** One function per call of the registry, named as in `calls`. */
export type ApiClient = { readonly [K in CallName]: ClientMethod<Calls[K]> };

/** What the client sends: a path (with its query) and, for POST, the form-encoded body. */
export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  data?: string;
  headers?: Record<string, string>;
}

export interface HttpResponse {
  status: number;
  data: unknown;
}

/**
 * The transport (browser.ts: fetch with the spec's settings; tests: a fake). It resolves for 2xx and rejects otherwise,
 * the failure carrying `response` when the server answered (none for a network failure).
 */
export interface HttpRequester {
  request(request: HttpRequest): Promise<HttpResponse>;
}

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

interface HttpLikeError {
  response?: HttpResponse;
}

function httpFailure(call: CallDef, error: unknown): ApiFailure {
  const response = (error as HttpLikeError | null)?.response;
  if (!response) return { kind: 'network', call: call.name, message: call.failure };
  const parsed = ApiErrorBodySchema.safeParse(response.data);
  return {
    kind: 'http',
    call: call.name,
    status: response.status,
    message: call.failure,
    body: response.data,
    ...(parsed.success
      ? {
          serverMessage: parsed.data.error,
          ...(parsed.data.type === undefined ? {} : { errorType: parsed.data.type }),
          ...(parsed.data.errors === undefined ? {} : { fieldErrors: parsed.data.errors }),
        }
      : {}),
  };
}

/** Sends one call: POST bodies and GET queries are both qs-encoded, the way the server decodes them. */
async function invoke(
  http: HttpRequester,
  call: CallDef,
  payload: Record<string, FormValue>,
  options: ApiClientOptions,
): Promise<unknown> {
  const encoded = encodeForm(payload);
  let data: unknown;
  try {
    const response =
      call.method === 'GET'
        ? await http.request({ method: 'GET', url: encoded ? `${call.path}?${encoded}` : call.path })
        : await http.request({
            method: 'POST',
            url: call.path,
            data: encoded,
            headers: { 'Content-Type': FORM_CONTENT_TYPE },
          });
    data = response.data;
  } catch (error) {
    throw httpFailure(call, error);
  }
  const parsed = call.response.safeParse(data);
  if (parsed.success) return parsed.data;
  options.report?.({ call: call.name, issues: parsed.error.issues, body: data });
  const failure: ApiFailure = { kind: 'contract', call: call.name, message: call.failure, body: data };
  throw failure;
}

export function createApiClient(http: HttpRequester, options: ApiClientOptions = {}): ApiClient {
  const client: Record<string, (payload?: Record<string, FormValue>) => Promise<unknown>> = {};
  for (const [name, call] of Object.entries(calls) as [CallName, CallDef][]) {
    client[name] = (payload = {}) => invoke(http, call, payload, options);
  }
  // The loop above builds exactly the mapped type: one method per registry entry.
  return client as unknown as ApiClient;
}
