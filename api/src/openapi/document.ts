import {
  QueueStatusSchema,
  AckResponseSchema,
  AddressLookupResultSchema,
  AddressRecordSchema,
  AddressSchema,
  AfterSaleMessageSchema,
  ApiErrorBodySchema,
  AppliedCodeSchema,
  BasketOrganiserSchema,
  BillingAddressSchema,
  BreakdownRowSchema,
  calls,
  CharitySchema,
  CheckoutSchema,
  CheckoutStateSchema,
  CONTRACT_VERSION,
  CountrySchema,
  CountryStateSchema,
  CurrencySchema,
  DonationSchema,
  EventSchema,
  formBool,
  formEmail,
  formId,
  formIdempotencyKey,
  formName,
  formPhone,
  GiftVoucherLineSchema,
  MarketingPreferencesSchema,
  NewCardPayloadSchema,
  OpoaSchema,
  OrganiserSchema,
  PaymentPlanScheduleOptionSchema,
  RefundPolicySchema,
  RequiredTicketsSchema,
  ReserveTicketsResponseSchema,
  RewardReferrersSchema,
  SavedAddressSchema,
  SavedPaymentMethodSchema,
  ScheduleEntrySchema,
  SimpleInfoSchema,
  SuccessResponseSchema,
  TicketLineSchema,
  TicketQuestionSchema,
  TicketQuestionsSchema,
  TransferRowSchema,
  TruelayerStatusSchema,
  UpcomingEventSchema,
  UserSchema,
  VenueSchema,
  type CallDef,
  type CallName,
} from '@checkout/shared';
import { callSummaries } from '@checkout/shared/call-summaries';
import { registry, toJSONSchema, type $ZodType } from 'zod/v4/core';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../session/session';
import { PAYMENT_PATHS } from '../payment/routes';
import { PASS_COOKIE } from '../waiting-room/queue';

/**
 * The OpenAPI 3.1 document of the server, generated from the contract's call registry (the same definitions the routes
 * and the page's client are generated from), so it cannot drift from what the server accepts.
 *
 * What it covers: every route under /ajax/ (the contract's calls plus the few /ajax/ routes that are not calls: the
 * square-type sandbox script, this document and its page) and /healthz, which integrators and orchestrators call.
 * Left out on purpose: the server-rendered HTML pages (/all-events/, /checkout/, legal pages, account pages, the
 * recovery link), the provider sandboxes' pages (/sandbox/**, /do/**), /dev/outbox (a development tool), /remotes.json
 * (the shell's configuration, described in docs/architecture.md, 'What runs') and static assets. openapi.test.ts checks
 * that every /ajax/ route Fastify registers is in the document.
 */

export const OPENAPI_PATH = '/ajax/openapi.json';
export const OPENAPI_PAGE_PATH = '/ajax/docs/';

type JsonSchema = Record<string, unknown>;

type Security = Record<string, string[]>[];

interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, Response | { $ref: string }>;
  security: Security;
}

interface Response {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
}

interface Parameter {
  name: string;
  in: 'query' | 'path';
  description?: string;
  required: boolean;
  schema: JsonSchema;
  style?: 'deepObject';
  explode?: boolean;
}

interface SecurityScheme {
  type: 'apiKey';
  in: 'cookie' | 'header';
  name: string;
  description: string;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, SecurityScheme>;
  };
}

export const SCHEMA_REF_PREFIX = '#/components/schemas/';
export const RESPONSE_REF_PREFIX = '#/components/responses/';

/**
 * The contract's shared entities, each a named schema under components.schemas that operations point at with $ref
 * (without names every call would carry its own copy of the checkout and its parts). The names are the schemas' own
 * without "Schema"; the descriptions are the spec's words for each entity.
 */
