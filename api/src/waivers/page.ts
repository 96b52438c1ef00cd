import { niceDate } from '../catalogue/dates';
import { html, type SafeHtml } from '../web/html';
import { waiverMessages as m, WAIVER_NAME_MAX } from './messages';
import type { SaleWaiver, WaiverSale } from './waivers';

/** Signatures are shown in UK time (the site's buyers are in the UK; a signature has no event zone of its own). */
const SIGNATURE_ZONE = 'Europe/London';

/** What the last POST did to one waiver's form: a refusal (the form again with its message) or a status line. */
export interface FormOutcome {
  waiverId: number;
  kind: 'error' | 'success';
  message: string;
  /** The name as typed, kept in the field after a refusal. */
  name?: string;
  agreed?: boolean;
}

function signatureList(waiver: SaleWaiver) {
  if (waiver.signatures.length === 0) return html`<p class="muted" data-signatures>${m.noSignatures}</p>`;
  return html`<ul class="waiver__signatures" data-signatures>${waiver.signatures.map(
    (s) =>
      html`<li><span class="waiver__signer">${s.name}</span> <span class="muted">signed ${niceDate(s.signedAt, SIGNATURE_ZONE)}</span></li>`,
  )}</ul>`;
}

/** `action` is the page's own path, key included: the POST is checked like the GET. */
function signForm(action: string, waiver: SaleWaiver, outcome: FormOutcome | undefined) {
  const id = `waiver-${waiver.id}`;
  const mine = outcome?.waiverId === waiver.id ? outcome : undefined;
  const error = mine?.kind === 'error' ? mine.message : '';
  return html`<form class="stack narrow" method="post" action="${action}" data-waiver-sign novalidate>
<input type="hidden" name="waiver_id" value="${String(waiver.id)}">
${error ? html`<div class="alert alert--error" role="alert" id="${id}-error" tabindex="-1" data-focus>${error}</div>` : ''}
<div class="form-field"><label for="${id}-name">${m.nameLabel}</label>
<input id="${id}-name" name="name" type="text" autocomplete="name" maxlength="${String(WAIVER_NAME_MAX)}" required value="${error ? (mine?.name ?? '') : ''}"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}></div>
<div class="waiver__agree"><input id="${id}-agree" name="agree" type="checkbox" value="yes" required${error && mine?.agreed ? html` checked` : ''}>
<label for="${id}-agree">${m.agreeLabel}</label></div>
<p><button class="btn btn--primary" type="submit">${m.sign}</button></p>
<p class="form-status form-status--success" role="status" aria-live="polite"${mine?.kind === 'success' ? html` tabindex="-1" data-focus` : ''}>${mine?.kind === 'success' ? mine.message : ''}</p>
</form>`;
}

function waiverSection(action: string, waiver: SaleWaiver, outcome: FormOutcome | undefined) {
  const id = `waiver-${waiver.id}`;
  return html`<section class="stack waiver" aria-labelledby="${id}-title">
<h2 id="${id}-title">${waiver.title}</h2>
<p class="muted">For ${waiver.eventTitles.join(', ')}</p>
<div class="waiver__terms" data-waiver-terms data-html="${waiver.bodyHtml}"></div>
<h3 id="${id}-signed">${m.signedBy}</h3>
${signatureList(waiver)}
${signForm(action, waiver, outcome)}
</section>`;
}

/** The waiver page: every value is escaped; the organiser's terms travel in an attribute until DOMPurify cleans them. */
export function waiverBody(sale: WaiverSale, action: string, outcome?: FormOutcome): SafeHtml {
  return html`<h1>${m.title}</h1>
<div class="stack" data-waiver-page data-failed="${m.signFailed}">
<p>Booking reference <strong>${sale.reference}</strong>. ${m.intro} ${m.beforeArrival}</p>
<noscript><p class="alert alert--warning">${m.termsNeedScript}</p></noscript>
${sale.waivers.map((waiver) => waiverSection(action, waiver, outcome))}
</div>`;
}

/** A page with nothing of any sale on it: for a link without its key (linkInvalid) or with nothing to sign (notFound). */
export function refusalBody(title: string, text: string): SafeHtml {
  return html`<div class="prose"><h1>${title}</h1><p>${text}</p><p><a href="/all-events/">Browse events</a></p></div>`;
}
