import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';

/**
 * A tiny local stand-in for Stripe's HTTP API (tests only): the endpoints the adapter calls, with Stripe's shapes,
 * its idempotency (same Idempotency-Key -> same answer) and the Bearer key checked. Listens on 127.0.0.1.
 */
export interface StubIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  metadata: Record<string, string>;
  last_payment_error: { message: string } | null;
}

export interface StripeStub {
  port: number;
  intents: Map<string, StubIntent>;
  /** `amount` when a part was asked for; the whole intent otherwise. */
  refunds: { payment_intent: string; amount?: number; idempotencyKey: string | undefined }[];
  requests: { method: string; path: string; idempotencyKey: string | undefined }[];
  close(): Promise<void>;
}

export async function startStripeStub(secretKey: string): Promise<StripeStub> {
  const intents = new Map<string, StubIntent>();
  const refunds: StripeStub['refunds'] = [];
  const requests: StripeStub['requests'] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  let seq = 0;
  const next = (prefix: string) => `${prefix}_stub${(seq += 1)}`;

  const answer = (req: IncomingMessage, body: string): { status: number; body: unknown } => {
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    const url = new URL(req.url ?? '/', 'http://stub');
    const form = qs.parse(body) as Record<string, unknown>;
    const path = url.pathname;
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const id = next('pi');
      const paymentMethod = typeof form.payment_method === 'string' ? form.payment_method : null;
      const intent: StubIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: String(form.currency),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_stub`,
        customer: typeof form.customer === 'string' ? form.customer : null,
        payment_method: paymentMethod,
        metadata: (form.metadata as Record<string, string>) ?? {},
        last_payment_error: null,
      };
      intents.set(id, intent);
      if (form.confirm === 'true') {
        if (paymentMethod === 'pm_card_declined') {
          intent.last_payment_error = { message: 'Your card was declined.' };
          return {
            status: 402,
            body: {
              error: {
                type: 'card_error',
                code: 'card_declined',
                message: 'Your card was declined.',
                payment_intent: intent,
              },
            },
          };
        }
        intent.status = 'succeeded';
      }
      return { status: 200, body: intent };
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1] ?? '');
      return intent
        ? { status: 200, body: intent }
        : {
            status: 404,
            body: {
              error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' },
            },
          };
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (req.method === 'POST' && cancel) {
      const intent = intents.get(cancel[1] ?? '');
      if (!intent)
        return {
          status: 404,
          body: {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' },
          },
        };
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `This PaymentIntent's status is ${intent.status}.`,
            },
          },
        };
      }
      intent.status = 'canceled';
      return { status: 200, body: intent };
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      refunds.push({
        payment_intent: String(form.payment_intent),
        ...(form.amount === undefined ? {} : { amount: Number(form.amount) }),
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      });
      return {
        status: 200,
        body: { id: next('re'), object: 'refund', payment_intent: form.payment_intent, status: 'succeeded' },
      };
    }
    if (req.method === 'POST' && path === '/v1/customers')
      return { status: 200, body: { id: next('cus'), object: 'customer', email: form.email } };
    if (req.method === 'POST' && path === '/v1/setup_intents') {
      const id = next('seti');
      return {
        status: 200,
        body: {
          id,
          object: 'setup_intent',
          client_secret: `${id}_secret_stub`,
          customer: form.customer,
          status: 'requires_payment_method',
        },
      };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } },
    };
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path: req.url ?? '', idempotencyKey });
      const cacheKey = req.method === 'POST' && idempotencyKey ? `${req.url} ${idempotencyKey}` : undefined;
      const reply = (cacheKey && replies.get(cacheKey)) || answer(req, body);
      if (cacheKey) replies.set(cacheKey, reply);
      res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    intents,
    refunds,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
