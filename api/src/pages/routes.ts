import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { registerAccountPages } from './account-pages';
import { renderAllEvents } from './all-events';
import { layout, type PageAssets } from '../web/html';
import { renderPurchaseTerms, renderRefundPolicy } from './legal';
import { testModeOf } from '../payment/modes';
import { registerWallet } from './wallet';

const HTML = 'text/html; charset=utf-8';

/** The plain server-rendered pages. Registered under the session context so a visitor has an XSRF cookie early. */
export function registerPages(app: FastifyInstance, deps: AppDeps, assets: PageAssets): void {
  const { db, clock } = deps;
  const testMode = testModeOf(deps.config.payment);
  registerAccountPages(app, deps, assets);
  registerWallet(app, deps, assets);
  // Static content: rendered once.
  const refundPolicy = layout({ title: 'Refund policy', body: renderRefundPolicy(), assets, testMode });
  const terms = layout({ title: 'Purchase terms and conditions', body: renderPurchaseTerms(), assets, testMode });

  app.get('/', async (_request, reply) => reply.redirect('/all-events/'));
  app.get('/all-events', async (_request, reply) => reply.redirect('/all-events/', 301));
  app.get<{ Querystring: { organiser?: unknown } }>('/all-events/', async (request, reply) => {
    const organiser =
      typeof request.query.organiser === 'string' && request.query.organiser.length <= 100
        ? request.query.organiser
        : undefined;
    const body = await renderAllEvents(db, clock.now(), organiser);
    return reply
      .header('content-type', HTML)
      .header('cache-control', 'no-store')
      .send(layout({ title: 'All events', body, assets, scripts: [assets.eventsScript], testMode }));
  });
  app.get('/refund-policy/', async (_request, reply) => reply.header('content-type', HTML).send(refundPolicy));
  app.get('/legal-information/purchase-terms-and-conditions/', async (_request, reply) =>
    reply.header('content-type', HTML).send(terms),
  );
}
