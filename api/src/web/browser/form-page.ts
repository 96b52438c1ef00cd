/// <reference lib="dom" />
import { formFields, postForm, required, setBusy, showStatus } from './forms';

/** A plain page whose forms the server answers with the page again (the waiver page, the transfer accept page). */
export interface FormPage {
  /** The forms the script posts, e.g. 'form[data-waiver-sign]'. */
  forms: string;
  /** The element whose data-failed is the sentence shown when a post did not bring our page back. */
  page: string;
  /** Runs on the page at start and on every <main> the server sends back, before its forms are bound. */
  prepare?: (root: ParentNode) => void;
}

/**
 * Posts the page's forms with fetch, so the XSRF header is sent (forms.ts), and puts the <main> of the server's answer
 * in place of ours, focusing what it marks with data-focus. A refusal the server words (400, 404, 409) is our page
 * with its sentence; a 403 (the XSRF check), a 5xx, or anything that is not our page is a failure to try again.
 */
export function startFormPage(options: FormPage): void {
  const failed = (form: HTMLFormElement) => {
    const page = document.querySelector(options.page);
    setBusy(required(form, 'button[type="submit"]', HTMLButtonElement), false);
    showStatus(required(form, '[role="status"]', HTMLElement), 'error', page?.getAttribute('data-failed') ?? '');
  };

  const replaceMain = (text: string): boolean => {
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
  };

  const submit = async (form: HTMLFormElement) => {
    setBusy(required(form, 'button[type="submit"]', HTMLButtonElement), true);
    try {
      const response = await postForm(form.action, formFields(form), 'text/html');
      const text = await response.text();
      if (response.status >= 500 || response.status === 403 || !replaceMain(text)) failed(form);
    } catch {
      failed(form);
    }
  };

  const start = (root: ParentNode) => {
    options.prepare?.(root);
    for (const form of root.querySelectorAll(options.forms)) {
      if (!(form instanceof HTMLFormElement)) continue;
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        void submit(form);
      });
    }
  };

  start(document);
}
