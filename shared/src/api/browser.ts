import type { RuntimeConfig } from '../step';
import {
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type HttpRequest,
  type HttpRequester,
  type HttpResponse,
} from './client';

/**
 * The page's HTTP client on the browser's own fetch (axios did the same for ≈ 20 KiB gz on the basket's critical path):
 * credentials always sent, the XSRF-TOKEN cookie copied into the X-XSRF-TOKEN header (also when apiBase is another
 * origin), no timeout, success for 200-299 only, JSON bodies parsed and anything else kept as text.
 */
export const BROWSER_HTTP = {
  credentials: 'include',
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  timeoutMs: 0,
  ok: (status: number) => status >= 200 && status < 300,
} as const;

/** A failed status, rejected with the response as axios did: the client reads `response.status` and `response.data`. */
export class HttpStatusError extends Error {
  constructor(readonly response: HttpResponse) {
    super(`Request failed with status code ${response.status}`);
    this.name = 'HttpStatusError';
  }
}

/** One cookie's value, decoded, from a `document.cookie` string. */
export function cookieValue(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/** The body as axios read it: JSON when it parses, otherwise the text itself. */
function bodyOf(text: string): unknown {
  if (text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface FetchRequesterOptions {
  fetch?: typeof fetch;
  /** The page's cookies (document.cookie), read at each request. */
  cookies?: () => string;
}

export function fetchRequester(
  config: Pick<RuntimeConfig, 'apiBase'>,
  options: FetchRequesterOptions = {},
): HttpRequester {
  const send = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const cookies = options.cookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie));
  return {
    async request(request: HttpRequest): Promise<HttpResponse> {
      const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
      const xsrf = cookieValue(cookies(), BROWSER_HTTP.xsrfCookieName);
      if (xsrf !== undefined) headers[BROWSER_HTTP.xsrfHeaderName] = xsrf;
      const response = await send(`${config.apiBase}${request.url}`, {
        method: request.method,
        credentials: BROWSER_HTTP.credentials,
        headers,
        ...(request.data === undefined ? {} : { body: request.data }),
      });
      const answer: HttpResponse = { status: response.status, data: bodyOf(await response.text()) };
      if (!BROWSER_HTTP.ok(answer.status)) throw new HttpStatusError(answer);
      return answer;
    },
  };
}

export function createBrowserApiClient(config: RuntimeConfig, options?: ApiClientOptions): ApiClient {
  return createApiClient(fetchRequester(config), options);
}
