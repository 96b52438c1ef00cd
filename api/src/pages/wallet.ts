import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { niceDate } from '../catalogue/dates';
import type { AppDeps } from '../deps';
import { displayCode, TICKET_CODE_PATTERN } from '../delivery/codes';
import { WALLET_PATH } from '../delivery/wallet-email';
import { SESSIONLESS } from '../identity/session';
import { ownedTicket, walletOwnerOf, walletTickets, type WalletTicket } from '../delivery/wallet';
import { html, layout, type PageAssets } from './html';
import { testModeOf } from '../payment/modes';

const HTML = 'text/html; charset=utf-8';
export const walletQrPath = (code: string) => `${WALLET_PATH}qr/${code}.svg`;

/** The QR image's text alternative names the ticket, so a screen reader says which ticket it belongs to. */
function qrAlt(ticket: WalletTicket): string {
  return `QR code for ${[ticket.ticketName, ticket.seatLabel].filter(Boolean).join(', ')}, ${ticket.eventTitle}, ticket code ${displayCode(ticket.code)}`;
}

function ticketCard(ticket: WalletTicket) {
  return html`<li class="wallet-ticket">
<img class="wallet-ticket__qr" src="${walletQrPath(ticket.code)}" width="160" height="160" alt="${qrAlt(ticket)}">
<div class="stack">
<h2>${ticket.eventTitle}</h2>
<dl>
<dt>Date</dt><dd>${niceDate(ticket.startsAt, ticket.timezone)}</dd>
${ticket.location ? html`<dt>Where</dt><dd>${ticket.location}</dd>` : ''}
<dt>Ticket</dt><dd>${ticket.ticketName}</dd>
<dt>Seat</dt><dd>${ticket.seatLabel ?? 'Unreserved'}</dd>
<dt>Code</dt><dd class="wallet-ticket__code">${displayCode(ticket.code)}</dd>
<dt>Order</dt><dd>${ticket.saleReference}</dd>
</dl>
</div>
</li>`;
}

function walletBody(tickets: readonly WalletTicket[], signedIn: boolean) {
  if (tickets.length === 0) {
    return html`<h1>Your tickets</h1>
<p>There are no tickets in your wallet yet.</p>
${signedIn ? '' : html`<p><a class="btn btn--primary" href="/signin/?next=${encodeURIComponent(WALLET_PATH)}">Sign in to see your tickets</a></p>`}`;
  }
  return html`<h1>Your tickets</h1>
<p>Show a ticket's QR code at the door, or read out its code. Each code admits one person.</p>
<ul class="wallet" aria-label="Tickets">${tickets.map(ticketCard)}</ul>`;
}

/**
 * /account/wallet/ (the signed-in buyer's tickets, or the tickets of this browser's paid order for a guest) and each
 * ticket's QR image, served only to whoever may see that ticket. Never cached by shared caches.
 */
export function registerWallet(app: FastifyInstance, deps: AppDeps, assets: PageAssets): void {
  const css = readFileSync(path.join(__dirname, 'assets', 'wallet.css'), 'utf8');
  const cssUrl = `/assets/wallet.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
  app.get(cssUrl, SESSIONLESS, async (_request, reply) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(css),
  );
  const withCss: PageAssets = { ...assets, styles: [...assets.styles, cssUrl] };
  const testMode = testModeOf(deps.config.payment);

  app.get('/account/wallet', async (_request, reply) => reply.redirect(WALLET_PATH, 301));
  app.get(WALLET_PATH, async (request, reply) => {
    const owner = await walletOwnerOf(deps.db, request.session);
    const tickets = await walletTickets(deps.db, owner);
    return reply
      .header('content-type', HTML)
      .header('cache-control', 'private, no-store')
      .send(
        layout({ title: 'Your tickets', body: walletBody(tickets, owner.userId !== null), assets: withCss, testMode }),
      );
  });

  app.get<{ Params: { file: string } }>(`${WALLET_PATH}qr/:file`, async (request, reply) => {
    const code = request.params.file.replace(/\.svg$/, '');
    const owner = await walletOwnerOf(deps.db, request.session);
    const ticket =
      request.params.file.endsWith('.svg') && TICKET_CODE_PATTERN.test(code)
        ? await ownedTicket(deps.db, owner, code)
        : undefined;
    if (!ticket)
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ error: 'There is no such ticket in your wallet.' });
    const svg = await QRCode.toString(ticket.code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return reply.header('content-type', 'image/svg+xml').header('cache-control', 'private, no-store').send(svg);
  });
}
