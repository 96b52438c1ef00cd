import type { FastifyInstance } from 'fastify';

/** What a request no route matched is logged as: the same name the metrics and error reports give it. */
export const UNMATCHED_ROUTE = 'not_found';

export interface AccessLogOptions {
  /** Route patterns logged at debug rather than info (health checks and scrapes, which would drown the rest). */
  quietRoutes: readonly string[];
}

/**
 * One line per finished request, `msg: 'request'`, through the request's logger (so it carries `request_id`): method,
 * the matched route's pattern, status, duration and, when the answer declared it, its length. The pattern rather than
 * the URL, and nothing of the client (address, cookies, user agent, query string): URLs carry sale references, emails
 * and codes, and this log is kept and shipped where personal data should not go.
 *
 * Written after the answer has gone (onResponse), so the client never waits on it; the work is a few property reads
 * and pino's serialisation of six fields.
 */
export function registerAccessLog(app: FastifyInstance, { quietRoutes }: AccessLogOptions): void {
  const quiet = new Set(quietRoutes);
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const length = Number(reply.getHeader('content-length'));
    const line = {
      method: request.method,
      route,
      status: reply.statusCode,
      duration_ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(Number.isFinite(length) ? { bytes: length } : {}),
    };
    if (quiet.has(route)) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
    done();
  });
}
