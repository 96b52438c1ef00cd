import { calls, type CallDef } from '@checkout/shared';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildOpenApiDocument, OPENAPI_PAGE_PATH, OPENAPI_PATH, wireSchema } from './document';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

/**
 * Every route Fastify has, from its own listing (printRoutes without common prefixes: one node per line, children
 * indented four characters under their parent, each node's text the continuation of its parent's path).
 */
function registeredRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const parents: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[└├]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const url = (depth === 0 ? '' : parents[depth - 1] ?? '') + (match[2] ?? '');
    parents[depth] = url;
    parents.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) routes.push({ method, url });
  }
  return routes;
}

describe('the OpenAPI document covers the server', () => {
  test('every route under /ajax/ that Fastify registered is in the document, with its method', () => {
    const document = buildOpenApiDocument();
    const routes = registeredRoutes(t.app).filter((route) => route.url.startsWith('/ajax/') && route.method !== 'HEAD');
    // The listing was read right: it finds every contract call and nothing Fastify does not know.
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(calls).length + 3);
    for (const route of routes) expect(t.app.hasRoute({ method: route.method as HTTPMethods, url: route.url })).toBe(true);

    const missing = routes.filter((route) => !document.paths[route.url]?.[route.method.toLowerCase()]);
    expect(missing).toEqual([]);
  });

  test('and nothing in the document is a route the server does not have', () => {
    const document = buildOpenApiDocument();
    const stale = Object.entries(document.paths).flatMap(([url, operations]) =>
      Object.keys(operations)
        .filter((method) => !t.app.hasRoute({ method: method.toUpperCase() as HTTPMethods, url }))
        .map((method) => `${method} ${url}`),
    );
    expect(stale).toEqual([]);
  });

  test("each call's operation carries the contract's request and response schemas in their wire form", () => {
    const document = buildOpenApiDocument();
    for (const call of Object.values(calls) as CallDef[]) {
      const operation = document.paths[call.path]?.[call.method.toLowerCase()];
      expect(operation?.operationId).toBe(call.name);
      expect(operation?.responses['200']?.content?.['application/json']?.schema).toEqual(wireSchema(call.response));
      if (call.method === 'POST') {
        expect(operation?.requestBody?.content['application/x-www-form-urlencoded']?.schema).toEqual(wireSchema(call.request));
        expect(operation?.security).toEqual([{ session: [], xsrf: [] }]);
      } else {
        const properties = Object.keys((wireSchema(call.request).properties ?? {}) as object);
        expect(operation?.parameters?.map((p) => p.name)).toEqual(properties);
      }
    }
    const reserve = document.paths[calls.reserveTickets.path]?.post;
    expect(reserve?.requestBody?.content['application/x-www-form-urlencoded']?.schema).toMatchObject({
      type: 'object',
      properties: { 'h-captcha-response': { type: 'string' } },
    });
  });

  test('it is OpenAPI 3.1 with unique operation ids and no per-schema dialect', () => {
    const document = buildOpenApiDocument();
    expect(document.openapi).toBe('3.1.0');
    const ids = Object.values(document.paths).flatMap((operations) => Object.values(operations).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(JSON.stringify(document)).not.toContain('"$schema"');
  });
});

describe('served', () => {
  test(`GET ${OPENAPI_PATH} answers the document`, async () => {
    const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  test(`GET ${OPENAPI_PAGE_PATH} lists every operation with its schemas, linking the document, with no script`, async () => {
    const response = await t.app.inject({ method: 'GET', url: OPENAPI_PAGE_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const page = response.body;
    expect(page).toContain(`href="${OPENAPI_PATH}"`);
    for (const call of Object.values(calls) as CallDef[]) expect(page).toContain(`<code>${call.method} ${call.path}</code>`);
    expect(page).toContain('Request body (application/x-www-form-urlencoded)');
    expect(page).toContain('&quot;h-captcha-response&quot;');
    expect(page).not.toMatch(/<script/);
  });
});
