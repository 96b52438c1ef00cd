import { QUEUE_ID_PATTERN, type QueueStatus } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/queue';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, QueueEntry } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { clientGroupOf } from '../http/client-group';
import type { SessionHandle } from '../session/session';
import { hitRateLimit, rateKey } from '../http/rate-limit';
import {
  ClientPlacesTaken,
  loadEntry,
  PASS_COOKIE,
  queueStatus,
  rejoinQueue,
  type ClientPlaces,
  type IssuedPass,
} from './queue';

/** What the queue's routes read: the database, the clock, the queue's limits and the cookies' settings. */
export type QueueDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** The on-sale's id from the URL, or a 404 with a sentence: anything but a plain positive integer is no queue's. */
export function onsaleIdOf(raw: string): number {
  if (!QUEUE_ID_PATTERN.test(raw)) throw new HttpError(404, messages.queueNotFound);
  return Number(raw);
}

/** The session row's id, the row made when the visitor has none yet (the queue keeps its place by it). */
export async function sessionIdOf(db: Db, session: SessionHandle): Promise<number> {
  const row = await session.load();
  if (row) return row.id;
  const made = await db.transaction().execute((tx) => session.lock(tx));
  return made.id;
}

/** The pass as the contract says: httpOnly, SameSite=Lax, Secure like the session cookie, for as long as it lasts. */
function setPassCookie(reply: FastifyReply, pass: IssuedPass, now: Date, secure: boolean): void {
  const maxAge = Math.max(1, Math.ceil((pass.expiresAt.getTime() - now.getTime()) / 1000));
  reply.setCookie(PASS_COOKIE, pass.token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge });
}

/**
 * A place is kept by the session cookie, so a request that brought none (or one this server did not issue) gets no
 * place: its answer sets the cookie, and the browser comes back with it. Nothing is written for it.
 */
export function requireSession(request: FastifyRequest): void {
  if (request.session.fresh) throw new HttpError(403, messages.queueCookieNeeded);
}

/** The client a new place counts against: request.ip, the proxy's forwarded address only from a trusted proxy. */
export const clientOf = ({ config }: QueueDeps, request: FastifyRequest): ClientPlaces => ({
  key: rateKey('queue-place', clientGroupOf(request.ip)),
  limit: config.queue.placesPerClient,
});

/**
 * A browser already in this queue goes on; a new place counts against its client address, per minute here and in
 * all when the place is made (joinQueue): every replica counts the same, in the database, so one client cannot take
 * thousands of places and spend their turns.
 */
export async function mayJoin(
  { db, clock, config }: QueueDeps,
  request: FastifyRequest,
  onsaleId: number,
  sessionId: number,
): Promise<QueueEntry | null> {
  const entry = await loadEntry(db, onsaleId, sessionId);
  if (entry) return entry;
  const rule = { limit: config.queue.joinsPerClient, windowSeconds: 60 };
  const decision = await hitRateLimit(db, rateKey('queue-join', request.ip), rule, clock.now());
  if (!decision.allowed) throw new HttpError(429, messages.queueTooManyPlaces);
  return null;
}

/** A join refused because the client's places are all taken: a 429 with its sentence (nothing was written). */
export function placesTaken(error: unknown): never {
  if (error instanceof ClientPlacesTaken) throw new HttpError(429, messages.queuePlacesTaken);
  throw error;
}

/** The status for this request's session (joining the queue), the pass cookie set when one was issued now. */
export async function statusFor(
  deps: QueueDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  onsaleId: number,
  rejoin = false,
): Promise<QueueStatus | undefined> {
  const { db, clock, config } = deps;
  requireSession(request);
  const sessionId = await sessionIdOf(db, request.session);
  const entry = await mayJoin(deps, request, onsaleId, sessionId);
  const now = clock.now();
  const client = clientOf(deps, request);
  const answer = await (
    rejoin
      ? rejoinQueue(db, onsaleId, sessionId, now, client)
      : queueStatus(db, onsaleId, sessionId, now, request.cookies[PASS_COOKIE], entry, client)
  ).catch(placesTaken);
  if (!answer) return undefined;
  if (answer.pass) setPassCookie(reply, answer.pass, now, config.secureCookies);
  return answer.status;
}
