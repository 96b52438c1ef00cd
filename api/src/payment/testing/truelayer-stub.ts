import { createPrivateKey, generateKeyPairSync, type KeyObject, randomUUID, sign as cryptoSign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as tlSigning from 'truelayer-signing';

/**
 * A local stand-in for TrueLayer (tests only): its auth server (client credentials), the Payments API v3 endpoints the
 * adapter calls, and its webhook signing. Listens on 127.0.0.1; one origin serves them all.
 *
 * - POST /connect/token: client_credentials with the client's id and secret and the payments scope.
 * - Every POST must carry an access token, an Idempotency-Key (a UUID) and a Tl-Signature that VERIFIES with the
 *   client's public key (truelayer-signing's verify, the Idempotency-Key required among the signed headers); the same
 *   key with another body is TrueLayer's 422 idempotency-key reuse; the same key and body answer the first answer.
 * - POST /v3/payments checks the documented shape (amount_in_minor, currency GBP/EUR, payment_method bank_transfer with
 *   provider_selection user_selected and a merchant_account beneficiary of a known account, user name and email) and
 *   answers 201 { id, user, resource_token, status: authorization_required }.
 * - GET /v3/payments/{id}; POST /v3/payments/{id}/actions/cancel (202, before authorisation only);
 *   GET|POST /v3/payments/{id}/refunds (a settled payment only, up to its amount).
 * - Errors are problem details (RFC 7807), as TrueLayer's.
 * - GET /.well-known/jwks: the stub's own webhook signing key; signWebhook signs a webhook with it, naming that
 *   address in the signature's jku, as TrueLayer's webhooks do.
 *
 * The bank's side (the buyer authorising, the bank executing, settlement) is played by the test with setStatus.
 */

export interface StubTrueLayerPayment {
  id: string;
  amount_in_minor: number;
  currency: string;
  payment_method: Record<string, unknown>;
  user: { id: string; name?: string; email?: string };
  metadata?: Record<string, string>;
  status: string;
  created_at: string;
  failure_reason?: string;
  failure_stage?: string;
  resource_token: string;
  refunds: {
    id: string;
    amount_in_minor: number;
    currency: string;
    reference: string;
    status: string;
    created_at: string;
  }[];
}

export interface TrueLayerStubRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface TrueLayerStub {
  baseUrl: string;
  jwksUrl: string;
  payments: Map<string, StubTrueLayerPayment>;
  requests: TrueLayerStubRequest[];
  tokensIssued: number;
  /** What the bank did: the payment's new status (with a failure reason for 'failed'). */
  setStatus(id: string, status: string, failureReason?: string): void;
  /**
   * A webhook as TrueLayer sends it: the body and headers (Tl-Signature over method, path, the timestamp header and
   * the body; jku naming this stub's key set). `signWith` and `jku` make a forgery for the refusal tests.
   */
  signWebhook(
    path: string,
    event: Record<string, unknown>,
    options?: { signWith?: KeyObject; kid?: string; jku?: string },
  ): { body: string; headers: Record<string, string> };
  /**
   * From now on `method path` (the path without its query) answers `reply`, a raw body sent as it is, instead of
   * TrueLayer's answer; or, with 'no answer', never answers (the connection stays open): until behave(). For the
   * adapter's handling of answers TrueLayer should never give.
   */
  misbehave(method: string, path: string, reply: { status: number; body: string } | 'no answer'): void;
  /** Every endpoint answers as TrueLayer again. */
  behave(): void;
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

const problem = (status: number, title: string, detail: string) => ({
  status,
  body: {
    type: `https://docs.truelayer.com/docs/error-types#${title.toLowerCase().replace(/\s+/g, '-')}`,
    title,
    status,
    trace_id: randomUUID(),
    detail,
  },
});

/** A JWS of TrueLayer's signature scheme v2 with a jku: truelayer-signing's sign() makes none, being the client's side. */
function webhookSignature(
  key: KeyObject,
  kid: string,
  jku: string,
  method: string,
  path: string,
  headers: [string, string][],
  body: string,
): string {
  const header = { alg: 'ES512', kid, tl_version: '2', tl_headers: headers.map(([name]) => name).join(','), jku };
  const payload = `${method} ${path}\n${headers.map(([name, value]) => `${name}: ${value}\n`).join('')}${body}`;
  const encodedHeader = Buffer.from(JSON.stringify(header)).toString('base64url');
  const signingInput = `${encodedHeader}.${Buffer.from(payload).toString('base64url')}`;
  const signature = cryptoSign('sha512', Buffer.from(signingInput), { key, dsaEncoding: 'ieee-p1363' }).toString(
    'base64url',
  );
  return `${encodedHeader}..${signature}`;
}

export async function startTrueLayerStub(options: {
  clientId: string;
  clientSecret: string;
  signingPublicKeyPem: string;
  merchantAccounts: Record<string, string>;
}): Promise<TrueLayerStub> {
  const payments = new Map<string, StubTrueLayerPayment>();
  const requests: TrueLayerStubRequest[] = [];
  const accessTokens = new Set<string>();
  const byKey = new Map<string, { body: string; reply: { status: number; body: unknown } }>();
  const webhookKeys = generateKeyPairSync('ec', { namedCurve: 'secp521r1' });
  const webhookKid = `stub-webhooks-${randomUUID()}`;
  const jwk = { ...webhookKeys.publicKey.export({ format: 'jwk' }), kid: webhookKid, alg: 'ES512', use: 'sig' };
  let baseUrl = '';
  const state = { tokensIssued: 0 };

  function token(body: Record<string, unknown>): { status: number; body: unknown } {
    if (body.grant_type !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type' } };
    if (body.client_id !== options.clientId || body.client_secret !== options.clientSecret)
      return { status: 401, body: { error: 'invalid_client' } };
    if (body.scope !== 'payments') return { status: 400, body: { error: 'invalid_scope' } };
    const value = `stub-access-${randomUUID()}`;
    accessTokens.add(value);
    state.tokensIssued += 1;
    return { status: 200, body: { access_token: value, expires_in: 3600, token_type: 'Bearer', scope: 'payments' } };
  }

  function createPayment(body: Record<string, unknown>): { status: number; body: unknown } {
    const method = body.payment_method as Record<string, unknown> | undefined;
    const selection = method?.provider_selection as Record<string, unknown> | undefined;
    const beneficiary = method?.beneficiary as Record<string, unknown> | undefined;
    const user = body.user as { name?: unknown; email?: unknown } | undefined;
    const invalid = (detail: string) => problem(400, 'Invalid Parameters', detail);
    if (!Number.isInteger(body.amount_in_minor) || (body.amount_in_minor as number) < 1)
      return invalid('amount_in_minor must be a positive integer');
    if (body.currency !== 'GBP' && body.currency !== 'EUR') return invalid('currency must be GBP or EUR');
    if (method?.type !== 'bank_transfer') return invalid('payment_method.type must be bank_transfer');
    if (selection?.type !== 'user_selected')
      return invalid('payment_method.provider_selection.type must be user_selected');
    if (beneficiary?.type !== 'merchant_account')
      return invalid('payment_method.beneficiary.type must be merchant_account');
    if (beneficiary.merchant_account_id !== options.merchantAccounts[body.currency])
      return invalid(`merchant_account_id is not a ${body.currency} merchant account of this client`);
    if (
      beneficiary.reference !== undefined &&
      (typeof beneficiary.reference !== 'string' || !/^[A-Za-z0-9 \-&./]{1,18}$/.test(beneficiary.reference))
    )
      return invalid('beneficiary.reference must be at most 18 letters, digits or - & . /');
    if (typeof user?.name !== 'string' || !user.name.trim()) return invalid('user.name is required');
    if (typeof user.email !== 'string' || !user.email.includes('@')) return invalid('user.email is required');
    const payment: StubTrueLayerPayment = {
      id: randomUUID(),
      amount_in_minor: body.amount_in_minor as number,
      currency: body.currency,
      payment_method: method,
      user: { id: randomUUID(), name: user.name, email: user.email },
      ...(body.metadata ? { metadata: body.metadata as Record<string, string> } : {}),
      status: 'authorization_required',
      created_at: new Date().toISOString(),
      resource_token: `stub-resource-token-${randomUUID()}`,
      refunds: [],
    };
    payments.set(payment.id, payment);
    return {
      status: 201,
      body: {
        id: payment.id,
        user: { id: payment.user.id },
        resource_token: payment.resource_token,
        status: payment.status,
      },
    };
  }

  const view = (payment: StubTrueLayerPayment) => {
    const { resource_token: _token, refunds: _refunds, ...rest } = payment;
    return rest;
  };

  function answer(method: string, path: string, body: Record<string, unknown>): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v3/payments') return createPayment(body);
    const match = /^\/v3\/payments\/([^/]+)(\/actions\/cancel|\/refunds)?$/.exec(path);
    const payment = match ? payments.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (!match) return problem(404, 'Not Found', `${method} ${path}`);
    if (!payment) return problem(404, 'Not Found', 'Payment not found');
    if (method === 'GET' && !match[2]) return { status: 200, body: view(payment) };
    if (method === 'POST' && match[2] === '/actions/cancel') {
      if (payment.status !== 'authorization_required' && payment.status !== 'authorizing')
        return problem(400, 'Payment Cannot Be Cancelled', `The payment is ${payment.status}`);
      Object.assign(payment, { status: 'failed', failure_reason: 'canceled', failure_stage: payment.status });
      return { status: 202, body: null };
    }
    if (method === 'GET' && match[2] === '/refunds') return { status: 200, body: { items: payment.refunds } };
    if (method === 'POST' && match[2] === '/refunds') {
      if (payment.status !== 'settled')
        return problem(400, 'Payment Not Settled', 'Only a settled payment can be refunded');
      const amount = body.amount_in_minor;
      const refunded = payment.refunds
        .filter((refund) => refund.status !== 'failed')
        .reduce((sum, refund) => sum + refund.amount_in_minor, 0);
      if (
        !Number.isInteger(amount) ||
        (amount as number) < 1 ||
        refunded + (amount as number) > payment.amount_in_minor
      )
        return problem(400, 'Invalid Parameters', 'amount_in_minor exceeds what can be refunded');
      if (typeof body.reference !== 'string' || !body.reference)
        return problem(400, 'Invalid Parameters', 'reference is required');
      const refund = {
        id: randomUUID(),
        amount_in_minor: amount as number,
        currency: payment.currency,
        reference: body.reference,
        status: 'pending',
        created_at: new Date().toISOString(),
      };
      payment.refunds.push(refund);
      return { status: 201, body: { id: refund.id } };
    }
    return problem(405, 'Method Not Allowed', `${method} ${path}`);
  }

  function handle(req: IncomingMessage, raw: string): { status: number; body: unknown } {
    const path = new URL(req.url ?? '/', 'http://stub').pathname;
    const method = req.method ?? '';
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = value;
    requests.push({ method, path, headers, body: raw });
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return problem(400, 'Invalid Request', 'The body is not JSON');
      }
    }
    if (method === 'GET' && path === '/.well-known/jwks') return { status: 200, body: { keys: [jwk] } };
    if (method === 'POST' && path === '/connect/token') {
      if (!String(headers['content-type'] ?? '').startsWith('application/json'))
        return { status: 400, body: { error: 'invalid_request' } };
      return token(body);
    }
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    if (!bearer || !accessTokens.has(bearer))
      return problem(401, 'Unauthenticated', 'A valid access token is required');
    if (method === 'POST') {
      const idempotencyKey = headers['idempotency-key'];
      if (!idempotencyKey || !UUID.test(idempotencyKey))
        return problem(400, 'Invalid Idempotency-Key', 'Idempotency-Key must be a UUID');
      const signature = headers['tl-signature'];
      if (!signature) return problem(401, 'Invalid Request Signature', 'Tl-Signature is missing');
      try {
        tlSigning.verify({
          publicKeyPem: options.signingPublicKeyPem,
          signature,
          method: 'POST' as tlSigning.HttpMethod,
          path,
          headers,
          body: raw,
          requiredHeaders: ['Idempotency-Key'],
        });
      } catch (error) {
        return problem(401, 'Invalid Request Signature', error instanceof Error ? error.message : 'signature refused');
      }
      const key = `${path} ${idempotencyKey}`;
      const first = byKey.get(key);
      if (first)
        return first.body === raw
          ? first.reply
          : problem(422, 'Idempotency-Key Reuse', 'The Idempotency-Key was used with another request');
      const reply = answer(method, path, body);
      if (reply.status < 500) byKey.set(key, { body: raw, reply });
      return reply;
    }
    return answer(method, path, body);
  }

  const misbehaviour = new Map<string, { status: number; body: string } | 'no answer'>();

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://stub').pathname;
      const odd = misbehaviour.get(`${req.method ?? ''} ${path}`);
      if (odd) {
        requests.push({ method: req.method ?? '', path, headers: {}, body: raw });
        if (odd === 'no answer') return;
        res.writeHead(odd.status, { 'content-type': 'application/json' });
        res.end(odd.body);
        return;
      }
      const reply = handle(req, raw);
      const problemBody =
        reply.status >= 400 && typeof reply.body === 'object' && reply.body !== null && 'title' in reply.body;
      res.writeHead(reply.status, { 'content-type': problemBody ? 'application/problem+json' : 'application/json' });
      res.end(reply.body === null ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  const jwksUrl = `${baseUrl}/.well-known/jwks`;

  return {
    baseUrl,
    jwksUrl,
    payments,
    requests,
    get tokensIssued() {
      return state.tokensIssued;
    },
    setStatus(id, status, failureReason) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no stub payment ${id}`);
      payment.status = status;
      if (failureReason) payment.failure_reason = failureReason;
    },
    signWebhook(path, event, signOptions = {}) {
      const body = JSON.stringify({ event_id: randomUUID(), event_version: 1, ...event });
      const headers: [string, string][] = [
        ['X-Tl-Webhook-Timestamp', new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')],
      ];
      const key =
        signOptions.signWith ?? createPrivateKey(webhookKeys.privateKey.export({ format: 'pem', type: 'pkcs8' }));
      const signature = webhookSignature(
        key,
        signOptions.kid ?? webhookKid,
        signOptions.jku ?? jwksUrl,
        'POST',
        path,
        headers,
        body,
      );
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-tl-webhook-timestamp': headers[0]?.[1] ?? '',
          'tl-signature': signature,
        },
      };
    },
    misbehave(method, path, reply) {
      misbehaviour.set(`${method} ${path}`, reply);
    },
    behave() {
      misbehaviour.clear();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
