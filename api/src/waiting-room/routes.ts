import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { QUEUE_ID_PATTERN, queuePaths, type QueueStatus } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/queue';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, QueueEntry } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import type { SessionHandle } from '../session/session';
import { CSS_TYPE, hashedAsset, serveAssets } from '../web/hashed-assets';
import { layout, type PageAssets } from '../web/html';
import { pageScript } from '../web/page-scripts';
import { testModeOf } from '../payment/modes';
import { currentSale, reservationLapsed } from '../session/current-sale';
import { QueueLive, type LiveOptions, type LiveWatcher } from './live';
import { queueBody, queueHead, queueNotFoundBody, queueRefusedBody } from './page';
import { admissionOf, isEnded } from './admission';
import { hitRateLimit, rateKey } from '../http/rate-limit';
import { clientGroupOf } from '../http/client-group';
import {
  ClientPlacesTaken,
  gatedOnSale,
  hasUsablePass,
  joinQueue,
  loadEntry,
  PASS_COOKIE,
  queueStatus,
  rejoinQueue,
  type ClientPlaces,
  type IssuedPass,
} from './queue';

const HTML = 'text/html; charset=utf-8';

/** Streams one browser (one session) may hold open in one process: a few tabs; more are answered with polling. */
export const MAX_STREAMS_PER_SESSION = 4;

interface IdParams {
  Params: { id: string };
}

/**
 * The query the queue page adds when it sends a browser without a session cookie back to itself with one: a browser
 * that comes back without the cookie even so is told cookies are needed, rather than sent round again.
 */
export const COOKIE_CHECK_QUERY = 'cookie';

/** The on-sale's id from the URL, or a 404 with a sentence: anything but a plain positive integer is no queue's. */
function onsaleIdOf(raw: string): number {
  if (!QUEUE_ID_PATTERN.test(raw)) throw new HttpError(404, messages.queueNotFound);
  return Number(raw);
}

