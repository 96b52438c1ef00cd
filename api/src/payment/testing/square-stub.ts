import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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

export interface StubMoney {
  amount: number;
  currency: string;
}

export interface StubPayment {
  id: string;
  created_at: string;
  updated_at: string;
  amount_money: StubMoney;
  total_money: StubMoney;
  approved_money: StubMoney;
  refunded_money?: StubMoney;
  status: 'APPROVED' | 'COMPLETED' | 'CANCELED' | 'FAILED';
  delay_duration: string;
  delay_action: 'CANCEL';
  source_type: 'CARD';
  card_details: {
    status: 'AUTHORIZED' | 'CAPTURED' | 'VOIDED' | 'FAILED';
    card: {
      card_brand: string;
      last_4: string;
      exp_month: number;
      exp_year: number;
      fingerprint: string;
      card_type: string;
    };
    entry_method: 'KEYED';
    cvv_status: string;
    avs_status: string;
    errors?: SquareErrorBody[];
  };
  location_id: string;
  reference_id?: string;
  version_token: string;
  /** Not Square's: what the stub was sent, for the tests to read. */
  _request: { idempotency_key: string; verification_token?: string; autocomplete: boolean; source_id: string };
}

interface SquareErrorBody {
  category: string;
  code: string;
  detail: string;
  field?: string;
}

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
  refunds: {
    id: string;
    payment_id: string;
    amount_money: StubMoney;
    idempotency_key: string;
    reason: string | undefined;
  }[];
  requests: SquareStubRequest[];
  /** The next CreatePayment is carried out but its answer is never sent (the connection is cut), like a lost reply. */
  dropNextCreateAnswer(): void;
  close(): Promise<void>;
}

const DECLINES: Record<string, string> = {
  'cnon:card-nonce-declined': 'CARD_DECLINED',
  'cnon:card-nonce-insufficient-funds': 'INSUFFICIENT_FUNDS',
  'cnon:card-nonce-rejected-cvv': 'CVV_FAILURE',
  'cnon:card-nonce-rejected-postalcode': 'ADDRESS_VERIFICATION_FAILURE',
};
const VERIFY = 'cnon:card-nonce-requires-verification';
/** A test token may carry a suffix ('cnon:card-nonce-ok-2'): tokens are single use, so each payment needs its own. */
const declineOf = (sourceId: string) => Object.entries(DECLINES).find(([token]) => sourceId.startsWith(token))?.[1];

const invalid = (detail: string, field?: string) => ({
  status: 400,
  body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'INVALID_VALUE', detail, ...(field ? { field } : {}) }] },
});
const notFound = (what: string) => ({
  status: 404,
  body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: `Could not find ${what}` }] },
});

const isMoney = (value: unknown): value is StubMoney =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as StubMoney).amount) &&
  (value as StubMoney).amount > 0 &&
  /^[A-Z]{3}$/.test(String((value as StubMoney).currency));