const NAMED_SCHEMAS: readonly (readonly [$ZodType, string, string])[] = [
  [
    CheckoutSchema,
    'Checkout',
    "The session's sale as the page draws every step from it: lines, events, organisers, totals, the order summary and what each step needs",
  ],
  [CheckoutStateSchema, 'CheckoutState', 'A state of the checkout: the step the buyer is on'],
  [
    TicketLineSchema,
    'TicketLine',
    'A ticket line of the basket: one ticket type of one event date, with its quantity, price and fees',
  ],
  [GiftVoucherLineSchema, 'GiftVoucherLine', 'A gift voucher line of the basket'],
  [EventSchema, 'Event', 'An event of the basket'],
  [VenueSchema, 'Venue', "An event's venue"],
  [RewardReferrersSchema, 'RewardReferrers', "The event's referral reward, in words"],
  [OrganiserSchema, 'Organiser', 'An organiser of the basket'],
  [UpcomingEventSchema, 'UpcomingEvent', "One of the organiser's other events"],
  [BasketOrganiserSchema, 'BasketOrganiser', "An organiser of the basket and the buyer's marketing choice for it"],
  [MarketingPreferencesSchema, 'MarketingPreferences', "The buyer's marketing choices"],
  [CharitySchema, 'Charity', 'The charity a donation goes to, with its donation options and fees'],
  [DonationSchema, 'Donation', 'The donation on the sale'],
  [UserSchema, 'User', 'The signed-in user'],
  [CurrencySchema, 'Currency', "The basket's currency"],
  [RequiredTicketsSchema, 'RequiredTickets', 'Tickets that must be bought with this one'],
  [RefundPolicySchema, 'RefundPolicy', "A ticket's refund policy"],
  [OpoaSchema, 'Opoa', "The organiser's own payment account: which provider kind and merchant"],
  [SavedPaymentMethodSchema, 'SavedPaymentMethod', "A signed-in buyer's saved card (instalments)"],
  [
    PaymentPlanScheduleOptionSchema,
    'PaymentPlanScheduleOption',
    'An instalment plan the basket is offered, with its payments',
  ],
  [ScheduleEntrySchema, 'ScheduleEntry', 'One payment of an instalment plan'],
  [TicketQuestionSchema, 'TicketQuestion', 'A question the organiser asks about a ticket'],
  [TicketQuestionsSchema, 'TicketQuestions', 'Ticket questions keyed by ticket id'],
  [AfterSaleMessageSchema, 'AfterSaleMessage', "An organiser's message shown after the sale"],
  [BreakdownRowSchema, 'BreakdownRow', 'One row of the order summary; the rows add up to basket_total'],
  [AppliedCodeSchema, 'AppliedCode', 'A code on the sale and what it saves'],
  [
    AddressSchema,
    'Address',
    'A delivery address: a saved address id, or `new` with its fields (state only for the USA)',
  ],
  [
    BillingAddressSchema,
    'BillingAddress',
    'A billing address: a postcode at least, the other fields when the form asks for them',
  ],
  [AddressRecordSchema, 'AddressRecord', 'The address saved with the account details or the billing address'],
  [SavedAddressSchema, 'SavedAddress', "One of the signed-in user's saved addresses"],
  [AddressLookupResultSchema, 'AddressLookupResult', 'An address found by lookup'],
  [CountrySchema, 'Country', 'A country of the address form (1 is the UK, 2 the USA)'],
  [CountryStateSchema, 'CountryState', 'A US state of the address form'],
  [
    NewCardPayloadSchema,
    'NewCardPayload',
    'The card just created with the card provider, sent with an instalment payment',
  ],
  [TruelayerStatusSchema, 'TruelayerStatus', 'The state of a bank transfer payment'],
  [TransferRowSchema, 'TransferRow', 'One row of a ticket transfer or gift'],
  [SimpleInfoSchema, 'SimpleInfo', "The sale's email and reference"],
  [
    ReserveTicketsResponseSchema,
    'ReserveTicketsResult',
    'What a reservation attempt led to: reserved, a captcha demanded, a redirect or an error',
  ],
  [
    QueueStatusSchema,
    'QueueStatus',
    "A session's place in an on-sale's queue: before the opening, waiting, admitted, its turn lost, or the queue ended",
  ],
  [SuccessResponseSchema, 'Success', 'Whether the call succeeded'],
  [AckResponseSchema, 'Ack', 'An acknowledgement: `{ success: true }`; other fields may be added'],
  // The form fields many calls share.
  [formId, 'Id', 'A database id: a whole number from 1 to 2147483647, sent as its text'],
  [formBool, 'FormBoolean', 'Yes or no: true/false (or 1/0) as text'],
  [formEmail, 'Email', 'An email address, at most 320 characters'],
  [formName, 'PersonName', "A person's name, at most 200 characters"],
  [formPhone, 'Phone', 'A phone number: an optional country prefix, then at least 9 digits, spaces, dots or dashes'],
  [
    formIdempotencyKey,
    'IdempotencyKey',
    'Made by the client once per attempt and sent again on a retry: the server answers a repeated key with its first answer and charges once',
  ],
  [
    ApiErrorBodySchema,
    'ApiError',
    'Every 4xx and 5xx: `error` is a sentence for the buyer, `errors` names each field at fault, `type` classifies it where the page branches on it',
  ],
];

