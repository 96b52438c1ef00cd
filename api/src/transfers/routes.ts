import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { transferMessages } from './messages';
import { mailAcceptedTickets } from './notify';
import { WALLET_PATH } from '../delivery/wallet-email';
import { testModeBanner } from '../pages/html';
import { testModeOf } from '../payment/modes';
import { acceptTransfer, type AcceptOutcome } from './transfers';

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * A plain server page: the sentences are ours and fixed. The one thing from the request that reaches the HTML is the
 * link to sign in, built from the transfer's stored recipient email and URL-encoded (so it cannot close the attribute).
 */
function page(title: string, text: string, action: { href: string; label: string }, testMode: boolean): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body>${testModeBanner(testMode).value}<main><h1>${title}</h1><p>${text}</p><p><a href="${action.href}">${action.label}</a></p></main></body></html>`;
}

/**
 * Where the recipient goes next: the wallet shows the tickets of an email the session proved, so the sign-in page with
 * the recipient's email filled in, returning to the wallet once the one-time code is checked.
 */
export function recipientSignInPath(email: string): string {
  return `/signin/?next=${encodeURIComponent(WALLET_PATH)}&email=${encodeURIComponent(email)}`;
}

/** GET /transfers/accept/<token>: the link in the recipient's email moves the tickets to their account. */
export function registerTransferRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const testMode = testModeOf(deps.config.payment);
  app.get<{ Params: { token: string } }>('/transfers/accept/:token', async (request, reply) => {
    const token = request.params.token;
    const accepted = TOKEN.test(token) ? await acceptTransfer(db, token, clock.now()) : undefined;
    const outcome: AcceptOutcome = accepted?.outcome ?? 'unknown';
    // The new codes go to the recipient by email (outbox first, so a mail failure loses nothing).
    if (accepted?.transferId !== undefined) await mailAcceptedTickets(deps, accepted.transferId);
    const [status, text] =
      outcome === 'accepted'
        ? [200, transferMessages.accepted]
        : outcome === 'already'
          ? [200, transferMessages.alreadyAccepted]
          : outcome === 'unavailable'
            ? [409, transferMessages.unavailable]
            : [404, transferMessages.notFound];
    const action =
      accepted?.recipientEmail !== undefined
        ? { href: recipientSignInPath(accepted.recipientEmail), label: transferMessages.seeTickets }
        : { href: WALLET_PATH, label: 'Your tickets' };
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page('Ticket transfer', text, action, testMode));
  });
}
