import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorReporter } from '../observability/error-reporting';
import { HttpError } from './errors';
import { serverMessages } from './server-messages';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './unavailable';

/**
 * Every failure leaves as { error } (ApiErrorBody; observability/request-id.ts adds `request_id`). Refusals keep their
 * status and message; Fastify's own 4xx (body too large, wrong content type, bad JSON-less bodies) get a sentence a
 * person can read; anything else is a bug: logged with the request, reported (Sentry, when configured) with its request
 * id, answered 500 without details. The database out of reach is a 503 with the call's failure sentence
 * (http/unavailable.ts): an outage, logged, not reported as a bug.
 */
export function createErrorHandler(reporter?: ErrorReporter) {
  return (error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply): void =>
    handleError(error, request, reply, reporter);
}

export const errorHandler = createErrorHandler();

function handleError(
  error: FastifyError | HttpError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
  reporter: ErrorReporter | undefined,
): void {
  if (error instanceof HttpError) {
    void reply.code(error.statusCode).send(error.body);
    return;
  }
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    let message = error.message;
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      message = serverMessages.unsupportedMediaType(String(request.headers['content-type'] ?? ''));
    else if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = serverMessages.tooLarge;
    void reply.code(status).send({ error: message });
    return;
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    const failure = (request.routeOptions.config as { failure?: unknown } | undefined)?.failure;
    void reply
      .code(503)
      .header('retry-after', '5')
      .send({ error: typeof failure === 'string' && failure ? failure : DATABASE_UNAVAILABLE });
    return;
  }
  request.log.error({ err: error }, 'request failed');
  const config = request.routeOptions.config as { call?: unknown } | undefined;
  reporter?.capture(error, {
    requestId: request.id,
    method: request.method,
    route: typeof config?.call === 'string' ? config.call : (request.routeOptions.url ?? 'not_found'),
  });
  void reply.code(500).send({ error: serverMessages.internal });
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  const message = serverMessages.notFound(request.method, request.url.split('?')[0] ?? '/');
  if (!request.url.startsWith('/ajax/') && String(request.headers.accept ?? '').includes('text/html')) {
    void reply
      .code(404)
      .header('content-type', 'text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="en-GB"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Not found</title><p>This page does not exist. <a href="/all-events/">See all events</a>.</p></html>',
      );
    return;
  }
  void reply.code(404).send({ error: message });
}
