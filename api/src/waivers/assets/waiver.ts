/// <reference lib="dom" />
// The waiver page (/activity-terms-and-conditions/{reference}/): shows each waiver's terms once DOMPurify has cleaned
// them (organisers' HTML is stored as given), and posts the signing forms with fetch so the XSRF header is sent
// (pages/browser/forms.ts). The server answers with the page again; its <main> replaces ours.
import { ORGANISER_HTML_FORBIDDEN_TAGS } from '@checkout/shared';
import type { DOMPurify } from 'dompurify';
import { formFields, postForm, required, setBusy, showStatus } from '../../pages/browser/forms';

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

function failed(form: HTMLFormElement): void {
  const page = document.querySelector('[data-waiver-page]');
  setBusy(required(form, 'button[type="submit"]', HTMLButtonElement), false);
  showStatus(required(form, '[role="status"]', HTMLElement), 'error', page?.getAttribute('data-failed') ?? '');
}

function replaceMain(text: string): boolean {
  const next = new DOMParser().parseFromString(text, 'text/html');
  const fresh = next.querySelector('main');
  const main = document.querySelector('main');
  if (!fresh || !main) return false;
  main.replaceChildren(...[...fresh.childNodes].map((node) => document.adoptNode(node)));
  document.title = next.title;
  start(main);
  const focus = main.querySelector('[data-focus]');
  if (focus instanceof HTMLElement) focus.focus();
  return true;
}

async function sign(form: HTMLFormElement): Promise<void> {
  setBusy(required(form, 'button[type="submit"]', HTMLButtonElement), true);
  try {
    const response = await postForm(form.action, formFields(form), 'text/html');
    const text = await response.text();
    // A refusal (400) is the page again with its message; anything that is not our page is a failure.
    if (response.status >= 500 || !replaceMain(text)) failed(form);
  } catch {
    failed(form);
  }
}

function bindForms(root: ParentNode): void {
  for (const form of root.querySelectorAll('form[data-waiver-sign]')) {
    if (!(form instanceof HTMLFormElement)) continue;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void sign(form);
    });
  }
}

function start(root: ParentNode): void {
  showTerms(root);
  bindForms(root);
}

start(document);
