import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../platform/clock';
import type { Db, DbOrTx, Session } from '../db/schema';
import { HttpError } from '../http/errors';
import { serverMessages } from '../http/server-messages';
import { hashToken, isIssuedToken, isWellFormedToken, newSessionToken, sameToken, xsrfTokenFor } from './tokens';

export const SESSION_COOKIE = 'checkout_sid';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route registered under the session plugin (except sessionless ones). */
    session: SessionHandle;
  }
  interface FastifyContextConfig {
    /**
     * A file that is the same for everyone (content-hashed assets): no session, no cookies, and its own cache policy.
     * Every other route under the session plugin answers `no-store` and `Vary: Cookie`.
     */
    sessionless?: boolean;
  }
}

/** Route options for a content-hashed asset served inside the session context. */
export const SESSIONLESS = { config: { sessionless: true } } as const;

/** Adds Cookie to a Vary header value, keeping what is there. */
export function varyCookie(current: unknown): string {
  const names = (typeof current === 'string' ? current : Array.isArray(current) ? current.join(',') : '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('*') || names.some((name) => name.toLowerCase() === 'cookie')) return names.join(', ');
  return [...names, 'Cookie'].join(', ');
}

/**
 * The visitor's session. The cookie carries a random token; the row (user, current sale) is written only when
 * something needs storing, so browsing and reading a guest's empty checkout cost no writes.
 */
export class SessionHandle {
  private cached: Promise<Session | undefined> | undefined;
  private hashValue: string | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private tokenValue: string,
    /**
     * The request came without a session cookie this server issued (none, or one it did not make): its token is new,
     * and goes out with the answer. Something that must be one per browser (a queue place) waits until it comes back.
     */
    readonly fresh = false,
  ) {}

  get token(): string {
    return this.tokenValue;
  }

  get tokenHash(): string {
    this.hashValue ??= hashToken(this.tokenValue);
    return this.hashValue;
  }

  /** The stored row, if any (read once per request). */
  load(): Promise<Session | undefined> {
    this.cached ??= this.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', this.tokenHash)
      .executeTakeFirst();
    return this.cached;
  }

  /**
   * The row, created if missing and locked until the transaction ends: two requests of one visitor that change the
   * basket queue behind each other instead of racing.
   */
  async lock(tx: DbOrTx): Promise<Session> {
    const now = this.clock.now();
    const row = await tx
      .insertInto('sessions')
      .values({ token_hash: this.tokenHash, created_at: now, last_seen_at: now })
      .onConflict((oc) => oc.column('token_hash').doUpdateSet({ last_seen_at: now }))
      .returningAll()
      .executeTakeFirstOrThrow();
    this.cached = Promise.resolve(row);
    return row;
  }

  /** After a transaction changed the row, later reads in this request see the change. */
  forget(): void {
    this.cached = undefined;
  }

  /** @internal used by rotateSession */
  replaceToken(token: string): void {
    this.tokenValue = token;
    this.hashValue = undefined;
    this.cached = undefined;
  }
}

export interface SessionOptions {
  db: Db;
  clock: Clock;
  secret: string;
  secureCookies: boolean;
  /** The origin buyers reach the page on (PUBLIC_URL); a POST's Origin must be it or the request's own host. */
  publicOrigin?: string;
}

/**
 * Whether a POST was sent by another site: the browser says so in Sec-Fetch-Site (cross-site, or same-site for a
 * sibling host or port) and in Origin. The XSRF token already stops these; this second check refuses them even if a
 * token leaked, and before any work is done. Requests without the headers (old browsers, tests, curl) pass on to the
 * token check.
 */
export function isCrossSite(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
}

/** Sessions of one app: the request hook, and token rotation for sign-in. */
export class Sessions {
  private readonly tokenKey: Buffer;

  constructor(private readonly options: SessionOptions) {
    this.tokenKey = this.deriveKey('session-token');
  }

  /** A fresh token, issued by this server. */
  newToken(): string {
    return newSessionToken(this.tokenKey);
  }