function namedSchemas() {
  const names = registry<{ id: string; description: string }>();
  for (const [schema, id, description] of NAMED_SCHEMAS) names.add(schema, { id, description });
  return names;
}

/**
 * Converts schemas with zod's own toJSONSchema, in their wire form (what is sent, before parsing: a form field is its
 * value or its text), and gathers the named ones. zod puts a named schema in the result's $defs and points at it with
 * #/$defs/<id>; the document keeps one copy of each under components.schemas instead.
 */
class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};
  private readonly names = namedSchemas();

  convert(schema: $ZodType): JsonSchema {
    const converted = toJSONSchema(schema, {
      target: 'draft-2020-12',
      io: 'input',
      unrepresentable: 'any',
      metadata: this.names,
    }) as JsonSchema;
    const {
      $schema: _dialect,
      $defs: defs = {},
      ...rest
    } = converted as JsonSchema & { $defs?: Record<string, JsonSchema> };
    for (const [id, def] of Object.entries(defs)) {
      // zod also extracts a schema that refers to itself; the contract has none, and an unnamed one would clash.
      if (!NAMED_SCHEMAS.some(([, name]) => name === id)) throw new Error(`OpenAPI: unnamed shared schema ${id}`);
      this.components[id] = pointAtComponents(def) as JsonSchema;
    }
    return pointAtComponents(rest) as JsonSchema;
  }
}

/** Rewrites zod's `#/$defs/<id>` pointers to the document's `#/components/schemas/<id>`. */
export function pointAtComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointAtComponents);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string'
        ? inner.replace(/^#\/\$defs\//, SCHEMA_REF_PREFIX)
        : pointAtComponents(inner),
    ]),
  );
}

/** The wire form of a schema on its own (every named part inlined): what the document's $refs stand for. */
export function wireSchema(schema: $ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const errorBody: JsonSchema = { $ref: `${SCHEMA_REF_PREFIX}ApiError` };

/** The refusals every call can answer, each once under components.responses. */
function sharedResponses(): Record<string, Response> {
  return {
    BadRequest: {
      description: 'The request does not fit the schema: `error` names the first field at fault, `errors` each field',
      content: json(errorBody),
    },
    Refused: {
      description: 'Refused (no sale, wrong state, not allowed, too many tries…): `error` is the sentence to show',
      content: json(errorBody),
    },
    Failed: {
      description: 'The server or its database failed: `error` is the sentence to show',
      content: json(errorBody),
    },
    XsrfRefused: {
      description: `The ${XSRF_HEADER_NAME} header is missing or does not match the session, or the browser marked the POST as coming from another site`,
      content: json(errorBody),
    },
  };
}

/** Every call uses the session; a POST also proves it comes from the page with the XSRF header. */
const SESSION: Security = [{ session: [] }];
const SESSION_AND_XSRF: Security = [{ session: [], xsrf: [] }];
/** Open to anyone: no cookie, no header. */
const PUBLIC: Security = [];

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

/** Calls that answer a 403 of their own, besides the XSRF refusal every POST can get. */
const FORBIDDEN_ANSWERS: Partial<Record<CallName, { description: string; schema: $ZodType }>> = {
  reserveTickets: {
    // The answer's own schema (reserved false, error, queue_url): named once already, so only a reference here.
    description: 'Tickets behind a queue and no pass: nothing held, go to `queue_url`',
    schema: ReserveTicketsResponseSchema,
  },
};

function callOperation(name: CallName, call: CallDef, schemas: SchemaConverter): Operation {
  const { summary, description } = callSummaries[name];
  const failure = call.failure ? `When it fails the page shows: "${call.failure}"` : '';
  const responses: Operation['responses'] = {
    '200': { description: 'The answer', content: json(schemas.convert(call.response)) },
    '400': { $ref: `${RESPONSE_REF_PREFIX}BadRequest` },
    '4XX': { $ref: `${RESPONSE_REF_PREFIX}Refused` },
    '5XX': { $ref: `${RESPONSE_REF_PREFIX}Failed` },
  };
  const base = {
    operationId: call.name,
    summary,
    ...(description || failure ? { description: [description, failure].filter(Boolean).join('\n\n') } : {}),
    tags: [tagOf(call.path)],
  };
  const request = schemas.convert(call.request);
  if (call.method === 'GET') return { ...base, security: SESSION, parameters: queryParameters(request), responses };
  return {
    ...base,
    security: SESSION_AND_XSRF,
    requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: request } } },
    responses: { ...responses, '403': forbiddenAnswer(name, schemas) },
  };
}

