/**
 * One browser against real api processes over HTTP: keeps its cookies (session, XSRF) and sends the XSRF header like
 * the page. The same buyer may talk to either of two api processes (a load balancer without sticky sessions).
 */
import { encodeForm, type FormValue } from '@checkout/shared';

export interface Answer {
  status: number;
  /** Parsed JSON, or the text when the body is not JSON. */
  body: unknown;
  /** The body as JSON object (empty when it is not one), for reading fields. */
  json: Record<string, unknown>;
}

export interface RequestOptions {
  /** Abort after this many ms (a dropped response: the server may still finish the work). */
  abortAfterMs?: number;
  /** Give up waiting after this many ms (default 30 s): a hang fails the test instead of stalling it. */
  timeoutMs?: number;
  /**
   * The response is lost on its way back: the server has finished (its headers arrived) but the buyer never reads it
   * (nor its cookies). Answers status 0.
   */
  dropResponse?: boolean;
}

export class Buyer {
  readonly cookies = new Map<string, string>();

  /**
   * `headers` are sent with every request, made afresh each time: e.g. the X-Forwarded-For a proxy in front of the
   * api would send for this buyer's address.
   */
  constructor(
    public baseURL: string,
    private readonly headers: () => Record<string, string> = () => ({}),
  ) {}

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }

  private async send(
    method: 'GET' | 'POST',
    pathname: string,
    base: string,
    form: Record<string, FormValue> | undefined,
    options: RequestOptions,
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      ...this.headers(),
      accept: 'application/json',
      cookie: [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
    };
    if (method === 'POST') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
    }
    const dropper = new AbortController();
    const signal = AbortSignal.any([
      dropper.signal,
      AbortSignal.timeout(options.abortAfterMs ?? options.timeoutMs ?? 30_000),
    ]);
    const response = await fetch(`${base}${pathname}`, {
      method,
      headers,
      signal,
      ...(method === 'POST' ? { body: encodeForm(form ?? {}) } : {}),
    });
    if (options.dropResponse) {
      dropper.abort();
      return { status: 0, body: null, json: {} };
    }
    this.remember(response);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    const json = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    return { status: response.status, body, json };
  }

  get(pathname: string, options: RequestOptions & { via?: string } = {}): Promise<Answer> {
    return this.send('GET', pathname, options.via ?? this.baseURL, undefined, options);
  }

  /** POSTs a form; `via` sends it to another api process than the buyer's usual one. */
  async post(
    pathname: string,
    form: Record<string, FormValue> = {},
    options: RequestOptions & { via?: string } = {},
  ): Promise<Answer> {
    await this.start(options.via);
    return this.send('POST', pathname, options.via ?? this.baseURL, form, options);
  }

  /** A session and an XSRF cookie, as loading the page gives. */
  async start(via?: string): Promise<this> {
    if (!this.cookies.has('XSRF-TOKEN')) await this.get('/ajax/user/user/get_user/', via ? { via } : {});
    return this;
  }
}

export const paths = {
  get: '/ajax/checkout/checkout/get/',
  add: '/ajax/checkout/checkout/add_to_basket/',
  reserve: '/ajax/checkout/checkout/reserve_tickets/',
  destroy: '/ajax/checkout/checkout/destroy_sale/',
  getToken: '/ajax/checkout/stripe/get_token/',
  confirm: '/sandbox/stripe/confirm',
  tokenize: '/sandbox/square/tokenize',
  paySquare: '/ajax/checkout/checkout/pay-with-square/',
  paymentError: '/ajax/checkout/checkout/get_payment_error/',
} as const;

/** Adds `qty` of a ticket type and expects the basket to take it. */
export async function addTickets(buyer: Buyer, ticketTypeId: number, qty: number, via?: string): Promise<void> {
  const answer = await buyer.post(paths.add, { ticket_id: ticketTypeId, quantity: qty }, via ? { via } : {});
  if (answer.json.success !== true)
    throw new Error(`add_to_basket refused (${answer.status}): ${JSON.stringify(answer.body)}`);
}

export const CARD_OK = '4242 4242 4242 4242';

/** A fresh idempotency key, as the page makes one per Pay attempt. */
export const newKey = () => `rel-${crypto.randomUUID()}`;

/** Pays a reserved basket with the card sandbox (get_token, then confirm): answers the confirm's status and body. */
export async function payByCard(buyer: Buyer, options: { key?: string; via?: string } = {}): Promise<Answer> {
  const token = await buyer.post(
    paths.getToken,
    { idempotency_key: options.key ?? newKey() },
    options.via ? { via: options.via } : {},
  );
  if (token.status !== 200 || typeof token.json.client_secret !== 'string') return token;
  return buyer.post(
    paths.confirm,
    {
      client_secret: token.json.client_secret,
      number: CARD_OK,
      exp_month: '12',
      exp_year: '34',
      cvc: '123',
      postcode: 'BN1 1AA',
    },
    options.via ? { via: options.via } : {},
  );
}

/** Runs `work` over `items` with at most `limit` running at once. */
export async function inBatches<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      for (;;) {
        const index = next;
        next += 1;
        if (index >= items.length) return;
        results[index] = await work(items[index] as T, index);
      }
    }),
  );
  return results;
}
