import { toJSONSchema, type $ZodType } from 'zod/v4/core';
import { pointAtComponents, SCHEMA_REF_PREFIX as REF_PREFIX } from '../openapi/document';
import { ORGANISER_API_PREFIX } from './plugin';
import type { Operation } from './operation';
import { apiSchemas, ApiErrorSchema } from './schemas';

/**
 * The organiser API's own OpenAPI 3.1 document (GET /api/v1/openapi.json), generated from the operations' declarations
 * and their zod schemas, apart from the checkout page's /ajax/ document.
 */
type JsonSchema = Record<string, unknown>;

const TAG_DESCRIPTIONS: Record<string, string> = {
  catalogue:
    'What the organiser sells: venues, events, dates, ticket types, vouchers, codes, questions, waivers, messages',
  orders: 'Paid orders, their tickets, payments, refunds and ledger shares',
  tickets: 'Issued tickets, read by code',
  'check-ins': 'Admitting tickets at the door',
  webhooks: 'Endpoints that receive signed events, and their delivery log',
  keys: 'The calling key',
  'on-sales': 'Waiting rooms in front of an on-sale: buyers queue, and are admitted at a set rate',
};

function convert(schema: $ZodType, components: Record<string, JsonSchema>, io: 'input' | 'output'): JsonSchema {
  const converted = toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    metadata: apiSchemas,
  }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const { $schema: _dialect, $defs: defs = {}, ...rest } = converted;
  for (const [id, def] of Object.entries(defs)) components[id] = pointAtComponents(def) as JsonSchema;
  return pointAtComponents(rest) as JsonSchema;
}

/** The fields of an object schema as OpenAPI parameters (path or query). */
function parameters(schema: $ZodType | undefined, where: 'path' | 'query', components: Record<string, JsonSchema>) {
  if (!schema) return [];
  const json = convert(schema, components, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as JsonSchema & { description?: string };
    return {
      name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      schema: rest,
      ...(typeof description === 'string' ? { description } : {}),
    };
  });
}

/** The rate-limit headers every answer carries (rate-limit/limiter.ts), declared once under components.headers. */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': {
    description: 'Requests allowed in the current window: per key, or per address for calls without a valid key',
    schema: { type: 'integer', minimum: 1 },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the current window',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the current window ends and the count starts again',
    schema: { type: 'integer', minimum: 0 },
  },
};
const rateLimitHeaderRefs = Object.fromEntries(
  Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
);

const errorResponse = (description: string) => ({
  description,
  headers: rateLimitHeaderRefs,
  content: { 'application/json': { schema: { $ref: `${REF_PREFIX}Error` } } },
});

const tooManyRequests = {
  description:
    'Too many requests: past the key’s limit, or past the address’s limit for calls without a valid key. Wait the ' +
    'seconds Retry-After gives, then send the request again',
  headers: {
    ...rateLimitHeaderRefs,
    'Retry-After': {
      description: 'Seconds to wait before sending the request again',
      schema: { type: 'integer', minimum: 1 },
    },
  },
  content: { 'application/json': { schema: { $ref: `${REF_PREFIX}Error` } } },
};

export function buildOrganiserOpenApiDocument(operations: readonly Operation[], options: { serverUrl?: string } = {}) {
  const components: Record<string, JsonSchema> = {};
  convert(ApiErrorSchema, components, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const path = ORGANISER_API_PREFIX + operation.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const status = String(operation.status ?? 200);
    const responses: Record<string, unknown> = {
      [status]:
        status === '204'
          ? { description: 'Done', headers: rateLimitHeaderRefs }
          : {
              description: 'Success',
              headers: rateLimitHeaderRefs,
              content: { 'application/json': { schema: convert(operation.response, components, 'output') } },
            },
      '400': errorResponse('The request is malformed: `errors` names each field at fault'),
      '401': errorResponse('No API key, or one that is not valid or has been revoked'),
    };
    if (operation.scope !== 'read') responses['403'] = errorResponse('A read-only key asked to change something');
    if (operation.path.includes(':')) responses['404'] = errorResponse('Nothing of this organiser has that id');
    if (operation.method !== 'GET') responses['409'] = errorResponse('Refused: the sentence says why');
    responses['429'] = tooManyRequests;
    (paths[path] ??= {})[operation.method.toLowerCase()] = {
      operationId: operation.operationId,
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      tags: [operation.tag],
      parameters: [
        ...parameters(operation.params, 'path', components),
        ...parameters(operation.query, 'query', components),
        ...(operation.headers ?? []).map((header) => ({
          name: header.name,
          in: 'header',
          required: header.required,
          description: header.description,
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        })),
      ],
      ...(operation.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: convert(operation.body, components, 'input') } },
            },
          }
        : {}),
      responses,
      security: [{ apiKey: operation.scope === 'read' ? [] : [operation.scope] }],
    };
  }
  const tags = [...new Set(operations.map((operation) => operation.tag))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Organiser API',
      version: '1',
      description:
        'What an organiser integrates with: the catalogue, orders and refunds, tickets, door check-in and signed ' +
        'webhooks. JSON in and out. Every call carries an organiser API key (`Authorization: Bearer ck_…`, created with ' +
        "`npm run organiser -- create-key`); a key sees and changes only its own organiser's data, and a read-only key " +
        "only reads. Lists are paged with `limit` and `after` (the previous page's `next_cursor`). Requests are " +
        'limited per key in a fixed window (600 a minute unless the site sets otherwise), and calls without a valid key ' +
        'per client address (30 a minute): every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and ' +
        '`RateLimit-Reset`, and one past the limit is a 429 with `Retry-After`.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: options.serverUrl ?? '/', description: 'The site that serves the checkout' }],
    tags: tags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    components: {
      schemas: components,
      headers: RATE_LIMIT_HEADERS,
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An organiser API key: read-only keys call the GET operations, read-write keys every operation, door ' +
            'tokens (made with POST /api/v1/door-tokens) only the check-in operations',
        },
      },
    },
  };
}
