import { html, type SafeHtml } from '../web/html';
import { transferMessages as m } from './messages';
import type { TransferOffer } from './notify';

export const TRANSFER_ACCEPT_PATH = (token: string) => `/transfers/accept/${token}`;

function offerDetails(offer: TransferOffer): SafeHtml {
  const tickets = `${offer.qty} × ${offer.ticketName}`;
  const event = offer.event;
  return html`<dl class="transfer-offer__details">
<div><dt>${m.fromLabel}</dt><dd>${offer.senderName ?? m.unnamedSender}</dd></div>
<div><dt>${m.ticketsLabel}</dt><dd>${tickets}</dd></div>
${event ? html`<div><dt>${m.eventLabel}</dt><dd><strong>${event.title}</strong><br>${event.when}${event.venue ? html`<br>${event.venue}` : ''}</dd></div>` : ''}
${offer.message ? html`<div><dt>${m.messageLabel}</dt><dd class="transfer-offer__message">${offer.message}</dd></div>` : ''}
</dl>`;
}

/**
 * The offer as the link shows it (nothing has moved yet): who sends which tickets for which event, and the Accept
 * button. The form posts with the XSRF header (the page's script); a scanner that only follows the link accepts nothing.
 */
export function offerBody(token: string, offer: TransferOffer, error?: string): SafeHtml {
  const heading = offer.isGift ? m.giftTitle : m.offerTitle;
  return html`<section class="card stack transfer-offer" aria-labelledby="transfer-title" data-transfer-page data-failed="${m.acceptFailed}">
<h1 id="transfer-title">${heading}</h1>
<p>${m.offerIntro(offer.recipientName, offer.senderName)}</p>
${offerDetails(offer)}
${error ? html`<div class="alert alert--error" role="alert" tabindex="-1" data-focus>${error}</div>` : ''}
<form class="stack" method="post" action="${TRANSFER_ACCEPT_PATH(token)}" data-transfer-accept novalidate>
<p class="muted">${m.acceptNote}</p>
<p><button class="btn btn--primary" type="submit">${m.accept}</button></p>
<p class="form-status" role="status" aria-live="polite"></p>
</form>
</section>`;
}

/** After the Accept (or for a link already used or no longer good): the outcome and where to go next. */
export function outcomeBody(
  text: string,
  action: { href: string; label: string },
  offer: TransferOffer | undefined,
  kind: 'success' | 'info' | 'error',
): SafeHtml {
  return html`<section class="card stack transfer-offer" aria-labelledby="transfer-title">
<h1 id="transfer-title">${m.pageTitle}</h1>
<div class="alert alert--${kind}" role="${kind === 'error' ? 'alert' : 'status'}" tabindex="-1" data-focus>${text}</div>
${offer ? offerDetails(offer) : ''}
<p><a class="btn btn--primary" href="${action.href}">${action.label}</a></p>
</section>`;
}
