import type { QueueStatus } from '@checkout/shared';
import { queuePaths } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/queue';
import { html, SafeHtml } from '../web/html';
import { queueView, type QueueView } from './view';

/** The zone the server words times in; the page's script words them again in the buyer's own. */
export const SERVER_TIME_ZONE = 'Europe/London';

/** Seconds between reloads of the page without JavaScript (the script keeps it live instead). */
export const NO_SCRIPT_REFRESH_SECONDS = 15;

const HIDDEN = new SafeHtml(' hidden');
/** ` hidden` on a part the state does not use. */
const hidden = (shown: boolean) => (shown ? null : HIDDEN);

/**
 * The queue page's body. Every part of every state is in the markup, the ones the state does not use hidden, so the
 * script only sets texts and `hidden` (assets/queue.ts applies the same QueueView).
 */
export function queueBody(onsaleId: number, status: QueueStatus): SafeHtml {
  const view: QueueView = queueView(status, { timeZone: SERVER_TIME_ZONE });
  const figures = view.figures ?? { position: '', ahead: '', wait: '' };
  const progress = view.progress ?? { value: 0, max: 1 };
  return html`<section class="queue stack" id="queue" data-queue-id="${String(onsaleId)}" data-state="${view.state}" data-status="${JSON.stringify(status)}" aria-labelledby="queue-heading">
<h1 id="queue-heading" tabindex="-1">${view.heading}</h1>
<p id="queue-message" class="queue__message">${view.message}</p>
<dl id="queue-figures" class="queue__figures"${hidden(view.figures !== null)}>
<div class="queue__figure"><dt>${messages.queuePositionLabel}</dt><dd id="queue-position">${figures.position}</dd></div>
<div class="queue__figure"><dt>${messages.queueAheadLabel}</dt><dd id="queue-ahead">${figures.ahead}</dd></div>
<div class="queue__figure"><dt>${messages.queueWaitLabel}</dt><dd id="queue-wait">${figures.wait}</dd></div>
</dl>
<div id="queue-progress-row" class="queue__progress"${hidden(view.progress !== null)}>
<label for="queue-progress">${messages.queueProgressLabel}</label>
<progress id="queue-progress" max="${String(progress.max)}" value="${String(progress.value)}"></progress>
</div>
<p id="queue-live" class="sr-only" role="status" aria-live="polite"></p>
<div class="cluster">
<a id="queue-continue" class="btn btn--primary" href="${view.returnUrl ?? '/checkout/'}"${hidden(view.action === 'continue')}>${messages.continueToCheckout}</a>
<a id="queue-checkout" class="btn btn--primary" href="/checkout/"${hidden(view.action === 'checkout')}>${messages.goToCheckout}</a>
<button id="queue-rejoin" class="btn btn--primary" type="button" data-url="${queuePaths.rejoin(onsaleId)}"${hidden(view.action === 'rejoin')}>${messages.joinQueueAgain}</button>
</div>
<p id="queue-error" class="form-status form-status--error" role="alert"></p>
<p id="queue-note" class="queue__note">${view.note}</p>
${
  view.final
    ? ''
    : html`<noscript><p>${messages.queueNoScript} <a href="${queuePaths.page(onsaleId)}">${messages.reloadPage}</a></p></noscript>`
}
</section>`;
}

/** The page's head extra: without JavaScript, a page still waiting reloads itself now and then. */
export function queueHead(status: QueueStatus): SafeHtml | undefined {
  return queueView(status).final
    ? undefined
    : html`<noscript><meta http-equiv="refresh" content="${String(NO_SCRIPT_REFRESH_SECONDS)}"></noscript>`;
}

/** The page for an address that is not a queue's. */
export function queueNotFoundBody(): SafeHtml {
  return html`<h1>${messages.queueTitle}</h1>
<p>${messages.queueNotFound}</p>
<p><a class="btn btn--secondary" href="/all-events/">All events</a></p>`;
}

/**
 * The queue page when this client may not take a place (too many from its address, or no session cookie); with
 * `reload`, a link to load the queue's page again (once cookies are allowed).
 */
export function queueRefusedBody(sentence: string, reload?: number): SafeHtml {
  return html`<h1>${messages.queueTitle}</h1>
<p>${sentence}</p>${
    reload === undefined
      ? ''
      : html`
<p><a class="btn btn--secondary" href="${queuePaths.page(reload)}">${messages.reloadPage}</a></p>`
  }`;
}