function forbiddenAnswer(name: CallName, schemas: SchemaConverter): Operation['responses'][string] {
  const own = FORBIDDEN_ANSWERS[name];
  if (!own) return { $ref: `${RESPONSE_REF_PREFIX}XsrfRefused` };
  return {
    description: `${XSRF_HEADER_NAME} refused (see XsrfRefused), or: ${own.description}`,
    content: json({ anyOf: [errorBody, schemas.convert(own.schema)] }),
  };
}

/** The header as the page spells it, X-XSRF-TOKEN (Node hands headers over lower-cased; names match either way). */
const XSRF_HEADER_NAME = XSRF_HEADER.toUpperCase();

/** Routes under /ajax/ (and /healthz) that are not contract calls. */
function otherOperations(): Record<string, Record<string, Operation>> {
  return {
    [PAYMENT_PATHS.squareScript]: {
      get: {
        operationId: 'squareSandboxScript',
        summary: 'Get the square-type sandbox card form (a browser script)',
        description:
          'Loaded by the payment step from `checkout_js` of get_square_credentials while the offline sandbox is in use.',
        tags: ['checkout'],
        security: PUBLIC,
        responses: {
          '200': { description: 'JavaScript', content: { 'text/javascript': { schema: { type: 'string' } } } },
        },
      },
    },
    [OPENAPI_PATH]: {
      get: {
        operationId: 'openApiDocument',
        summary: 'Get this OpenAPI document',
        tags: ['meta'],
        security: PUBLIC,
        responses: { '200': { description: 'OpenAPI 3.1', content: json({ type: 'object' }) } },
      },
    },
    [OPENAPI_PAGE_PATH]: {
      get: {
        operationId: 'openApiPage',
        summary: 'Read this document as a page',
        tags: ['meta'],
        security: PUBLIC,
        responses: { '200': { description: 'HTML', content: { 'text/html': { schema: { type: 'string' } } } } },
      },
    },
    '/healthz': {
      get: {
        operationId: 'health',
        summary: 'Check that the server and its database answer',
        description: 'For load balancers and orchestrators.',
        tags: ['meta'],
        security: PUBLIC,
        responses: {
          '200': {
            description: 'Healthy',
            content: json({ type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] }),
          },
          '500': { description: 'The database does not answer', content: json(errorBody) },
        },
      },
    },
  };
}

