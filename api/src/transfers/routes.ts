import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../deps';
import { WALLET_PATH } from '../emails/wallet-email';
import { CSS_TYPE, hashedAsset, serveAssets } from '../web/hashed-assets';
import { layout, type PageAssets, type SafeHtml } from '../web/html';
import { pageScript } from '../web/page-scripts';
import { testModeOf } from '../payment/modes';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transferMessages } from './messages';
import { mailAcceptedTickets, transferOffer } from './notify';
import { offerBody, outcomeBody } from './page';
import { acceptTransfer, type AcceptOutcome } from './transfers';

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
const ROUTE = '/transfers/accept/:token';
const HTML = 'text/html; charset=utf-8';

/**
 * Where the recipient goes next: the wallet shows the tickets of an email the session proved, so the sign-in page with
 * the recipient's email filled in, returning to the wallet once the one-time code is checked.
 */
export function recipientSignInPath(email: string): string {
  return `/signin/?next=${encodeURIComponent(WALLET_PATH)}&email=${encodeURIComponent(email)}`;
}

const OUTCOME: Record<AcceptOutcome, { status: number; text: string; kind: 'success' | 'info' | 'error' }> = {
  accepted: { status: 200, text: transferMessages.accepted, kind: 'success' },
  already: { status: 200, text: transferMessages.alreadyAccepted, kind: 'info' },
  unavailable: { status: 409, text: transferMessages.unavailable, kind: 'error' },
  unknown: { status: 404, text: transferMessages.notFound, kind: 'error' },
};

/**
 * /transfers/accept/<token>, the link in the recipient's email. GET only shows the offer (who sends which tickets for
 * which event) with an Accept button: mail scanners and link previews follow links, so opening it moves nothing. The
 * button's POST (with the XSRF header, like every POST of the site) moves the tickets to the recipient. The token is a
 * bearer secret: never cached, never sent on as a Referer, never indexed.
 */
export function registerTransferRoutes(app: FastifyInstance, deps: AppDeps, assets: PageAssets): void {
  const { db, clock } = deps;
  const testMode = testModeOf(deps.config.payment);
  const script = pageScript(__dirname, 'transfer-accept');
  const css = hashedAsset(
    'transfer',
    'css',
    CSS_TYPE,
    readFileSync(path.join(__dirname, 'assets', 'transfer.css'), 'utf8'),
  );
  serveAssets(app, [script, css]);
  const pageAssets: PageAssets = { ...assets, styles: [...assets.styles, css.url] };

  const send = (reply: FastifyReply, status: number, body: SafeHtml, scripts: string[] = []) =>
    reply
      .code(status)
      .header('content-type', HTML)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .send(layout({ title: transferMessages.pageTitle, body, assets: pageAssets, scripts, testMode }));

  const outcomePage = (
    reply: FastifyReply,
    outcome: AcceptOutcome,
    recipientEmail: string | undefined,
    offer?: Awaited<ReturnType<typeof transferOffer>>,
  ) => {
    const { status, text, kind } = OUTCOME[outcome];
    const action =
      recipientEmail !== undefined
        ? { href: recipientSignInPath(recipientEmail), label: transferMessages.seeTickets }
        : { href: WALLET_PATH, label: 'Your tickets' };
    return send(reply, status, outcomeBody(text, action, offer, kind));
  };

  app.get<{ Params: { token: string } }>(ROUTE, async (request, reply) => {
    const token = request.params.token;
    const offer = TOKEN.test(token) ? await transferOffer(db, token) : undefined;
    if (!offer) return outcomePage(reply, 'unknown', undefined);
    if (offer.state !== 'open') return outcomePage(reply, offer.state, offer.recipientEmail, offer);
    return send(reply, 200, offerBody(token, offer), [script.url]);
  });

  app.post<{ Params: { token: string } }>(ROUTE, async (request, reply) => {
    const token = request.params.token;
    const accepted = TOKEN.test(token) ? await acceptTransfer(db, token, clock.now()) : undefined;
    // The new codes go to the recipient by email (outbox first, so a mail failure loses nothing).
    if (accepted?.transferId !== undefined) await mailAcceptedTickets(deps, accepted.transferId);
    const offer = accepted && accepted.outcome !== 'unknown' ? await transferOffer(db, token) : undefined;
    return outcomePage(reply, accepted?.outcome ?? 'unknown', accepted?.recipientEmail, offer);
  });
}
