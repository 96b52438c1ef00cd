import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPayment } from './square-stub/create-payment';
import { cancelByKey, completeOrCancel, getPayment } from './square-stub/payment-actions';
import { createRefund } from './square-stub/refunds';
import {
  invalid,
  notFound,
  type Reply,
  squareError,
  type StubPayment,
  type StubRefund,
  type StubState,
} from './square-stub/state';

/**
 * A local stand-in for Square's Payments and Refunds APIs (tests only), with the request and response shapes of
 * Square's reference (developer.squareup.com/reference/square/payments-api): the endpoints the adapter calls, checked
 * field by field (path, Authorization: Bearer, Square-Version, JSON body with idempotency_key, amount_money
 * { amount, currency }, source_id, verification_token, location_id, autocomplete), Square's idempotency (the same key
 * and body answer the same; the same key with another body is IDEMPOTENCY_KEY_REUSED), single-use card tokens, and
 * Square's sandbox test tokens (each may carry a suffix, '-2', since a token is spent by its first payment):
 *
 * - `cnon:card-nonce-ok`: approved;
 * - `cnon:card-nonce-declined`: CARD_DECLINED (a FAILED payment beside the error, as Square answers);
 * - `cnon:card-nonce-insufficient-funds`, `cnon:card-nonce-rejected-cvv`, `cnon:card-nonce-rejected-postalcode`;
 * - `cnon:card-nonce-requires-verification`: CARD_DECLINED_VERIFICATION_REQUIRED unless a verification_token is sent.
 *
 * A malformed request is a 400 with Square's INVALID_REQUEST_ERROR, so a wrong shape fails the test that sent it.
 * Listens on 127.0.0.1.
 */

export type { StubMoney, StubPayment } from './square-stub/state';

export interface SquareStubRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  squareVersion: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown> | null;
}

export interface SquareStub {
  port: number;
  baseUrl: string;
  payments: Map<string, StubPayment>;
  refunds: StubRefund[];
  requests: SquareStubRequest[];
  /** The next CreatePayment is carried out but its answer is never sent (the connection is cut), like a lost reply. */
  dropNextCreateAnswer(): void;
  close(): Promise<void>;
}

/** The endpoint a request names, and its answer. */
function answer(state: StubState, method: string, path: string, body: Record<string, unknown> | null): Reply {
  if (method === 'POST' && path === '/v2/payments') return createPayment(state, body ?? {});
  if (method === 'POST' && path === '/v2/payments/cancel') return cancelByKey(state, body);
  const action = /^\/v2\/payments\/([^/]+)\/(complete|cancel)$/.exec(path);
  if (method === 'POST' && action) return completeOrCancel(state, action[1] ?? '', action[2] as 'complete' | 'cancel');
  const get = /^\/v2\/payments\/([^/]+)$/.exec(path);
  if (method === 'GET' && get) return getPayment(state, get[1] ?? '');
  if (method === 'POST' && path === '/v2/refunds') return createRefund(state, body);
  return notFound(`${method} ${path}`);
}

/** What Square refuses before it looks at the endpoint: the access token, the API version, a body that is not JSON. */
function refusal(req: IncomingMessage, accessToken: string, bodyIsJson: boolean): Reply | undefined {
  const squareVersion = req.headers['square-version'] as string | undefined;
  if (req.headers.authorization !== `Bearer ${accessToken}`)
    return squareError(401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.');
  if (!squareVersion || !/^\d{4}-\d{2}-\d{2}$/.test(squareVersion))
    return invalid('Square-Version must be an API version date');
  if (req.method === 'POST' && !String(req.headers['content-type'] ?? '').startsWith('application/json'))
    return invalid('Content-Type must be application/json');
  return bodyIsJson ? undefined : invalid('The body is not JSON');
}

export async function startSquareStub(options: { accessToken: string; locationId: string }): Promise<SquareStub> {
  const state: StubState = { locationId: options.locationId, payments: new Map(), refunds: [], usedTokens: new Set() };
  const requests: SquareStubRequest[] = [];
  /** Idempotency: key -> the body it was first sent with and the answer. */
  const byKey = new Map<string, { body: string; reply: Reply }>();
  let dropNext = false;

  function reply(req: IncomingMessage, raw: string, path: string): Reply {
    let body: Record<string, unknown> | null = null;
    let bodyIsJson = true;
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        bodyIsJson = false;
      }
    }
    requests.push({
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      squareVersion: req.headers['square-version'] as string | undefined,
      contentType: req.headers['content-type'],
      body,
    });
    const refused = refusal(req, options.accessToken, bodyIsJson);
    if (refused) return refused;
    const key =
      req.method === 'POST' && typeof body?.idempotency_key === 'string'
        ? `${path} ${body.idempotency_key}`
        : undefined;
    const first = key ? byKey.get(key) : undefined;
    if (first && first.body !== raw)
      return squareError(
        400,
        'INVALID_REQUEST_ERROR',
        'IDEMPOTENCY_KEY_REUSED',
        'The idempotency key was used with another request.',
      );
    if (first) return first.reply;
    const answered = answer(state, req.method ?? '', path, body);
    if (key && answered.status < 500) byKey.set(key, { body: raw, reply: answered });
    return answered;
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://stub').pathname;
      const answered = reply(req, raw, path);
      if (dropNext && path === '/v2/payments' && req.method === 'POST') {
        dropNext = false;
        req.socket.destroy();
        return;
      }
      const squareVersion = req.headers['square-version'] as string | undefined;
      res.writeHead(answered.status, { 'content-type': 'application/json', 'square-version': squareVersion ?? '' });
      res.end(JSON.stringify(answered.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    payments: state.payments,
    refunds: state.refunds,
    requests,
    dropNextCreateAnswer: () => {
      dropNext = true;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