/** The waiting room's buyer routes (waiting-room/routes.ts): not contract calls, as the page that uses them is no remote. */
function queueOperations(schemas: SchemaConverter): Record<string, Record<string, Operation>> {
  const id: Parameter = {
    name: 'id',
    in: 'path',
    required: true,
    description: "The on-sale's id",
    schema: { type: 'integer', minimum: 1 },
  };
  const status = schemas.convert(QueueStatusSchema);
  const unknown = { description: 'No such on-sale', content: json(errorBody) };
  const noCookie = {
    description: 'No session cookie: this answer sets it; no place without it',
    content: json(errorBody),
  };
  const placesTaken = {
    description: 'Too many places from this address (a minute, or the on-sale)',
    content: json(errorBody),
  };
  const base = { tags: ['queue'], parameters: [id] };
  return {
    '/ajax/queue/{id}/status': {
      get: {
        ...base,
        operationId: 'queueStatus',
        summary: "Get the session's place in the on-sale's queue (joining it), and the pass once admitted",
        description: `Admitted, the answer sets the ${PASS_COOKIE} cookie (httpOnly) that reserve_tickets needs.`,
        security: SESSION,
        responses: {
          '200': { description: 'The status', content: json(status) },
          '403': noCookie,
          '404': unknown,
          '429': placesTaken,
        },
      },
    },
    '/ajax/queue/{id}/events': {
      get: {
        ...base,
        operationId: 'queueEvents',
        summary: 'Follow the status live (server-sent events)',
        description:
          'Each `data:` line is a status as GET status answers it, at once and every second; comments keep the ' +
          'connection alive. The stream ends once admitted, lost or ended. 429 when the browser has too many open.',
        security: SESSION,
        responses: {
          '200': { description: 'text/event-stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          '403': noCookie,
          '404': unknown,
          '429': { description: 'Too many streams for this session, or places', content: json(errorBody) },
        },
      },
    },
    '/ajax/queue/{id}/rejoin': {
      post: {
        ...base,
        operationId: 'queueRejoin',
        summary: 'Join the queue again, at the back, after a lost turn',
        security: SESSION_AND_XSRF,
        responses: {
          '200': { description: 'The status', content: json(status) },
          '403': { $ref: `${RESPONSE_REF_PREFIX}XsrfRefused` },
          '404': unknown,
          '429': placesTaken,
        },
      },
    },
  };
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  queue: "An on-sale's waiting room: the buyer's place, live, and joining again",
  checkout: 'The sale: basket, reservation, account details, payment, delivery and post-sale steps',
  user: 'The buyer: sign-in by one-time code, the signed-in user and their saved addresses',
  meta: 'This document and the health check',
};

export function buildOpenApiDocument(options: { serverUrl?: string } = {}): OpenApiDocument {
  const schemas = new SchemaConverter();
  const paths: OpenApiDocument['paths'] = {};
  for (const [name, call] of Object.entries(calls) as [CallName, CallDef][]) {
    (paths[call.path] ??= {})[call.method.toLowerCase()] = callOperation(name, call, schemas);
  }
  // The error body is named even where no call's own schemas mention it.
  schemas.convert(ApiErrorBodySchema);
  for (const [path, operations] of Object.entries({ ...otherOperations(), ...queueOperations(schemas) }))
    paths[path] = { ...paths[path], ...operations };
  const tags = [...new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags)))];
  const components = Object.fromEntries(
    NAMED_SCHEMAS.flatMap(([, id]) => (schemas.components[id] ? [[id, schemas.components[id]]] : [])),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Checkout API',
      version: `contract ${CONTRACT_VERSION}`,
      description:
        'The calls the checkout page makes, generated from the zod contract (@checkout/shared `calls`). POST bodies are ' +
        'form-encoded (nested fields in bracket notation, a[b]=c); a number or true/false field is sent as its text. ' +
        `Every call works on the session named by the ${SESSION_COOKIE} cookie, which the server sets on its first ` +
        `answer; every POST also needs the ${XSRF_HEADER_NAME} header, whose value is the ${XSRF_COOKIE} cookie the ` +
        'server sets beside it. A refusal is a 4xx whose body is an ApiError.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [
      {
        url: options.serverUrl ?? '/',
        description: 'The site that serves the checkout (the page and the API share one origin)',
      },
    ],
    tags: tags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    components: {
      schemas: components,
      responses: sharedResponses(),
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            'The session: an httpOnly cookie the server issues on the first answer (a value it did not issue is replaced ' +
            'by a fresh one) and renews at sign-in and sign-out. It carries the basket and the sign-in; send it back on every call.',
        },
        xsrf: {
          type: 'apiKey',
          in: 'header',
          name: XSRF_HEADER_NAME,
          description:
            `Proof that a POST comes from a page of this site: the value of the ${XSRF_COOKIE} cookie the server sets ` +
            'beside the session (an HMAC of the session). A POST without it, or with another value, is refused with 403.',
        },
      },
    },
  };
}
