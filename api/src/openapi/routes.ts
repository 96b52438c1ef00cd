import type { FastifyInstance } from 'fastify';
import type { PageAssets } from '../web/html';
import { buildOpenApiDocument, OPENAPI_PAGE_PATH, OPENAPI_PATH } from './document';
import { renderOpenApiPage } from './page';

/** GET /ajax/openapi.json and its browsable page /ajax/docs/, built once at start-up from the contract. */
export function registerOpenApi(app: FastifyInstance, assets: PageAssets): void {
  const document = buildOpenApiDocument();
  const body = JSON.stringify(document);
  const page = renderOpenApiPage(document, assets);
  app.get(OPENAPI_PATH, async (_request, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(body),
  );
  app.get(OPENAPI_PAGE_PATH, async (_request, reply) =>
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(page),
  );
}
