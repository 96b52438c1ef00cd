import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { ticketsAfterLastInstalment } from '@checkout/shared/messages/order-completed';
import { niceDate, niceTime, shortDate } from '../catalogue/dates';
import type { AppDeps } from '../deps';
import { displayCode, TICKET_CODE_PATTERN } from '../tickets/codes';
import { WALLET_PATH } from '../emails/wallet-email';
import { SESSIONLESS } from '../session/session';
import { ownedTicket, walletOwnerOf, walletTickets, type WalletTicket } from '../delivery/wallet';
import { html, layout, type PageAssets } from '../web/html';
import { testModeOf } from '../payment/modes';
import { plansInWallet, type PlanInWallet } from '../instalments/in-wallet';
import { instalmentMessages } from '../instalments/messages';
import { PLAN_TIME_ZONE } from '../instalments/last-due';
import { sentTransfers, waitingOffers, type SentTransfer, type WaitingOffer } from '../transfers/in-wallet';
import { transferMessages as tm } from '../transfers/messages';
import { TRANSFER_ACCEPT_PATH } from '../transfers/page';
import { GIFT_TIME_ZONE } from '../transfers/schedule';

const HTML = 'text/html; charset=utf-8';
export const walletQrPath = (code: string) => `${WALLET_PATH}qr/${code}.svg`;

/** The QR image's text alternative names the ticket, so a screen reader says which ticket it belongs to. */
function qrAlt(ticket: WalletTicket): string {
  return `QR code for ${[ticket.ticketName, ticket.seatLabel].filter(Boolean).join(', ')}, ${ticket.eventTitle}, ticket code ${displayCode(ticket.code)}`;
}

/** A moment in UK time, short: 'Thu 3 Dec 2026 at 10:00am'. */
const ukMoment = (at: Date) => `${shortDate(at, GIFT_TIME_ZONE)} at ${niceTime(at, GIFT_TIME_ZONE)}`;

/** A ticket its owner has offered: to whom, when it was (or will be) sent, and that it is still theirs till accepted. */
function transferNote(transfer: SentTransfer) {
  const scheduled = transfer.notifiedAt === null;
  return html`<div class="alert alert--info wallet-ticket__transfer">
<p><strong>${scheduled ? tm.giftScheduled(transfer.recipientName, transfer.recipientEmail) : tm.waitingFor(transfer.recipientName, transfer.recipientEmail)}</strong></p>
<p>${scheduled ? tm.giftSendsOn(ukMoment(transfer.deliverAt)) : tm.sentOn(ukMoment(transfer.notifiedAt ?? transfer.deliverAt))} ${tm.stillYours}</p>
</div>`;
}

function ticketCard(ticket: WalletTicket, transfer: SentTransfer | undefined) {
  return html`<li class="wallet-ticket">
<img class="wallet-ticket__qr" src="${walletQrPath(ticket.code)}" width="160" height="160" alt="${qrAlt(ticket)}">
<div class="stack">
<h2>${ticket.eventTitle}</h2>
${transfer ? transferNote(transfer) : ''}
<dl>
<dt>Date</dt><dd>${niceDate(ticket.startsAt, ticket.timezone)}</dd>
${ticket.location ? html`<dt>Where</dt><dd>${ticket.location}</dd>` : ''}
<dt>Ticket</dt><dd>${ticket.ticketName}</dd>
<dt>Seat</dt><dd>${ticket.seatLabel ?? 'Unreserved'}</dd>
<dt>Code</dt><dd class="wallet-ticket__code">${displayCode(ticket.code)}</dd>
<dt>Order</dt><dd class="wallet-reference">${ticket.saleReference}</dd>
</dl>
</div>
</li>`;
}

/** Offers sent to the owner's email, each with a link to its accept page (opening it accepts nothing). */
function offersSection(offers: readonly WaitingOffer[]) {
  if (offers.length === 0) return '';
  return html`<section class="stack wallet-section" aria-labelledby="wallet-offers">
<h2 id="wallet-offers">${tm.waitingForYouTitle}</h2>
<p>${tm.waitingForYouIntro}</p>
<ul class="wallet-pending" aria-label="${tm.waitingForYouTitle}">${offers.map(
    (offer) => html`<li class="wallet-pending__item">
<div class="stack">
<h3>${offer.eventTitle}</h3>
<p>${tm.offerLine(offer.senderName, offer.qty, offer.ticketName)}</p>
<p class="muted">${niceDate(offer.startsAt, offer.timezone)}</p>
<p class="muted">${tm.offerSentOn(ukMoment(offer.sentAt))}</p>
</div>
<a class="btn btn--primary" href="${TRANSFER_ACCEPT_PATH(offer.token)}">${tm.reviewOffer}</a>
</li>`,
  )}</ul>
</section>`;
}

/** Orders on a payment plan: no tickets yet, and when they come (after the last instalment). */
function plansSection(plans: readonly PlanInWallet[]) {
  if (plans.length === 0) return '';
  return html`<section class="stack wallet-section" aria-labelledby="wallet-plans">
<h2 id="wallet-plans">${instalmentMessages.walletTitle}</h2>
<ul class="wallet-pending" aria-label="${instalmentMessages.walletTitle}">${plans.map(
    (plan) => html`<li class="wallet-pending__item">
<div class="stack">
<h3>${plan.eventTitle}</h3>
${plan.event ? html`<p class="muted">${niceDate(plan.event.startsAt, plan.event.timezone)}</p>` : ''}
<p>${ticketsAfterLastInstalment(shortDate(plan.lastDue, PLAN_TIME_ZONE))}</p>
<p class="muted">${instalmentMessages.paidSoFar(plan.paid, plan.months)} · Order <span class="wallet-reference">${plan.saleReference}</span></p>
</div>
</li>`,
  )}</ul>
</section>`;
}

interface WalletContents {
  tickets: readonly WalletTicket[];
  transfers: ReadonlyMap<string, SentTransfer>;
  offers: readonly WaitingOffer[];
  plans: readonly PlanInWallet[];
}

function walletBody({ tickets, transfers, offers, plans }: WalletContents, signedIn: boolean) {
  const ticketsPart =
    tickets.length > 0
      ? html`<p>Show a ticket's QR code at the door, or read out its code. Each code admits one person.</p>
<ul class="wallet" aria-label="Tickets">${tickets.map((ticket) => ticketCard(ticket, transfers.get(ticket.code)))}</ul>`
      : offers.length === 0 && plans.length === 0
        ? html`<p>There are no tickets in your wallet yet.</p>
${signedIn ? '' : html`<p><a class="btn btn--primary" href="/signin/?next=${encodeURIComponent(WALLET_PATH)}">Sign in to see your tickets</a></p>`}`
        : '';
  return html`<h1>Your tickets</h1>
${offersSection(offers)}
${plansSection(plans)}
${ticketsPart}`;
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
    const [tickets, transfers, offers, plans] = await Promise.all([
      walletTickets(deps.db, owner),
      sentTransfers(deps.db, owner),
      waitingOffers(deps.db, owner),
      plansInWallet(deps.db, owner),
    ]);
    const body = walletBody({ tickets, transfers, offers, plans }, owner.userId !== null);
    return reply
      .header('content-type', HTML)
      .header('cache-control', 'private, no-store')
      .send(layout({ title: 'Your tickets', body, assets: withCss, testMode }));
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
