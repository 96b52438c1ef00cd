import { createHash, createPublicKey } from 'node:crypto';
import * as tlSigning from 'truelayer-signing';
import type * as z from 'zod/mini';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../db/schema';
import { paymentMessages } from '../messages';
import { PROVIDER_REQUEST_TIMEOUT_MS } from './timeouts';
import {
  answerProblem,
  CancelAnswer,
  KeySetAnswer,
  PaymentAnswer,
  PaymentCreatedAnswer,
  RefundCreatedAnswer,
  RefundListAnswer,
  TokenAnswer,
  type TrueLayerPayment,
} from './truelayer-answers';
import {
  type BankPaymentStatus,
  type BankProvider,
  type CreateIntentInput,
  ProviderError,
  type RefundPart,
} from './types';

export interface TrueLayerKeys {
  clientId: string;
  clientSecret: string;
  /** The id TrueLayer gave the public key of the signing key pair (Console > Payments > Settings). */
  signingKeyId: string;
  /** The EC P-521 private key that signs every POST (Tl-Signature), PEM. */
  signingPrivateKeyPem: string;
  /** The merchant accounts payments are made into, per currency; a currency without one is not offered. */
  merchantAccounts: Partial<Record<'GBP' | 'EUR', string>>;
  environment: 'sandbox' | 'production';
  /** Where TrueLayer's payment page sends the buyer back: `${PUBLIC_URL}/checkout/?truelayer_return=1`. */
  returnUri: string;
  /** Other origins for TrueLayer's auth server, API and payment page (tests: local stubs). */
  authBase?: string;
  apiBase?: string;
  hppBase?: string;
  /** JWKS addresses a webhook signature may name besides TrueLayer's own (tests: a local stub's). */
  extraWebhookJkus?: string[];
  /** How long one request may take before it counts as no answer (default PROVIDER_REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** TrueLayer's hosts per environment (docs.truelayer.com; webhook keys: truelayer-signing's README). */
export const TRUELAYER_HOSTS = {
  sandbox: {
    auth: 'https://auth.truelayer-sandbox.com',
    api: 'https://api.truelayer-sandbox.com',
    hpp: 'https://payment.truelayer-sandbox.com',
    jwks: 'https://webhooks.truelayer-sandbox.com/.well-known/jwks',
  },
  production: {
    auth: 'https://auth.truelayer.com',
    api: 'https://api.truelayer.com',
    hpp: 'https://payment.truelayer.com',
    jwks: 'https://webhooks.truelayer.com/.well-known/jwks',
  },
} as const;

export type { TrueLayerPayment };

/** TrueLayer refused a request or failed: its problem details (RFC 7807) are in `body`. */
export class TrueLayerError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`TrueLayer ${what} answered ${status}: ${JSON.stringify(body)}`);
    this.name = 'TrueLayerError';
  }
}

/**
 * TrueLayer (or something in its place) answered a success of a shape the adapter cannot read: `body` is what came.
 * Not retried: the same request would get the same answer.
 */
export class TrueLayerAnswerError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
    problem: string,
  ) {
    super(`TrueLayer ${what} answered ${status} with an unexpected body (${problem}): ${JSON.stringify(body)}`);
    this.name = 'TrueLayerAnswerError';
  }
}

/** What came back, as JSON when it is JSON (a proxy's error page is kept as text, for the error). */
async function readAnswer(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A webhook that is not TrueLayer's (no signature, a key address not TrueLayer's, a signature that does not verify). */
export class WebhookRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookRefused';
  }
}

/**
 * A UUID made from a key (always the same one): TrueLayer's Idempotency-Key is a UUID, and a retry after a crash must
 * send the very key of the first try, which is derived from the sale's payment slot.
 */
