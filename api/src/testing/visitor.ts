import { encodeForm, type FormValue } from '@checkout/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface PostOptions {
  /** Send the X-XSRF-TOKEN header: the right one (default), none (false) or this value. */
  xsrf?: boolean | string;
  contentType?: string;
}

/**
 * One browser: keeps its cookies between requests made with app.inject, and sends the XSRF header like the page. Its
 * requests come from `remoteAddress` when given (inject's own, 127.0.0.1, when not).
 */
export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress?: string,
  ) {}

  private get from(): { remoteAddress?: string } {
    return this.remoteAddress === undefined ? {} : { remoteAddress: this.remoteAddress };
  }

  get xsrfToken(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies) this.cookies.set(cookie.name, cookie.value);
    return response;
  }

  async get(url: string): Promise<LightMyRequestResponse> {
    return this.remember(
      await this.app.inject({ method: 'GET', url, headers: { cookie: this.cookieHeader() }, ...this.from }),
    );
  }

  /** Makes sure the visitor has a session and an XSRF cookie (what loading the page does first). */
  async start(): Promise<this> {
    if (!this.xsrfToken) await this.get('/ajax/user/user/get_user/');
    return this;
  }

  async post(
    url: string,
    body: Record<string, FormValue> | string = {},
    options: PostOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {
      cookie: this.cookieHeader(),
      'content-type': options.contentType ?? 'application/x-www-form-urlencoded',
    };
    const xsrf = options.xsrf ?? true;
    if (xsrf === true && this.xsrfToken) headers['x-xsrf-token'] = this.xsrfToken;
    if (typeof xsrf === 'string') headers['x-xsrf-token'] = xsrf;
    const payload = typeof body === 'string' ? body : encodeForm(body);
    return this.remember(await this.app.inject({ method: 'POST', url, headers, payload, ...this.from }));
  }
}
