/// <reference lib="dom" />
// The waiver page (/activity-terms-and-conditions/{reference}/?key=…): shows each waiver's terms once DOMPurify has
// cleaned them (organisers' HTML is stored as given), and posts the signing forms with fetch so the XSRF header is
// sent; the server's answer (the page again) replaces ours (web/browser/form-page.ts).
import { ORGANISER_HTML_FORBIDDEN_TAGS } from '@checkout/shared';
import type { DOMPurify } from 'dompurify';
import { startFormPage } from '../../web/browser/form-page';

declare global {
  interface Window {
    /** DOMPurify's browser build, loaded by the page before this script. */
    DOMPurify?: DOMPurify;
  }
}

function showTerms(root: ParentNode): void {
  for (const block of root.querySelectorAll('[data-waiver-terms]')) {
    const source = block.getAttribute('data-html') ?? '';
    // The checkout's SafeHtml cleans organisers' HTML the same way.
    block.innerHTML = window.DOMPurify
      ? window.DOMPurify.sanitize(source, {
          USE_PROFILES: { html: true },
          FORBID_TAGS: [...ORGANISER_HTML_FORBIDDEN_TAGS],
        })
      : '';
  }
}

startFormPage({ forms: 'form[data-waiver-sign]', page: '[data-waiver-page]', prepare: showTerms });
