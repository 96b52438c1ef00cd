import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { html, layout, type PageAssets } from '../pages/html';
import { links } from '../catalogue/links';
import { saleMessages } from './messages';
import { testModeOf } from '../payment/modes';

export const RECOVERY_PATH = '/smartcheckout/';
export const RECOVERY_COMPLETED_PATH = '/smartcheckout/completed/';
/** A sale reference (sale/reference.ts): anything else is not looked up. */
const REFERENCE = /^CT-[A-HJ-NP-Z2-9]{16}$/;
const HTML = 'text/html; charset=utf-8';

/**
 * The shareable recovery link /smartcheckout/?session={sale_reference} (spec 2). The reference is a bearer secret
 * (80 random bits): an unpaid sale is attached to the visiting browser's session, reservation and all, and the browser
 * goes on to the checkout. A paid sale's link shows a neutral page with nothing of the order on it; an unknown or
 * ended checkout gets a friendly 404 page.
 */
export function registerRecovery(app: FastifyInstance, { db, clock, config }: AppDeps, assets: PageAssets): void {
  const testMode = testModeOf(config.payment);
  const notFound = layout({
    title: 'Checkout not found',
    body: html`<div class="prose"><h1>Checkout not found</h1><p>${saleMessages.recoveryNotFound}</p><p><a href="${links.allEvents}">Browse events</a></p></div>`,
    assets,
    testMode,
  });
  const completed = layout({
    title: 'Order complete',
    body: html`<div class="prose"><h1>Order complete</h1><p>${saleMessages.recoveryCompleted}</p><p><a href="${links.allEvents}">Browse events</a></p></div>`,
    assets,
    testMode,
  });

  app.get<{ Querystring: { session?: unknown } }>(RECOVERY_PATH, async (request, reply) => {
    // The reference must not travel on in a Referer header, nor the answer be cached.
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const reference = typeof request.query.session === 'string' ? request.query.session.trim().toUpperCase() : '';
    const fail = () => reply.code(404).header('content-type', HTML).send(notFound);
    if (!REFERENCE.test(reference)) return fail();

    const now = clock.now();
    const outcome = await db.transaction().execute(async (tx) => {
      const session = await request.session.lock(tx);
      const sale = await tx
        .selectFrom('sales')
        .select(['id', 'status'])
        .where('reference', '=', reference)
        .forUpdate()
        .executeTakeFirst();
      if (!sale || sale.status === 'destroyed') return 'unknown' as const;
      if (sale.status === 'paid') return 'paid' as const;
      await tx.updateTable('sessions').set({ sale_id: sale.id }).where('id', '=', session.id).execute();
      await tx
        .updateTable('sales')
        .set({ session_id: session.id, updated_at: now })
        .where('id', '=', sale.id)
        .execute();
      return 'restored' as const;
    });
    request.session.forget();
    if (outcome === 'unknown') return fail();
    return reply.redirect(outcome === 'paid' ? RECOVERY_COMPLETED_PATH : links.checkout);
  });

  app.get(RECOVERY_COMPLETED_PATH, async (_request, reply) =>
    reply.header('content-type', HTML).header('cache-control', 'no-store').send(completed),
  );
}