/** The session row's id, the row made when the visitor has none yet (the queue keeps its place by it). */
async function sessionIdOf(db: Db, session: SessionHandle): Promise<number> {
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
 * GET /checkout/'s gate: the queue page's URL when the session's basket holds tickets an on-sale gates and it holds
 * neither a live reservation nor a pass it could still use; else null (the checkout is served).
 */
export function checkoutQueueRedirect({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  return async (request: FastifyRequest): Promise<string | null> => {
    const sale = await currentSale(db, request.session);
    if (!sale || sale.status === 'paid') return null;
    const now = clock.now();
    if (sale.status === 'reserved' && !reservationLapsed(sale, now)) return null;
    const onsaleId = await gatedOnSale(db, { saleId: sale.id }, now);
    if (onsaleId === null) return null;
    const session = await request.session.load();
    if (session && (await hasUsablePass(db, onsaleId, session.id, now))) return null;
    return queuePaths.page(onsaleId);
  };
}

/**
 * The waiting room for buyers: the queue page (/queue/<id>/), its status (GET /ajax/queue/<id>/status), its live
 * stream (GET /ajax/queue/<id>/events, server-sent events) and joining again after a lost turn (POST
 * /ajax/queue/<id>/rejoin, with the XSRF header like every POST). Registered under the session plugin: one browser,
 * one place, whatever the tabs and reloads. The status and the page hand over the pass (checkout_pass) once admitted.
 */
export function registerQueueRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  assets: PageAssets,
  liveOptions: LiveOptions = {},
): QueueLive {
  const { db, clock, config } = deps;
  const testMode = testModeOf(config.payment);
  const live = new QueueLive(db, clock, liveOptions);
  // The streams would keep the server from closing: they end first (the browsers reconnect to another process).
  app.addHook('preClose', async () => live.stop());
  const streamsPerSession = new Map<string, number>();
  let openStreams = 0;

  /**
   * A place is kept by the session cookie, so a request that brought none (or one this server did not issue) gets no
   * place: its answer sets the cookie, and the browser comes back with it. Nothing is written for it.
   */
  const requireSession = (request: FastifyRequest): void => {
    if (request.session.fresh) throw new HttpError(403, messages.queueCookieNeeded);
  };

  /** The client a new place counts against: request.ip, the proxy's forwarded address only from a trusted proxy. */
  const clientOf = (request: FastifyRequest): ClientPlaces => ({
    key: rateKey('queue-place', clientGroupOf(request.ip)),
    limit: config.queue.placesPerClient,
  });

  /**
   * A browser already in this queue goes on; a new place counts against its client address, per minute here and in
   * all when the place is made (joinQueue): every replica counts the same, in the database, so one client cannot take
   * thousands of places and spend their turns.
   */
  const mayJoin = async (request: FastifyRequest, onsaleId: number, sessionId: number): Promise<QueueEntry | null> => {
    const entry = await loadEntry(db, onsaleId, sessionId);
    if (entry) return entry;
    const rule = { limit: config.queue.joinsPerClient, windowSeconds: 60 };
    const decision = await hitRateLimit(db, rateKey('queue-join', request.ip), rule, clock.now());
    if (!decision.allowed) throw new HttpError(429, messages.queueTooManyPlaces);
    return null;
  };

  /** A join refused because the client's places are all taken: a 429 with its sentence (nothing was written). */
  const placesTaken = (error: unknown): never => {
    if (error instanceof ClientPlacesTaken) throw new HttpError(429, messages.queuePlacesTaken);
    throw error;
  };

  const script = pageScript(__dirname, 'queue');
  const css = hashedAsset('queue', 'css', CSS_TYPE, readFileSync(path.join(__dirname, 'assets', 'queue.css'), 'utf8'));
  serveAssets(app, [script, css]);
  const pageAssets: PageAssets = { ...assets, styles: [...assets.styles, css.url] };

  /** The status for this request's session (joining the queue), the pass cookie set when one was issued now. */
  const statusFor = async (
    request: FastifyRequest,
    reply: FastifyReply,
    onsaleId: number,
    rejoin = false,
  ): Promise<QueueStatus | undefined> => {
    requireSession(request);
    const sessionId = await sessionIdOf(db, request.session);
    const entry = await mayJoin(request, onsaleId, sessionId);
    const now = clock.now();
    const client = clientOf(request);
    const answer = await (
      rejoin
        ? rejoinQueue(db, onsaleId, sessionId, now, client)
        : queueStatus(db, onsaleId, sessionId, now, request.cookies[PASS_COOKIE], entry, client)
    ).catch(placesTaken);
    if (!answer) return undefined;
    if (answer.pass) setPassCookie(reply, answer.pass, now, config.secureCookies);
    return answer.status;
  };

  app.get<IdParams>('/queue/:id', async (request, reply) =>
    reply.redirect(`/queue/${encodeURIComponent(request.params.id)}/`, 301),
  );

  app.get<IdParams & { Querystring: Record<string, unknown> }>('/queue/:id/', async (request, reply) => {
    const onsaleId = QUEUE_ID_PATTERN.test(request.params.id) ? Number(request.params.id) : null;
    reply.header('content-type', HTML).header('x-robots-tag', 'noindex');
    // A browser without a session cookie (a link opened in a fresh browser) is sent back here with the cookie this
    // answer sets, and queues then; no place is given to a request that never sends the cookie.
    if (onsaleId !== null && request.session.fresh && request.query[COOKIE_CHECK_QUERY] === undefined)
      return reply.redirect(`${queuePaths.page(onsaleId)}?${COOKIE_CHECK_QUERY}=1`, 303);
    let status: QueueStatus | undefined;
    try {
      status = onsaleId === null ? undefined : await statusFor(request, reply, onsaleId);
    } catch (error) {
      if (!(error instanceof HttpError) || (error.statusCode !== 429 && error.statusCode !== 403)) throw error;
      // Only the per-minute limit passes with time; the other refusals stand however long the browser waits.
      if (error.message === messages.queueTooManyPlaces) reply.header('retry-after', '60');
      const retry = error.message === messages.queueCookieNeeded && onsaleId !== null ? onsaleId : undefined;
      return reply
        .code(error.statusCode)
        .send(layout({ title: messages.queueTitle, body: queueRefusedBody(error.message, retry), assets, testMode }));
    }
    if (onsaleId === null || status === undefined)
      return reply.code(404).send(layout({ title: messages.queueTitle, body: queueNotFoundBody(), assets, testMode }));
    const head = queueHead(status);
    return reply.send(
      layout({
        title: messages.queueTitle,
        body: queueBody(onsaleId, status),
        assets: pageAssets,
        scripts: [script.url],
        testMode,
        ...(head ? { head } : {}),
      }),
    );
  });

  app.get<IdParams>('/ajax/queue/:id/status', async (request, reply) => {
    const status = await statusFor(request, reply, onsaleIdOf(request.params.id));
    if (!status) throw new HttpError(404, messages.queueNotFound);
    return reply.send(status);
  });

  app.post<IdParams>('/ajax/queue/:id/rejoin', async (request, reply) => {
    const status = await statusFor(request, reply, onsaleIdOf(request.params.id), true);
    if (!status) throw new HttpError(404, messages.queueNotFound);
    return reply.send(status);
  });

  app.get<IdParams>('/ajax/queue/:id/events', async (request, reply) => {
    const onsaleId = onsaleIdOf(request.params.id);
    const key = request.session.tokenHash;
    if ((streamsPerSession.get(key) ?? 0) >= MAX_STREAMS_PER_SESSION)
      throw new HttpError(429, messages.queueTooManyStreams);
    const onsale = await live.onsale(onsaleId);
    if (!onsale) throw new HttpError(404, messages.queueNotFound);
    requireSession(request);
    const sessionId = await sessionIdOf(db, request.session);
    const entry = await mayJoin(request, onsaleId, sessionId);
    const now = clock.now();
    // The entry is read (made) once here; the stream's later statuses are computed in this process (live.ts). No pass
    // is issued here: a stream cannot set the cookie, so the page asks the status endpoint once admitted.
    const joined = isEnded(admissionOf(onsale), now)
      ? null
      : await joinQueue(db, onsaleId, sessionId, now, { onsale, entry }, clientOf(request)).catch(placesTaken);
    if (joined === undefined) throw new HttpError(404, messages.queueNotFound);

    // Counted again after the reads above: the streams of one browser open at once.
    const open = streamsPerSession.get(key) ?? 0;
    if (open >= MAX_STREAMS_PER_SESSION) throw new HttpError(429, messages.queueTooManyStreams);
    if (openStreams >= config.queue.streamsPerProcess) throw new HttpError(503, messages.queueStreamsBusy);
    const body = new PassThrough();
    streamsPerSession.set(key, open + 1);
    openStreams += 1;
    let closed = false;
    const end = () => {
      if (closed) return;
      closed = true;
      openStreams -= 1;
      const left = (streamsPerSession.get(key) ?? 1) - 1;
      if (left > 0) streamsPerSession.set(key, left);
      else streamsPerSession.delete(key);
      body.end();
    };
    const write = (text: string) => {
      if (!closed) body.write(text);
    };
    // The browser waits this long before reconnecting a dropped stream.
    write('retry: 3000\n\n');
    const watcher: LiveWatcher | null = joined
      ? {
          onsaleId,
          sessionId,
          entry: joined.entry,
          send: (status) => write(`data: ${JSON.stringify(status)}\n\n`),
          ping: () => write(': ping\n\n'),
          end,
        }
      : null;
    // The browser went away (either side's close says so; the clean-up runs once).
    const gone = () => {
      if (watcher) live.remove(watcher);
      end();
    };
    request.raw.on('close', gone);
    reply.raw.on('close', gone);
    if (watcher) live.add(watcher);
    else {
      write(`data: ${JSON.stringify({ state: 'ended' } satisfies QueueStatus)}\n\n`);
      end();
    }
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('x-accel-buffering', 'no')
      .send(body);
  });

  return live;
}
