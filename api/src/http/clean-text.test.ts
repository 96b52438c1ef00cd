import type { LightMyRequestResponse } from 'fastify';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SEED } from '../seed/catalogue';
import { apiCaller, type ApiCaller } from '../organiser-api/testing';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { isCleanEncodedText, isCleanValue } from './clean-text';
import { serverMessages } from './server-messages';

/**
 * NUL and text that is not UTF-8 are refused with a sentence before any handler runs, on PGlite and on PostgreSQL
 * (which would otherwise fail the query: "invalid byte sequence for encoding UTF8: 0x00"), and nothing is written.
 */
let t: TestApp;
let visitor: Visitor;
let api: ApiCaller;

beforeAll(async () => {
  t = await createTestApp();
  visitor = await t.visitor();
  api = await apiCaller(t, SEED.organiser.lifeboat);
});
afterAll(() => t.close());

/** The rows a refused request could have touched, as text. */
async function snapshot(): Promise<string> {
  const tables = await Promise.all([
    t.db.selectFrom('sales').selectAll().orderBy('id').execute(),
    t.db.selectFrom('sale_lines').selectAll().orderBy('id').execute(),
    t.db.selectFrom('holds').selectAll().orderBy('id').execute(),
    t.db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute(),
    t.db.selectFrom('outbox').selectAll().orderBy('id').execute(),
    t.db.selectFrom('jobs').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify(tables);
}

function expectRefused(response: LightMyRequestResponse): void {
  expect({ status: response.statusCode, error: response.json<{ error?: string }>().error }).toEqual({
    status: 400,
    error: serverMessages.forbiddenText,
  });
  // Refused like any other answer: with the security headers (http/security-headers.ts).
  expect(response.headers['x-content-type-options']).toBe('nosniff');
}

const BAD = ['%00', '%C3%28', '%FF'] as const;

/** Each page, call and organiser API id or filter the review found answering 500, with `X` where the bad text goes. */
const URLS = [
  '/all-events/?organiser=X',
  '/do/checkout/stripe_auth/?payment_intent=X',
  '/sandbox/stripe/3ds?client_secret=X',
  '/sandbox/truelayer/authorize?payment_id=X',
  '/api/v1/orders?reference=X',
  '/api/v1/events?external_id=X',
  '/api/v1/orders/X',
  '/api/v1/tickets/X',
  `${paths.get}?X=1`,
] as const;

describe.each(BAD)('%s', (bad) => {
  test.each(URLS)('in the URL %s', async (url) => {
    const before = await snapshot();
    const target = url.replace('X', `ab${bad}cd`);
    const response = url.startsWith('/api/v1/')
      ? await t.app.inject({ method: 'GET', url: target, headers: { authorization: `Bearer ${api.key}` } })
      : await visitor.get(target);
    expectRefused(response);
    expect(await snapshot()).toBe(before);
  });

  test('in a form body', async () => {
    const before = await snapshot();
    const response = await visitor.post(paths.addToBasket, `ticket_id=${SEED.ticket.onSale}&quantity=1&note=a${bad}b`);
    expectRefused(response);
    expect(await snapshot()).toBe(before);
  });

  test('in a form field name', async () => {
    const response = await visitor.post(paths.addToBasket, `ticket_id=${SEED.ticket.onSale}&quantity=1&a${bad}b=1`);
    expectRefused(response);
  });
});

test.each([
  ['a \\u0000 escape in a JSON value', '{"url":"https://example.com/a\\u0000b","events":["order.paid"]}'],
  ['a \\u0000 escape in a JSON key', '{"url":"https://example.com/ab","events":["order.paid"],"x\\u0000":1}'],
  ['a lone surrogate escape in a JSON value', '{"url":"https://example.com/a\\ud800b","events":["order.paid"]}'],
  ['a NUL byte in a JSON body', '{"url":"https://example.com/a\u0000b","events":["order.paid"]}'],
  [
    'bytes that are not UTF-8 in a JSON value',
    Buffer.from('{"url":"https://example.com/a\xc3(b","events":["order.paid"]}', 'latin1'),
  ],
  [
    'a 0xFF byte in a JSON value',
    Buffer.from('{"url":"https://example.com/a\xffb","events":["order.paid"]}', 'latin1'),
  ],
])('%s is refused, and no endpoint is created', async (_name, payload) => {
  const before = await snapshot();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: { authorization: `Bearer ${api.key}`, 'content-type': 'application/json' },
    payload,
  });
  expectRefused(response);
  expect(await snapshot()).toBe(before);
});

