import { calls, formId, type CallDef, type CallName } from '@checkout/shared';
import { callSummaries } from '@checkout/shared/call-summaries';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app';
import {
  buildOpenApiDocument,
  OPENAPI_PAGE_PATH,
  OPENAPI_PATH,
  SCHEMA_REF_PREFIX,
  wireSchema,
  type OpenApiDocument,
} from './document';

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
    const url = (depth === 0 ? '' : (parents[depth - 1] ?? '')) + (match[2] ?? '');
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
    for (const route of routes) expect(t.app.hasRoute({ method: route.method, url: route.url })).toBe(true);

    // Fastify writes a path parameter :id, OpenAPI {id}.
    const missing = routes.filter(
      (route) => !document.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()],
    );
    expect(missing).toEqual([]);
  });

  test('and nothing in the document is a route the server does not have', () => {
    const document = buildOpenApiDocument();
    const stale = Object.entries(document.paths).flatMap(([url, operations]) =>
      Object.keys(operations)
        .filter((method) => !t.app.hasRoute({ method: method.toUpperCase(), url: url.replace(/\{(\w+)\}/g, ':$1') }))
        .map((method) => `${method} ${url}`),
    );
    expect(stale).toEqual([]);
  });

  test("each call's operation carries the contract's request and response schemas in their wire form", () => {
    const document = buildOpenApiDocument();
    for (const call of Object.values(calls) as CallDef[]) {
      const operation = document.paths[call.path]?.[call.method.toLowerCase()];
      expect(operation?.operationId).toBe(call.name);
      const response = operation?.responses['200'];
      expect(
        response && 'content' in response
          ? inline(document, response.content?.['application/json']?.schema)
          : undefined,
      ).toEqual(wireSchema(call.response));
      if (call.method === 'POST') {
        expect(inline(document, operation?.requestBody?.content['application/x-www-form-urlencoded']?.schema)).toEqual(
          wireSchema(call.request),
        );
      } else {
        const properties = Object.keys(wireSchema(call.request).properties ?? {});
        expect(operation?.parameters?.map((p) => p.name)).toEqual(properties);
      }
    }
    const reserve = document.paths[calls.reserveTickets.path]?.post;
    expect(reserve?.requestBody?.content['application/x-www-form-urlencoded']?.schema).toMatchObject({
      type: 'object',
      properties: { 'h-captcha-response': { type: 'string' } },
    });
  });

  test('shared entities are named once under components.schemas and every $ref resolves', () => {
    const document = buildOpenApiDocument();
    const text = JSON.stringify(document);
    // Each named schema is written once: the checkout's lines are not repeated per call.
    expect(document.paths[calls.getCheckout.path]?.get?.responses['200']).toEqual({
      description: 'The answer',
      content: { 'application/json': { schema: { $ref: `${SCHEMA_REF_PREFIX}Checkout` } } },
    });
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'Checkout',
        'TicketLine',
        'Organiser',
        'User',
        'ApiError',
        'Address',
        'TransferRow',
        'IdempotencyKey',
      ]),
    );
    expect(document.components.schemas.Checkout).toMatchObject({
      type: 'object',
      properties: { tickets: { type: 'array', items: { $ref: `${SCHEMA_REF_PREFIX}TicketLine` } } },
    });
    const refs = [...text.matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of refs) expect(resolve(document, ref)).toBeDefined();
    expect(text).not.toContain('#/$defs/');
    // The whole document stays small enough to read and fetch: about 100 KB when every schema was inlined.
    expect(text.length).toBeLessThan(80_000);
  });

  test('the bounds of numbers, texts and lists are in the document', () => {
    const document = buildOpenApiDocument();
    const body = (call: CallDef) =>
      document.paths[call.path]?.post?.requestBody?.content['application/x-www-form-urlencoded']?.schema;
    expect(body(calls.updateTicketQuantity)).toMatchObject({
      properties: {
        ticket_id: { $ref: `${SCHEMA_REF_PREFIX}Id` },
        quantity: {
          anyOf: [
            { type: 'integer', minimum: 1, maximum: 100_000 },
            { type: 'string', pattern: '^-?\\d{1,15}$' },
          ],
        },
      },
    });
    expect(document.components.schemas.Id).toMatchObject({
      anyOf: [{ type: 'integer', minimum: 1, maximum: 2_147_483_647 }, { type: 'string' }],
    });
    expect(wireSchema(formId)).toMatchObject({ anyOf: [{ type: 'integer', minimum: 1 }, { type: 'string' }] });
    expect(body(calls.saveDonation)).toMatchObject({
      properties: { amount_before_booking_fee: { anyOf: [{ type: 'number', minimum: 1, maximum: 1_000_000 }, {}] } },
    });
    expect(body(calls.payWithInstalment)).toMatchObject({
      properties: { instalment_option: { anyOf: [{ type: 'integer', minimum: 2, maximum: 120 }, {}] } },
    });
    expect(body(calls.setCode)).toMatchObject({
      properties: { code: { type: 'string', minLength: 1, maxLength: 100 } },
    });
    expect(body(calls.setTransfers)).toMatchObject({
      properties: {
        transfers: { type: 'array', minItems: 1, maxItems: 500, items: { $ref: `${SCHEMA_REF_PREFIX}TransferRow` } },
      },
    });
    expect(document.components.schemas.IdempotencyKey).toMatchObject({
      type: 'string',
      minLength: 16,
      maxLength: 80,
      pattern: '^[A-Za-z0-9_:.-]+$',
    });
  });

  test('every operation has a human summary, and says which credentials it needs', () => {
    const document = buildOpenApiDocument();
    for (const [name, call] of Object.entries(calls) as [CallName, CallDef][]) {
      const operation = document.paths[call.path]?.[call.method.toLowerCase()];
      expect(operation?.summary).toBe(callSummaries[name].summary);
      expect(operation?.summary).not.toBe(call.name);
      expect(operation?.summary).toMatch(/^[A-Z][^\n]{8,100}$/);
      expect(operation?.security).toEqual(call.method === 'POST' ? [{ session: [], xsrf: [] }] : [{ session: [] }]);
      if (call.failure) expect(operation?.description).toContain(call.failure);
    }
    for (const path of [OPENAPI_PATH, OPENAPI_PAGE_PATH, '/healthz'])
      expect(document.paths[path]?.get?.security).toEqual([]);
    expect(document.components.securitySchemes).toEqual({
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'checkout_sid' }),
      xsrf: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' }),
    });
  });

  test('it is OpenAPI 3.1 with unique operation ids and no per-schema dialect', () => {
    const document = buildOpenApiDocument();
    expect(document.openapi).toBe('3.1.0');
    const ids = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(JSON.stringify(document)).not.toContain('"$schema"');
  });
});

