import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { httpRequestSeconds, statusClassOf } from './metrics';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Compares digests, so neither the token's length nor its first differing byte shows in the time taken. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer ([^\s]+)$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Times every answer into http_request_duration_seconds. The label is the contract call's name when the route is a
 * call (route.ts puts it in the route's config), else the route's pattern; a request no route matched is 'not_found'.
 */
export function registerRequestTiming(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const config = request.routeOptions.config as { call?: unknown } | undefined;
    const route = typeof config?.call === 'string' ? config.call : (request.routeOptions.url ?? 'not_found');
    httpRequestSeconds.observe(
      { route, method: request.method, status_class: statusClassOf(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}

export const METRICS_ROUTE = '/metrics';

/**
 * GET /metrics in Prometheus' text format, only for `Authorization: Bearer <METRICS_TOKEN>`. Without the token set, or
 * without the right one, it is the same 404 as any unknown path: its existence is not advertised.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  registry: Registry,
  token: string | undefined,
  /** Brings the counters up to date first (the domain events' relay), so a scrape reports everything committed. */
  beforeScrape: () => Promise<unknown> = async () => undefined,
): void {
  app.get(METRICS_ROUTE, async (request, reply) => {
    if (!token || !bearerMatches(request.headers.authorization, token)) return reply.callNotFound();
    await beforeScrape();
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  });
}
