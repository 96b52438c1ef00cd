import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { html, layout, type PageAssets } from '../web/html';
import { links } from '../catalogue/links';
import { saleMessages } from './messages';
import { testModeOf } from '../payment/modes';
import { WALLET_PATH } from '../emails/wallet-email';
import { SIGNIN_PATHS } from '../identity/sign-in-paths';
import { lockSessionsOfMove, moveSale, MOVABLE } from './move';

export const RECOVERY_PATH = '/smartcheckout/';
export const RECOVERY_COMPLETED_PATH = '/smartcheckout/completed/';
/** A sale reference (sale/reference.ts): anything else is not looked up. */
const REFERENCE = /^CT-[A-HJ-NP-Z2-9]{16}$/;
const HTML = 'text/html; charset=utf-8';
/** Where a paid order's tickets are seen: the wallet, for whoever proves the order's email. */
const SIGN_IN_TO_WALLET = `${SIGNIN_PATHS.page}?next=${encodeURIComponent(WALLET_PATH)}`;

/**
 * The shareable recovery link /smartcheckout/?session={sale_reference}. The reference is a bearer secret
 * (80 random bits): an unpaid sale moves to the visiting browser's session, reservation and all (every other session
 * lets go of it: sale/move.ts), and the browser goes on to the checkout. Once paid the link opens nothing: it shows a
 * neutral page with nothing of the order on it and a way to sign in to the wallet with the order's email; an unknown
 * or ended checkout gets a friendly 404 page.
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
    body: html`<div class="prose"><h1>Order complete</h1><p>${saleMessages.recoveryCompleted}</p><p><a href="${SIGN_IN_TO_WALLET}">${saleMessages.recoverySignIn}</a></p><p><a href="${links.allEvents}">Browse events</a></p></div>`,
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
    const found = await db
      .selectFrom('sales')
      .select(['id', 'status'])
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (!found || found.status === 'destroyed') return fail();
    // A paid (or refunded) order is no longer the link's to give: nothing is attached, and the page leads to sign-in.
    if (!MOVABLE.has(found.status)) return reply.redirect(RECOVERY_COMPLETED_PATH);
    // The visitor's row made first (outside the move), so the move can lock every session it touches in id order.
    const visitorId = (await request.session.lock(db)).id;
    const outcome = await db.transaction().execute(async (tx) => {
      const sessions = await lockSessionsOfMove(tx, reference, visitorId, found.id);
      const visitor = sessions.find((row) => row.id === visitorId);
      const sale = await tx.selectFrom('sales').selectAll().where('id', '=', found.id).forUpdate().executeTakeFirst();
      if (!visitor || !sale || sale.status === 'destroyed') return 'unknown' as const;
      if (!MOVABLE.has(sale.status)) return 'paid' as const;
      await moveSale(tx, sale, visitor, now);
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