export function idempotencyUuid(key: string): string {
  const hash = createHash('sha256').update(key).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x40;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * TrueLayer's payment status in our words. 'authorizing' here means approved at the bank with the money on its way
 * (it can no longer be cancelled, and a second tab must not replace it): TrueLayer's 'authorized'. Its own
 * 'authorizing' (the buyer is choosing a bank or at the bank) is still 'pending'. Executed and settled both mean the
 * money was taken; a failure the buyer chose (cancelled on the payment page or at the bank) is 'cancelled'.
 */
export function bankStatusOf(payment: Pick<TrueLayerPayment, 'status' | 'failure_reason'>): BankPaymentStatus {
  switch (payment.status) {
    case 'authorized':
      return 'authorizing';
    case 'executed':
    case 'settled':
      return 'executed';
    case 'failed':
      return /cancel/i.test(payment.failure_reason ?? '') ? 'cancelled' : 'failed';
    default:
      // authorization_required, authorizing, attempt_failed (a retry is still possible) and anything new.
      return 'pending';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The remitter's statement reference: letters, digits, spaces and dashes, at most 18 characters (UK Faster Payments). */
const statementReference = (saleId: number) => `TICKETS-${saleId}`.slice(0, 18);

/**
 * The real open-banking provider: TrueLayer's Payments API v3 with the hosted payment page. Switched on by
 * TRUELAYER_CLIENT_ID + TRUELAYER_CLIENT_SECRET + TRUELAYER_SIGNING_KEY_ID + TRUELAYER_SIGNING_PRIVATE_KEY and a
 * merchant account (payment/config.ts).
 *
 * Every request carries an access token from TrueLayer's auth server (client credentials, kept until it expires);
 * every POST an Idempotency-Key derived from the sale's payment slot and a Tl-Signature of method, path, that key and
 * the body (truelayer-signing). What a payment collected is always read from TrueLayer (GET /v3/payments/{id}); a
 * webhook only says when to look (verifyWebhook, payment/truelayer-webhook.ts).
 */
export class TrueLayerBankProvider implements BankProvider {
  readonly name = 'truelayer' as const;
  readonly sandbox = false;
  private readonly hosts: { auth: string; api: string; hpp: string };
  private readonly timeoutMs: number;
  private readonly allowedJkus: ReadonlySet<string>;
  private token: { value: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;
  /** Per key address: its keys by kid, as PEM, and when they were fetched. */
  private readonly jwksCache = new Map<string, { keys: Map<string, string>; fetchedAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly keys: TrueLayerKeys,
  ) {
    const own = TRUELAYER_HOSTS[keys.environment];
    this.hosts = { auth: keys.authBase ?? own.auth, api: keys.apiBase ?? own.api, hpp: keys.hppBase ?? own.hpp };
    this.allowedJkus = new Set([own.jwks, ...(keys.extraWebhookJkus ?? [])]);
    this.timeoutMs = keys.timeoutMs ?? PROVIDER_REQUEST_TIMEOUT_MS;
  }

  /** A fetch that gives up after the request timeout (the answer's body included: the signal aborts its reading too). */
  private fetch(url: string | URL, init: RequestInit): Promise<Response> {
    return fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
  }

  // ---- Access token ---------------------------------------------------------------------------------------------

  /** A client-credentials token with the payments scope, fetched once and kept until a minute before it expires. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.tokenRequest ??= (async () => {
      try {
        const response = await this.fetch(`${this.hosts.auth}/connect/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            grant_type: 'client_credentials',
            client_id: this.keys.clientId,
            client_secret: this.keys.clientSecret,
            scope: 'payments',
          }),
        });
        const body = await readAnswer(response);
        if (!response.ok) throw new TrueLayerError(response.status, body, 'token request');
        const parsed = TokenAnswer.safeParse(body);
        if (!parsed.success)
          throw new TrueLayerAnswerError(response.status, body, 'token request', answerProblem(parsed.error));
        const { access_token: value, expires_in: lifetime = 3600 } = parsed.data;
        this.token = { value, expiresAt: Date.now() + Math.max(0, lifetime - 60) * 1000 };
        return value;
      } finally {
        this.tokenRequest = null;
      }
    })();
    return this.tokenRequest;
  }

  // ---- Requests ---------------------------------------------------------------------------------------------------

  /**
   * One API request: signed when it is a POST, retried with the same Idempotency-Key when TrueLayer could not be
   * reached, did not answer in time or failed on its side (5xx, 429), with a fresh token when the token was refused.
   * A success is parsed with `answer`: one of another shape throws TrueLayerAnswerError.
   */
  private async request<T>(
    method: 'GET' | 'POST',
    path: string,
    options: { answer: z.ZodMiniType<T>; body?: unknown; idempotencyKey?: string; what: string },
  ): Promise<T> {
    const url = new URL(path, `${this.hosts.api}/`);
    const body = options.body === undefined ? '' : JSON.stringify(options.body);
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (attempt > 0) await sleep(250 * 4 ** (attempt - 1));
      const headers: Record<string, string> = {
        authorization: `Bearer ${await this.accessToken()}`,
        accept: 'application/json',
      };
      if (method === 'POST') {
        const idempotencyKey = options.idempotencyKey ?? '';
        headers['idempotency-key'] = idempotencyKey;
        if (body) headers['content-type'] = 'application/json';
        headers['tl-signature'] = tlSigning.sign({
          kid: this.keys.signingKeyId,
          privateKeyPem: this.keys.signingPrivateKeyPem,
          method: 'POST' as tlSigning.HttpMethod,
          path: url.pathname,
          headers: { 'Idempotency-Key': idempotencyKey },
          body,
        });
      }
      let response: Response;
      let json: unknown;
      try {
        response = await this.fetch(url, { method, headers, ...(body ? { body } : {}) });
        json = await readAnswer(response);
      } catch (error) {
        lastError = error;
        continue;
      }
      if (response.ok) {
        const parsed = options.answer.safeParse(json);
        if (parsed.success) return parsed.data;
        throw new TrueLayerAnswerError(response.status, json, options.what, answerProblem(parsed.error));
      }
      lastError = new TrueLayerError(response.status, json, options.what);
      if (response.status === 401) this.token = null;
      else if (response.status !== 429 && response.status < 500) throw lastError;
    }
    throw lastError;
  }

  // ---- BankProvider -----------------------------------------------------------------------------------------------

  /** The buyer TrueLayer asks for: the sale's name and email (a guest's, or its account's). */
  private async buyer(saleId: number): Promise<{ name: string; email: string }> {
    const row = await this.db
      .selectFrom('sales as s')
      .leftJoin('users as u', 'u.id', 's.user_id')
      .select(['s.email', 's.full_name', 'u.email as account_email', 'u.first_name', 'u.last_name'])
      .where('s.id', '=', saleId)
      .executeTakeFirst();
    const email = row?.email ?? row?.account_email ?? null;
    if (!email) throw new ProviderError(paymentMessages.bankNotOffered, 'user_details_missing', 409);
    const name = (row?.full_name ?? `${row?.first_name ?? ''} ${row?.last_name ?? ''}`).trim();
    return { name: name || email, email };
  }

  async createPayment(input: CreateIntentInput & { reference: string }): Promise<{ id: string }> {
    const currency = input.currency.toUpperCase();
    const merchantAccountId =
      currency === 'GBP' || currency === 'EUR' ? this.keys.merchantAccounts[currency] : undefined;
    if (!merchantAccountId) throw new ProviderError(paymentMessages.bankNotOffered, 'currency_not_configured', 409);
    const created = await this.request('POST', '/v3/payments', {
      what: 'payment creation',
      answer: PaymentCreatedAnswer,
      idempotencyKey: idempotencyUuid(`payment:${input.idempotencyKey}`),
      body: {
        amount_in_minor: input.amountMinor,
        currency,
        payment_method: {
          type: 'bank_transfer',
          provider_selection: { type: 'user_selected' },
          beneficiary: {
            type: 'merchant_account',
            merchant_account_id: merchantAccountId,
            reference: statementReference(input.saleId),
          },
        },
        user: await this.buyer(input.saleId),
        metadata: { sale_id: String(input.saleId) },
      },
    });
    // A retry with the same key gets the same payment (and token) back: kept once.
    await this.db
      .insertInto('truelayer_payments')
      .values({ id: created.id, resource_token: created.resource_token, created_at: this.clock.now() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ resource_token: created.resource_token }))
      .execute();
    return { id: created.id };
  }

  /** TrueLayer's hosted payment page for the payment, returning the buyer to the checkout. */
  async authUrl(paymentId: string): Promise<string> {
    const row = await this.db
      .selectFrom('truelayer_payments')
      .select('resource_token')
      .where('id', '=', paymentId)
      .executeTakeFirst();
    if (!row) throw new ProviderError(paymentMessages.noBankPayment, 'resource_missing', 404);
    const fragment = new URLSearchParams({
      payment_id: paymentId,
      resource_token: row.resource_token,
      return_uri: this.keys.returnUri,
    });
    return `${this.hosts.hpp}/payments#${fragment.toString()}`;
  }

  /** The payment as TrueLayer has it. */
  async payment(paymentId: string): Promise<TrueLayerPayment> {
    try {
      return await this.request('GET', `/v3/payments/${encodeURIComponent(paymentId)}`, {
        what: 'payment status',
        answer: PaymentAnswer,
      });
    } catch (error) {
      if (error instanceof TrueLayerError && error.status === 404)
        throw new ProviderError(paymentMessages.noBankPayment, 'resource_missing', 404);
      throw error;
    }
  }

  async status(paymentId: string): Promise<BankPaymentStatus> {
    return bankStatusOf(await this.payment(paymentId));
  }

  async retrieve(paymentId: string): Promise<{ status: BankPaymentStatus; amountMinor: number; currency: string }> {
    const payment = await this.payment(paymentId);
    return { status: bankStatusOf(payment), amountMinor: payment.amount_in_minor, currency: payment.currency };
  }

  /**
   * Cancels a payment the buyer has not authorised (TrueLayer allows it until then); one authorised meanwhile, or
   * already over, is left as it is. Answers its status afterwards.
   */
  async cancel(paymentId: string): Promise<BankPaymentStatus> {
    if ((await this.status(paymentId)) === 'pending') {
      try {
        await this.request('POST', `/v3/payments/${encodeURIComponent(paymentId)}/actions/cancel`, {
          what: 'cancel',
          answer: CancelAnswer,
          idempotencyKey: idempotencyUuid(`cancel:${paymentId}`),
        });
      } catch (error) {
        // Refused: the buyer authorised it in the meantime (its status, read again below, says so).
        if (!(error instanceof TrueLayerError) || error.status >= 500) throw error;
      }
    }
    return this.status(paymentId);
  }

  /**
   * Gives the whole payment back (POST /v3/payments/{id}/refunds). TrueLayer refunds only a payment settled into the
   * merchant account: one executed but not settled yet throws, and the refund job tries again later. A refund already
   * made for it (this job's, before a crash) is not made twice. A `part` is given back under its own idempotency key.
   */
  async refund(paymentId: string, part?: RefundPart): Promise<void> {
    const payment = await this.payment(paymentId);
    if (payment.status === 'failed') return;
    if (payment.status !== 'settled')
      throw new Error(`TrueLayer payment ${paymentId} is ${payment.status}: it can be refunded once settled`);
    const path = `/v3/payments/${encodeURIComponent(paymentId)}/refunds`;
    if (part) {
      await this.request('POST', path, {
        what: 'refund',
        answer: RefundCreatedAnswer,
        idempotencyKey: idempotencyUuid(`refund:${part.key}`),
        body: { amount_in_minor: part.amountMinor, reference: 'TICKETS REFUND' },
      });
      return;
    }
    const existing = await this.request('GET', path, { what: 'refund list', answer: RefundListAnswer });
    if (existing.items.some((refund) => refund.status !== 'failed')) return;
    await this.request('POST', path, {
      what: 'refund',
      answer: RefundCreatedAnswer,
      idempotencyKey: idempotencyUuid(`refund:${paymentId}`),
      body: { amount_in_minor: payment.amount_in_minor, reference: 'TICKETS REFUND' },
    });
  }

  // ---- Webhooks -------------------------------------------------------------------------------------------------

  /**
   * TrueLayer's webhook signing keys at an allowed address, by kid, kept for ten minutes (fetched again for a rotated
   * key). Each JWK is turned into PEM once, by node's own crypto: truelayer-signing's JWKS path converts the key on
   * every verification in plain JavaScript, near a second of CPU for a P-521 key.
   */
  private async jwks(jku: string, fresh: boolean): Promise<Map<string, string>> {
    const cached = this.jwksCache.get(jku);
    const age = cached ? Date.now() - cached.fetchedAt : Infinity;
    // Fetched again for a signature that did not verify, but at most once a minute: forged webhooks cannot make this
    // server hammer TrueLayer's key address.
    if (cached && (fresh ? age < 60_000 : age < 600_000)) return cached.keys;
    const response = await this.fetch(jku, { headers: { accept: 'application/json' } });
    const body = await readAnswer(response);
    if (!response.ok) throw new Error(`TrueLayer JWKS ${jku} answered ${response.status}`);
    const set = KeySetAnswer.safeParse(body);
    if (!set.success) throw new TrueLayerAnswerError(response.status, body, `JWKS ${jku}`, answerProblem(set.error));
    const keys = new Map<string, string>();
    for (const jwk of set.data.keys) {
      if (!jwk.kid) continue;
      try {
        keys.set(
          jwk.kid,
          createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString(),
        );
      } catch {
        // A key of a kind node cannot read is no key a webhook can be verified with.
      }
    }
    this.jwksCache.set(jku, { keys, fetchedAt: Date.now() });
    return keys;
  }

  /**
   * Throws WebhookRefused unless the request is a webhook signed by TrueLayer: its Tl-Signature names (jku) one of
   * TrueLayer's key addresses, and verifies with that key over the method, path, signed headers and the raw body.
   */
  async verifyWebhook(request: { path: string; headers: Record<string, string>; body: string }): Promise<void> {
    const signature = request.headers['tl-signature'];
    if (!signature) throw new WebhookRefused('no Tl-Signature');
    let jku: string | undefined;
    try {
      jku = tlSigning.extractJku(signature);
    } catch {
      throw new WebhookRefused('a Tl-Signature that is not a JWS');
    }
    if (!jku || !this.allowedJkus.has(jku))
      throw new WebhookRefused(`a signing key address that is not TrueLayer's: ${jku ?? 'none'}`);
    const kid = tlSigning.extractKid(signature);
    const verify = (keys: Map<string, string>) => {
      const publicKeyPem = keys.get(kid);
      if (!publicKeyPem) throw new tlSigning.SignatureError(`no key ${kid} in TrueLayer's key set`);
      tlSigning.verify({
        publicKeyPem,
        signature,
        method: 'POST' as tlSigning.HttpMethod,
        path: request.path,
        headers: request.headers,
        body: request.body,
      });
    };
    try {
      verify(await this.jwks(jku, false));
    } catch (error) {
      if (!(error instanceof tlSigning.SignatureError)) throw error;
      // TrueLayer may have rotated its keys since they were fetched: once more with the current set.
      try {
        verify(await this.jwks(jku, true));
      } catch (again) {
        if (again instanceof tlSigning.SignatureError)
          throw new WebhookRefused(`the signature does not verify: ${again.message}`);
        throw again;
      }
    }
  }
}