/** What a JSON pointer in the document points at. */
function resolve(document: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const part of ref
    .slice(2)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

/** A schema with every $ref to a named schema replaced by that schema (less the description the name adds). */
function inline(document: OpenApiDocument, schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inline(document, item));
  if (schema === null || typeof schema !== 'object') return schema;
  const { $ref, ...rest } = schema as Record<string, unknown>;
  if (typeof $ref === 'string') {
    const { description: _added, ...named } = resolve(document, $ref) as Record<string, unknown>;
    return { ...(inline(document, named) as object), ...(inline(document, rest) as object) };
  }
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inline(document, value)]));
}

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
    for (const call of Object.values(calls) as CallDef[])
      expect(page).toContain(`<code>${call.method} ${call.path}</code>`);
    expect(page).toContain('Request body (application/x-www-form-urlencoded)');
    expect(page).toContain('&quot;h-captcha-response&quot;');
    // A $ref is a link to the named schema's entry on the same page.
    expect(page).toContain(`<a href="#schema-Checkout">&quot;${SCHEMA_REF_PREFIX}Checkout&quot;</a>`);
    expect(page).toContain('id="schema-Checkout"');
    for (const name of Object.keys(calls) as CallName[])
      expect(page).toContain(callSummaries[name].summary.replace(/'/g, '&#39;'));
    expect(page).not.toMatch(/<script/);
  });
});
