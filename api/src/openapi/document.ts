import { ApiErrorBodySchema, calls, CONTRACT_VERSION, type CallDef } from '@checkout/shared';
import { toJSONSchema } from 'zod/v4/core';
import type * as z from 'zod/mini';
import { SESSION_COOKIE, XSRF_COOKIE } from '../identity/session';
import { PAYMENT_PATHS } from '../payment/routes';

/**
 * The OpenAPI 3.1 document of the server, generated from the contract's call registry (the same definitions the routes
 * and the page's client are generated from), so it cannot drift from what the server accepts.
 *
 * What it covers: every route under /ajax/ (the contract's calls plus the few /ajax/ routes that are not calls: the
 * square-type sandbox script, this document and its page) and /healthz, which integrators and orchestrators call.
 * Left out on purpose: the server-rendered HTML pages (/all-events/, /checkout/, legal pages, account pages, the
 * recovery link), the provider sandboxes' pages (/sandbox/**, /do/**), /dev/outbox (a development tool), /remotes.json
 * (the shell's configuration, described in the README's Deployment section) and static assets. openapi.test.ts checks
 * that every /ajax/ route Fastify registers is in the document.
 */

export const OPENAPI_PATH = '/ajax/openapi.json';
export const OPENAPI_PAGE_PATH = '/ajax/docs/';

type JsonSchema = Record<string, unknown>;

interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
  security?: Record<string, string[]>[];
}

interface Parameter {
  name: string;
  in: 'query';
  required: boolean;
  schema: JsonSchema;
  style?: 'deepObject';
  explode?: boolean;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
}

/** The wire form of a schema (what is sent, before parsing), without the per-schema $schema key. */
export function wireSchema(schema: z.ZodMiniType): JsonSchema {
  const { $schema: _dialect, ...rest } = toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const errorBody = wireSchema(ApiErrorBodySchema);

/** /ajax/checkout/checkout/get/ -> checkout; /ajax/user/user/get_user/ -> user. */
function tagOf(path: string): string {
  return path.split('/')[2] ?? 'other';
}

/** A GET call's query: one parameter per property; nested objects use the bracket (deepObject) notation. */
function queryParameters(schema: JsonSchema): Parameter[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
    ...(property.type === 'object' ? { style: 'deepObject' as const, explode: true } : {}),
  }));
}

function callOperation(call: CallDef): Operation {
  const request = wireSchema(call.request);
  const responses: Operation['responses'] = {
    '200': { description: 'The answer', content: json(wireSchema(call.response)) },
    '400': { description: 'The request does not fit the schema: `error` names the first field at fault, `errors` each field', content: json(errorBody) },
    '4XX': { description: 'Refused (no sale, wrong state, not allowed…): `error` is the sentence to show', content: json(errorBody) },
  };
  const base = {
    operationId: call.name,
    summary: call.name,
    ...(call.failure ? { description: `When it fails the page shows: "${call.failure}"` } : {}),
    tags: [tagOf(call.path)],
    security: [{ session: [] }],
  };
  if (call.method === 'GET') return { ...base, parameters: queryParameters(request), responses };
  return {
    ...base,
    requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: request } } },
    responses: { ...responses, '403': { description: 'The X-XSRF-TOKEN header is missing or does not match the session', content: json(errorBody) } },
    security: [{ session: [], xsrf: [] }],
  };
}

/** Routes under /ajax/ (and /healthz) that are not contract calls. */
function otherOperations(): Record<string, Record<string, Operation>> {
  return {
    [PAYMENT_PATHS.squareScript]: {
      get: {
        operationId: 'squareSandboxScript',
        summary: 'The square-type sandbox card widget (browser script)',
        description: 'Loaded by the payment step from `checkout_js` of get_square_credentials while the offline sandbox is in use.',
        tags: ['checkout'],
        responses: { '200': { description: 'JavaScript', content: { 'text/javascript': { schema: { type: 'string' } } } } },
      },
    },
    [OPENAPI_PATH]: {
      get: {
        operationId: 'openApiDocument',
        summary: 'This document',
        tags: ['meta'],
        responses: { '200': { description: 'OpenAPI 3.1', content: json({ type: 'object' }) } },
      },
    },
    [OPENAPI_PAGE_PATH]: {
      get: {
        operationId: 'openApiPage',
        summary: 'This document as a browsable page',
        tags: ['meta'],
        responses: { '200': { description: 'HTML', content: { 'text/html': { schema: { type: 'string' } } } } },
      },
    },
    '/healthz': {
      get: {
        operationId: 'health',
        summary: 'Health: the server answers and its database answers',
        tags: ['meta'],
        responses: {
          '200': { description: 'Healthy', content: json({ type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] }) },
          '500': { description: 'The database does not answer', content: json(errorBody) },
        },
      },
    },
  };
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  checkout: 'The sale: basket, reservation, account details, payment, delivery and post-sale steps',
  user: 'The signed-in user',
  meta: 'This document and the health check',
};

export function buildOpenApiDocument(options: { serverUrl?: string } = {}): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const call of Object.values(calls) as CallDef[]) {
    (paths[call.path] ??= {})[call.method.toLowerCase()] = callOperation(call);
  }
  for (const [path, operations] of Object.entries(otherOperations())) paths[path] = { ...paths[path], ...operations };
  const tags = [...new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags)))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Checkout API',
      version: `contract ${CONTRACT_VERSION}`,
      description:
        'The calls the checkout page makes, generated from the zod contract (@checkout/shared `calls`). POST bodies are ' +
        'form-encoded (nested fields in bracket notation, a[b]=c); every POST needs the X-XSRF-TOKEN header, whose value ' +
        `is the ${XSRF_COOKIE} cookie the server sets on any page.`,
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: options.serverUrl ?? '/' }],
    tags: tags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie (httpOnly), set on the first request' },
        xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN', description: `The value of the ${XSRF_COOKIE} cookie` },
      },
    },
  };
}
