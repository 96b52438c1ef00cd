import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QUEUE_ID_PATTERN, queuePaths, type QueueStatus } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/queue';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { CSS_TYPE, hashedAsset, serveAssets } from '../web/hashed-assets';
import { layout, type PageAssets } from '../web/html';
import { pageScript } from '../web/page-scripts';
import { testModeOf } from '../payment/modes';
import { currentSale, reservationLapsed } from '../session/current-sale';
import { QueueLive, type LiveOptions } from './live';
import { queueBody, queueHead, queueNotFoundBody, queueRefusedBody } from './page';
import { gatedOnSale, hasUsablePass } from './queue';
import { registerQueueEvents } from './events-route';
import { onsaleIdOf, statusFor, type QueueDeps } from './queue-requests';

const HTML = 'text/html; charset=utf-8';

export { MAX_STREAMS_PER_SESSION } from './events-route';

interface IdParams {
  Params: { id: string };
}

/**
 * The query the queue page adds when it sends a browser without a session cookie back to itself with one: a browser
 * that comes back without the cookie even so is told cookies are needed, rather than sent round again.
 */
export const COOKIE_CHECK_QUERY = 'cookie';

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

interface QueuePage {
  assets: PageAssets;
  testMode: boolean;
}

/** The queue page (/queue/<id>/): the browser's place and status, or why it has none. */
function registerQueuePage(app: FastifyInstance, deps: QueueDeps, { assets, testMode }: QueuePage): void {
  const script = pageScript(__dirname, 'queue');
  const css = hashedAsset('queue', 'css', CSS_TYPE, readFileSync(path.join(__dirname, 'assets', 'queue.css'), 'utf8'));
  serveAssets(app, [script, css]);
  const pageAssets: PageAssets = { ...assets, styles: [...assets.styles, css.url] };

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
      status = onsaleId === null ? undefined : await statusFor(deps, request, reply, onsaleId);
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
}

/** The status (GET /ajax/queue/<id>/status) and joining again after a lost turn (POST /ajax/queue/<id>/rejoin). */
function registerQueueStatus(app: FastifyInstance, deps: QueueDeps): void {
  app.get<IdParams>('/ajax/queue/:id/status', async (request, reply) => {
    const status = await statusFor(deps, request, reply, onsaleIdOf(request.params.id));
    if (!status) throw new HttpError(404, messages.queueNotFound);
    return reply.send(status);
  });

  app.post<IdParams>('/ajax/queue/:id/rejoin', async (request, reply) => {
    const status = await statusFor(deps, request, reply, onsaleIdOf(request.params.id), true);
    if (!status) throw new HttpError(404, messages.queueNotFound);
    return reply.send(status);
  });
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
  const live = new QueueLive(db, clock, liveOptions);
  // The streams would keep the server from closing: they end first (the browsers reconnect to another process).
  app.addHook('preClose', async () => live.stop());
  registerQueuePage(app, deps, { assets, testMode: testModeOf(config.payment) });
  registerQueueStatus(app, deps);
  registerQueueEvents(app, deps, live);
  return live;
}