test.each([
  ['a 0xFF byte', Buffer.from(`ticket_id=${SEED.ticket.onSale}&quantity=1&note=a\xffb`, 'latin1')],
  ['a NUL byte', Buffer.from(`ticket_id=${SEED.ticket.onSale}&quantity=1&note=a\u0000b`, 'latin1')],
])('%s in a raw form body is refused', async (_name, payload) => {
  const before = await snapshot();
  const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await t.app.inject({
    method: 'POST',
    url: paths.addToBasket,
    headers: {
      cookie,
      'x-xsrf-token': visitor.xsrfToken ?? '',
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload,
  });
  expectRefused(response);
  expect(await snapshot()).toBe(before);
});

/** Sends exactly this request over a socket (fetch sends no body with a GET) and gives the status it got. */
function rawRequest(port: number, method: string, url: string, contentType: string, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: { 'content-type': contentType, 'content-length': body.length },
      },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve(incoming.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * On a real listening server (inject has no socket): a body no parser reads once killed the process with an unheard
 * stream 'error' (jest fails a test on such an error, and the next request would find nobody listening).
 */
describe('a bad body on a route that never reads it', () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  test.each([
    ['GET', '/healthz', 'application/json', Buffer.from([0])],
    ['GET', '/', 'application/x-www-form-urlencoded', Buffer.from([0xff])],
    ['POST', '/no-such-route', 'application/json', Buffer.from('{\u0000}', 'utf8')],
    ['POST', '/api/v1/no-such-route', 'application/json', Buffer.from([0xff, 0xfe])],
    ['POST', paths.get, 'application/json', Buffer.from([0xff])],
  ])('%s %s (%s) is answered and the process lives on', async (method, url, contentType, body) => {
    expect(await rawRequest(port, method, url, contentType, body)).toBeLessThan(500);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await rawRequest(port, 'GET', '/healthz', 'text/plain', Buffer.alloc(0))).toBe(200);
  });
});

test('text that is UTF-8 still passes: an accented name in the URL and in a body', async () => {
  expect((await visitor.get('/all-events/?q=caf%C3%A9')).statusCode).toBeLessThan(400);
  const response = await api.call('POST', '/webhooks', { url: 'https://example.com/café', events: ['order.paid'] });
  expect(response.statusCode).toBe(201);
});

test.each([
  ['/a?b=c', true],
  ['/a?b=caf%C3%A9', true],
  ['/a?b=café', true],
  ['/a?b=☕🎟', true],
  ['/a?b=100%', true],
  ['/a?b=%zz', true],
  ['/a?b=%00', false],
  ['/a?b=%C3%28', false],
  ['/a?b=%FF', false],
  ['/a?b=%ED%A0%80', false],
  ['/a?b=%C0%AF', false],
  ['/a\u0000', false],
  ['/a?b=\ud800', false],
])('isCleanEncodedText(%j) is %s', (text, expected) => {
  expect(isCleanEncodedText(text)).toBe(expected);
});

test.each([
  [{ a: ['x', { b: 'y' }], n: 1, z: null }, true],
  [{ a: ['x', { b: 'y\u0000' }] }, false],
  [{ ['k\u0000']: 'v' }, false],
  ['\udc00', false],
  ['\ud83d\ude00', true],
  [undefined, true],
  [JSON.parse(`${'['.repeat(500)}"a\\u0000"${']'.repeat(500)}`), false],
])('isCleanValue(%j) is %s', (value, expected) => {
  expect(isCleanValue(value)).toBe(expected);
});
