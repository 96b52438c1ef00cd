/// <reference lib="dom" />
// The transfer accept page (/transfers/accept/<token>): the Accept form is posted with fetch so the XSRF header is sent
// (pages/browser/forms.ts). The server answers with the page again; its <main> replaces ours.
import { formFields, postForm, required, setBusy, showStatus } from '../../pages/browser/forms';

function failed(form: HTMLFormElement): void {
  const page = document.querySelector('[data-transfer-page]');
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
  bind(main);
  const focus = main.querySelector('[data-focus]');
  if (focus instanceof HTMLElement) focus.focus();
  return true;
}

async function accept(form: HTMLFormElement): Promise<void> {
  setBusy(required(form, 'button[type="submit"]', HTMLButtonElement), true);
  try {
    const response = await postForm(form.action, formFields(form), 'text/html');
    const text = await response.text();
    // A refusal (404, 409) is our page with its sentence; anything else is a failure to try again.
    if (response.status >= 500 || response.status === 403 || !replaceMain(text)) failed(form);
  } catch {
    failed(form);
  }
}

function bind(root: ParentNode): void {
  for (const form of root.querySelectorAll('form[data-transfer-accept]')) {
    if (!(form instanceof HTMLFormElement)) continue;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void accept(form);
    });
  }
}

bind(document);