export async function startSquareStub(options: { accessToken: string; locationId: string }): Promise<SquareStub> {
  const payments = new Map<string, StubPayment>();
  const refunds: SquareStub['refunds'] = [];
  const requests: SquareStubRequest[] = [];
  /** Idempotency: key -> the body it was first sent with and the answer. */
  const byKey = new Map<string, { body: string; reply: { status: number; body: unknown } }>();
  const usedTokens = new Set<string>();
  let dropNext = false;
  const newId = () => randomBytes(15).toString('base64url').replace(/[-_]/g, 'Q');
  const stamp = () => new Date().toISOString();

  function createPayment(body: Record<string, unknown>): { status: number; body: unknown } {
    const {
      idempotency_key: key,
      source_id: sourceId,
      amount_money: money,
      location_id: locationId,
      autocomplete,
      verification_token: verification,
    } = body;
    if (typeof key !== 'string' || key.length < 1 || key.length > 45)
      return invalid('idempotency_key must be 1 to 45 characters', 'idempotency_key');
    if (typeof sourceId !== 'string' || !sourceId.startsWith('cnon:'))
      return invalid('source_id must be a card token', 'source_id');
    if (!isMoney(money))
      return invalid('amount_money must be { amount: positive integer, currency: ISO 4217 }', 'amount_money');
    if (locationId !== options.locationId) return invalid(`location_id must be the seller's location`, 'location_id');
    if (typeof autocomplete !== 'boolean') return invalid('autocomplete must be a boolean', 'autocomplete');
    if (verification !== undefined && typeof verification !== 'string')
      return invalid('verification_token must be a string', 'verification_token');
    if (usedTokens.has(sourceId))
      return {
        status: 400,
        body: {
          errors: [
            {
              category: 'INVALID_REQUEST_ERROR',
              code: 'CARD_TOKEN_USED',
              detail: 'Card nonce already used; please request new nonce.',
              field: 'source_id',
            },
          ],
        },
      };
    usedTokens.add(sourceId);
    const declined =
      declineOf(sourceId) ??
      (sourceId.startsWith(VERIFY) && !verification ? 'CARD_DECLINED_VERIFICATION_REQUIRED' : undefined);
    const now = stamp();
    const payment: StubPayment = {
      id: newId(),
      created_at: now,
      updated_at: now,
      amount_money: money,
      total_money: money,
      approved_money: declined ? { amount: 0, currency: money.currency } : money,
      status: declined ? 'FAILED' : autocomplete ? 'COMPLETED' : 'APPROVED',
      delay_duration: 'PT168H',
      delay_action: 'CANCEL',
      source_type: 'CARD',
      card_details: {
        status: declined ? 'FAILED' : autocomplete ? 'CAPTURED' : 'AUTHORIZED',
        card: {
          card_brand: 'VISA',
          last_4: '1111',
          exp_month: 12,
          exp_year: 2034,
          fingerprint: 'sq-1-stub',
          card_type: 'CREDIT',
        },
        entry_method: 'KEYED',
        cvv_status: 'CVV_ACCEPTED',
        avs_status: 'AVS_ACCEPTED',
        ...(declined
          ? {
              errors: [
                { category: 'PAYMENT_METHOD_ERROR', code: declined, detail: `Authorization error: '${declined}'` },
              ],
            }
          : {}),
      },
      location_id: options.locationId,
      ...(typeof body.reference_id === 'string' ? { reference_id: body.reference_id } : {}),
      version_token: newId(),
      _request: {
        idempotency_key: key,
        source_id: sourceId,
        autocomplete,
        ...(typeof verification === 'string' ? { verification_token: verification } : {}),
      },
    };
    payments.set(payment.id, payment);
    if (declined)
      return { status: 400, body: { errors: payment.card_details.errors, payment: publicPayment(payment) } };
    return { status: 200, body: { payment: publicPayment(payment) } };
  }

  const publicPayment = (payment: StubPayment) => {
    const { _request: _sent, ...rest } = payment;
    return rest;
  };

  function answer(
    method: string,
    path: string,
    body: Record<string, unknown> | null,
  ): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v2/payments') return createPayment(body ?? {});
    if (method === 'POST' && path === '/v2/payments/cancel') {
      const key = body?.idempotency_key;
      if (typeof key !== 'string') return invalid('idempotency_key is required', 'idempotency_key');
      // Square answers success whether or not a payment was made with the key.
      for (const payment of payments.values()) {
        if (payment._request.idempotency_key === key && payment.status === 'APPROVED') {
          payment.status = 'CANCELED';
          payment.card_details.status = 'VOIDED';
        }
      }
      return { status: 200, body: {} };
    }
    const action = /^\/v2\/payments\/([^/]+)\/(complete|cancel)$/.exec(path);
    if (method === 'POST' && action) {
      const payment = payments.get(action[1] ?? '');
      if (!payment) return notFound('payment');
      if (action[2] === 'complete') {
        if (payment.status === 'APPROVED') {
          payment.status = 'COMPLETED';
          payment.card_details.status = 'CAPTURED';
        } else if (payment.status !== 'COMPLETED')
          return {
            status: 400,
            body: {
              errors: [
                { category: 'INVALID_REQUEST_ERROR', code: 'BAD_REQUEST', detail: `Payment is ${payment.status}` },
              ],
            },
          };
      } else {
        if (payment.status !== 'APPROVED')
          return {
            status: 400,
            body: {
              errors: [
                { category: 'INVALID_REQUEST_ERROR', code: 'BAD_REQUEST', detail: `Payment is ${payment.status}` },
              ],
            },
          };
        payment.status = 'CANCELED';
        payment.card_details.status = 'VOIDED';
      }
      payment.updated_at = stamp();
      return { status: 200, body: { payment: publicPayment(payment) } };
    }
    const get = /^\/v2\/payments\/([^/]+)$/.exec(path);
    if (method === 'GET' && get) {
      const payment = payments.get(get[1] ?? '');
      return payment ? { status: 200, body: { payment: publicPayment(payment) } } : notFound('payment');
    }
    if (method === 'POST' && path === '/v2/refunds') {
      const { idempotency_key: key, payment_id: paymentId, amount_money: money, reason } = body ?? {};
      if (typeof key !== 'string' || key.length < 1 || key.length > 45)
        return invalid('idempotency_key must be 1 to 45 characters', 'idempotency_key');
      if (!isMoney(money)) return invalid('amount_money must be { amount, currency }', 'amount_money');
      const payment = payments.get(String(paymentId));
      if (!payment) return notFound('payment');
      if (payment.status !== 'COMPLETED')
        return {
          status: 400,
          body: {
            errors: [
              { category: 'REFUND_ERROR', code: 'PAYMENT_NOT_REFUNDABLE', detail: `Payment is ${payment.status}` },
            ],
          },
        };
      const refunded = payment.refunded_money?.amount ?? 0;
      if (money.currency !== payment.total_money.currency || refunded + money.amount > payment.total_money.amount) {
        return {
          status: 400,
          body: {
            errors: [
              {
                category: 'REFUND_ERROR',
                code: 'REFUND_AMOUNT_INVALID',
                detail: 'The requested refund amount exceeds the amount available to refund.',
              },
            ],
          },
        };
      }
      payment.refunded_money = { amount: refunded + money.amount, currency: money.currency };
      const refund = {
        id: `${payment.id}_${newId()}`,
        payment_id: payment.id,
        amount_money: money,
        idempotency_key: key,
        reason: typeof reason === 'string' ? reason : undefined,
      };
      refunds.push(refund);
      return {
        status: 200,
        body: {
          refund: {
            id: refund.id,
            status: 'PENDING',
            amount_money: money,
            payment_id: payment.id,
            location_id: payment.location_id,
            created_at: stamp(),
            updated_at: stamp(),
          },
        },
      };
    }
    return notFound(`${method} ${path}`);
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://stub').pathname;
      let body: Record<string, unknown> | null = null;
      let reply: { status: number; body: unknown } | undefined;
      if (raw) {
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          reply = invalid('The body is not JSON');
        }
      }
      const authorization = req.headers.authorization;
      const squareVersion = req.headers['square-version'] as string | undefined;
      requests.push({
        method: req.method ?? '',
        path,
        authorization,
        squareVersion,
        contentType: req.headers['content-type'],
        body,
      });
      if (authorization !== `Bearer ${options.accessToken}`) {
        reply = {
          status: 401,
          body: {
            errors: [
              {
                category: 'AUTHENTICATION_ERROR',
                code: 'UNAUTHORIZED',
                detail: 'This request could not be authorized.',
              },
            ],
          },
        };
      } else if (!squareVersion || !/^\d{4}-\d{2}-\d{2}$/.test(squareVersion)) {
        reply = invalid('Square-Version must be an API version date');
      } else if (req.method === 'POST' && !String(req.headers['content-type'] ?? '').startsWith('application/json')) {
        reply = invalid('Content-Type must be application/json');
      }
      const key =
        req.method === 'POST' && typeof body?.idempotency_key === 'string'
          ? `${path} ${body.idempotency_key}`
          : undefined;
      if (!reply && key) {
        const first = byKey.get(key);
        if (first && first.body !== raw) {
          reply = {
            status: 400,
            body: {
              errors: [
                {
                  category: 'INVALID_REQUEST_ERROR',
                  code: 'IDEMPOTENCY_KEY_REUSED',
                  detail: 'The idempotency key was used with another request.',
                },
              ],
            },
          };
        } else if (first) reply = first.reply;
      }
      if (!reply) {
        reply = answer(req.method ?? '', path, body);
        if (key && reply.status < 500) byKey.set(key, { body: raw, reply });
      }
      if (dropNext && path === '/v2/payments' && req.method === 'POST') {
        dropNext = false;
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'application/json', 'square-version': squareVersion ?? '' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    payments,
    refunds,
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
