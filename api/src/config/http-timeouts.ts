import type { FastifyServerOptions } from 'fastify';
import type { AppEnv } from './env-schema';

/**
 * How long a client may take over a request. Without these a client that sends its headers, or its body, a byte at a
 * time holds a socket (and memory) for as long as it likes: Fastify turns Node's whole-request timeout off.
 *
 * Behind the compose proxy a request reaches the api whole and at once (nginx reads the body itself first, with its
 * own 10 s limits between reads), so these only cut clients that reach the api directly; they are still well above
 * what the proxy allows, so a request the proxy is waiting on is never cut here first. Only receiving the request is
 * timed: a slow answer, or the waiting room's live stream, is not.
 */
export interface HttpTimeouts {
  /** HTTP_HEADERS_TIMEOUT_MS: from the connection or request start until the headers are in (default 20 s). */
  headersMs: number;
  /** HTTP_REQUEST_TIMEOUT_MS: until the whole request, body included, is in (default 30 s); a 408 and the socket closed. */
  requestMs: number;
  /**
   * HTTP_KEEP_ALIVE_TIMEOUT_MS: how long an idle kept-alive connection stays open (default 72 s). Above the 60 s idle
   * timeout load balancers commonly use, so the balancer closes an idle connection first and never sends a request on
   * one the api is closing.
   */
  keepAliveMs: number;
}

export function loadHttpTimeouts(env: AppEnv): HttpTimeouts {
  const headersMs = env.HTTP_HEADERS_TIMEOUT_MS;
  const requestMs = env.HTTP_REQUEST_TIMEOUT_MS;
  const keepAliveMs = env.HTTP_KEEP_ALIVE_TIMEOUT_MS;
  if (headersMs > requestMs)
    throw new Error(
      `HTTP_HEADERS_TIMEOUT_MS (${headersMs}) must not be longer than HTTP_REQUEST_TIMEOUT_MS (${requestMs}): the whole request includes its headers.`,
    );
  return { headersMs, requestMs, keepAliveMs };
}

/**
 * How often Node looks for requests past their timeout: a quarter of the shorter one, between 100 ms and 5 s (Node's
 * own 30 s would let a slow client stay on for up to 30 s past its timeout).
 */
export function checkingIntervalMs(timeouts: HttpTimeouts): number {
  return Math.min(5000, Math.max(100, Math.floor(Math.min(timeouts.headersMs, timeouts.requestMs) / 4)));
}

/** The timeouts as Fastify's options (the header timeout and checking interval reach Node's server through `http`). */
export function fastifyTimeoutOptions(timeouts: HttpTimeouts): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'keepAliveTimeout'
> & {
  http: { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: checkingIntervalMs(timeouts),
    },
  };
}
