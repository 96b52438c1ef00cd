/// <reference lib="dom" />
// The events page's add-to-basket forms, posted with fetch so the XSRF header is sent (browser/forms.ts).
import { formFields, postForJson, required, setBusy, showStatus, type StatusKind } from '../../web/browser/forms';

const FAILED = 'Sorry, that could not be added to your basket. Please try again.';

function show(status: Element, kind: StatusKind, text: string, withCheckoutLink: boolean): void {
  showStatus(status, kind, text);
  if (!withCheckoutLink) return;
  const link = document.createElement('a');
  link.href = '/checkout/';
  link.textContent = 'Go to checkout';
  status.append(' ', link);
}

async function addToBasket(form: HTMLFormElement): Promise<void> {
  const status = required(form, '[role="status"]', HTMLElement);
  const button = required(form, 'button[type="submit"]', HTMLButtonElement);
  setBusy(button, true);
  show(status, 'pending', 'Adding to your basket…', false);
  try {
    const answer = await postForJson(form.action, formFields(form));
    if (answer.ok && answer.flag('success')) show(status, 'success', 'Added to your basket.', true);
    else show(status, 'error', answer.text('error') ?? FAILED, false);
  } catch {
    show(status, 'error', FAILED, false);
  } finally {
    setBusy(button, false);
  }
}

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-add-to-basket')) return;
  event.preventDefault();
  void addToBasket(form);
});
