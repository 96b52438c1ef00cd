/// <reference lib="dom" />
// The queue page kept live: the status from the server's event stream (or, when the stream cannot be had, asked every
// few seconds), shown through the same QueueView the server rendered the page from (../view.ts).
import { looksLikeQueueStatus, queuePaths, type QueueStatus } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/queue';
import { postForm, required } from '../../web/browser/forms';
import { announcement, queueView, type QueueView } from '../view';

const POLL_MS = 5000;
/** The moment between 'It's your turn' and the checkout, so the buyer sees (and hears) what happened. */
const RETURN_DELAY_MS = 3000;

const root = required(document, '#queue', HTMLElement);
const id = Number(root.dataset.queueId);
const el = <T extends Element>(selector: string, type: new () => T) => required(root, selector, type);
const heading = el('#queue-heading', HTMLElement);
const message = el('#queue-message', HTMLElement);
const figures = el('#queue-figures', HTMLElement);
const position = el('#queue-position', HTMLElement);
const ahead = el('#queue-ahead', HTMLElement);
const wait = el('#queue-wait', HTMLElement);
const progressRow = el('#queue-progress-row', HTMLElement);
const progress = el('#queue-progress', HTMLProgressElement);
const live = el('#queue-live', HTMLElement);
const continueLink = el('#queue-continue', HTMLAnchorElement);
const checkoutLink = el('#queue-checkout', HTMLAnchorElement);
const rejoin = el('#queue-rejoin', HTMLButtonElement);
const error = el('#queue-error', HTMLElement);
const note = el('#queue-note', HTMLElement);

const parsed = (value: unknown): QueueStatus | null => (looksLikeQueueStatus(value) ? value : null);

let shown: QueueView | null = null;
let lastSaid: QueueView | null = null;
let lastSaidAt = 0;
let stream: EventSource | null = null;
let poll: number | undefined;
let leaving: number | undefined;

function show(status: QueueStatus): void {
  const view = queueView(status);
  root.dataset.state = view.state;
  heading.textContent = view.heading;
  message.textContent = view.message;
  figures.hidden = view.figures === null;
  if (view.figures) {
    position.textContent = view.figures.position;
    ahead.textContent = view.figures.ahead;
    wait.textContent = view.figures.wait;
  }
  progressRow.hidden = view.progress === null;
  if (view.progress) {
    progress.max = view.progress.max;
    progress.value = view.progress.value;
  }
  continueLink.hidden = view.action !== 'continue';
  if (view.returnUrl) continueLink.href = view.returnUrl;
  checkoutLink.hidden = view.action !== 'checkout';
  rejoin.hidden = view.action !== 'rejoin';
  note.textContent = view.note;
  const said = announcement(lastSaid, view, (Date.now() - lastSaidAt) / 1000);
  if (said !== null) {
    live.textContent = said;
    lastSaid = view;
    lastSaidAt = Date.now();
  }
  if (shown !== null && shown.state !== view.state) heading.focus();
  shown = view;
  if (view.final) stop();
  if (view.returnUrl && leaving === undefined) {
    const url = view.returnUrl;
    leaving = window.setTimeout(() => window.location.assign(url), RETURN_DELAY_MS);
  }
}

function stop(): void {
  stream?.close();
  stream = null;
  window.clearInterval(poll);
  poll = undefined;
}

/** The status endpoint: it also sets the pass cookie once admitted, so it is asked before leaving for the checkout. */
async function ask(): Promise<QueueStatus | null> {
  try {
    const response = await fetch(queuePaths.status(id), { credentials: 'same-origin', cache: 'no-store' });
    return response.ok ? parsed(await response.json()) : null;
  } catch {
    return null;
  }
}

async function received(status: QueueStatus): Promise<void> {
  // The stream words the turn but cannot set a cookie: the status call hands the pass over.
  if (status.state === 'admitted') {
    stop();
    show((await ask()) ?? status);
  } else show(status);
}

function startPolling(): void {
  if (poll !== undefined) return;
  poll = window.setInterval(() => {
    void ask().then((status) => status && received(status));
  }, POLL_MS);
}

function listen(): void {
  if (typeof EventSource !== 'function') return startPolling();
  stream = new EventSource(queuePaths.events(id));
  stream.onmessage = (event: MessageEvent<string>) => {
    let status: QueueStatus | null = null;
    try {
      status = parsed(JSON.parse(event.data));
    } catch {
      status = null;
    }
    if (status) void received(status);
  };
  // A stream refused (too many for this browser) or dropped for good: ask now and then instead. A dropped connection
  // the browser is reconnecting (readyState CONNECTING) is left to it.
  stream.onerror = () => {
    if (stream?.readyState === EventSource.CLOSED) {
      stream = null;
      startPolling();
    }
  };
}

rejoin.addEventListener('click', () => {
  rejoin.disabled = true;
  error.textContent = '';
  void postForm(queuePaths.rejoin(id), new URLSearchParams(), 'application/json')
    .then(async (response) => (response.ok ? parsed(await response.json()) : null))
    .catch(() => null)
    .then((status) => {
      rejoin.disabled = false;
      if (!status) {
        error.textContent = messages.joinQueueAgainFailed;
        return;
      }
      show(status);
      if (!queueView(status).final) listen();
    });
});

let first: unknown = null;
try {
  first = JSON.parse(root.dataset.status ?? 'null');
} catch {
  first = null;
}
const initial = parsed(first);
if (initial) {
  // The page already says this; the live region is for what changes after.
  lastSaid = queueView(initial);
  lastSaidAt = Date.now();
  show(initial);
}
if (!initial || !queueView(initial).final) listen();