  /**
   * The token this request runs under: the presented one when this server issued it, else a fresh one. A session id
   * the client chose (session fixation: an attacker's id planted in a victim's browser) is never used. Tokens from
   * before tokens carried a MAC are kept while their session row exists, so a deploy does not empty baskets; no new
   * row can be made for an unsigned token.
   */
  async acceptedToken(presented: string | undefined): Promise<{ token: string; fresh: boolean }> {
    if (presented === undefined || !isWellFormedToken(presented)) return { token: this.newToken(), fresh: true };
    if (isIssuedToken(this.tokenKey, presented)) return { token: presented, fresh: false };
    const row = await this.options.db
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', hashToken(presented))
      .executeTakeFirst();
    return row ? { token: presented, fresh: false } : { token: this.newToken(), fresh: true };
  }

  /** A key for another use of the server secret (e.g. one-time code hashes), so one secret configures them all. */
  deriveKey(purpose: string): Buffer {
    return createHmac('sha256', this.options.secret).update(`derive:${purpose}`).digest();
  }

  private setCookies(reply: FastifyReply, token: string): void {
    const base = { path: '/', sameSite: 'lax' as const, secure: this.options.secureCookies, maxAge: MAX_AGE_SECONDS };
    reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true });
    reply.setCookie(XSRF_COOKIE, xsrfTokenFor(this.options.secret, token), { ...base, httpOnly: false });
  }

  /**
   * Gives every request of this context a session (a new cookie when it has none) and refuses any POST whose
   * X-XSRF-TOKEN header is not the HMAC of its session token: the page sends the XSRF-TOKEN cookie back as that
   * header; another site can neither read the cookie nor compute the HMAC. A POST the browser marks as coming from
   * another site (isCrossSite) is refused first.
   */
  register(app: FastifyInstance): void {
    const { db, clock, secret } = this.options;
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config.sessionless) return;
      const { token, fresh } = await this.acceptedToken(request.cookies[SESSION_COOKIE]);
      request.session = new SessionHandle(db, clock, token, fresh);
      const expected = xsrfTokenFor(secret, token);
      if (fresh || request.cookies[XSRF_COOKIE] !== expected) this.setCookies(reply, token);
      if (request.method === 'POST') {
        if (isCrossSite(request, this.options.publicOrigin)) throw new HttpError(403, serverMessages.crossSiteRejected);
        const header = request.headers[XSRF_HEADER];
        if (!sameToken(expected, typeof header === 'string' ? header : undefined)) {
          throw new HttpError(403, serverMessages.xsrfRejected);
        }
      }
    });
    // What is answered here depends on the session (names, emails, references, ticket codes, and the cookies
    // themselves): no cache may keep it or hand it to another visitor.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.routeOptions.config.sessionless) return payload;
      const cacheControl = reply.getHeader('cache-control');
      if (typeof cacheControl !== 'string' || !/\bno-store\b/.test(cacheControl))
        reply.header('cache-control', 'no-store');
      reply.header('vary', varyCookie(reply.getHeader('vary')));
      return payload;
    });
  }

  /**
   * A new token for the same session row (on sign-in: a token planted before sign-in is worthless after it). The new
   * session and XSRF cookies go out with this response.
   */
  async rotate(request: FastifyRequest, reply: FastifyReply, tx: DbOrTx): Promise<void> {
    const token = this.newToken();
    await tx
      .updateTable('sessions')
      .set({ token_hash: hashToken(token) })
      .where('token_hash', '=', request.session.tokenHash)
      .execute();
    request.session.replaceToken(token);
    this.setCookies(reply, token);
  }
}

/** Sign-in's session rotation (a new session id on sign-in); see Sessions.rotate. */
export function rotateSession(
  sessions: Sessions,
  request: FastifyRequest,
  reply: FastifyReply,
  tx: DbOrTx,
): Promise<void> {
  return sessions.rotate(request, reply, tx);
}
