import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { Db, DbOrTx, Session } from '../db/schema';
import { HttpError } from '../http/errors';
import { serverMessages } from '../http/server-messages';
import { hashToken, isWellFormedToken, newSessionToken, sameToken, xsrfTokenFor } from './tokens';

export const SESSION_COOKIE = 'checkout_sid';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route registered under the session plugin. */
    session: SessionHandle;
  }
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
    this.cached ??= this.db.selectFrom('sessions').selectAll().where('token_hash', '=', this.tokenHash).executeTakeFirst();
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
  constructor(private readonly options: SessionOptions) {}

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
      const presented = request.cookies[SESSION_COOKIE];
      const known = isWellFormedToken(presented);
      const token = known ? presented : newSessionToken();
      request.session = new SessionHandle(db, clock, token);
      const expected = xsrfTokenFor(secret, token);
      if (!known || request.cookies[XSRF_COOKIE] !== expected) this.setCookies(reply, token);
      if (request.method === 'POST') {
        if (isCrossSite(request, this.options.publicOrigin)) throw new HttpError(403, serverMessages.crossSiteRejected);
        const header = request.headers[XSRF_HEADER];
        if (!sameToken(expected, typeof header === 'string' ? header : undefined)) {
          throw new HttpError(403, serverMessages.xsrfRejected);
        }
      }
    });
  }

  /**
   * A new token for the same session row (on sign-in: a token planted before sign-in is worthless after it). The new
   * session and XSRF cookies go out with this response.
   */
  async rotate(request: FastifyRequest, reply: FastifyReply, tx: DbOrTx): Promise<void> {
    const token = newSessionToken();
    await tx.updateTable('sessions').set({ token_hash: hashToken(token) }).where('token_hash', '=', request.session.tokenHash).execute();
    request.session.replaceToken(token);
    this.setCookies(reply, token);
  }
}

/** Sign-in's session rotation (DESIGN.md section 6: a new session id on sign-in); see Sessions.rotate. */
export function rotateSession(sessions: Sessions, request: FastifyRequest, reply: FastifyReply, tx: DbOrTx): Promise<void> {
  return sessions.rotate(request, reply, tx);
}
