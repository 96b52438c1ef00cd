/// <reference lib="dom" />
// The square-type sandbox's browser script (GET /ajax/checkout/checkout/javascript-square/): window.Square.payments
// (appId, locationId).card() -> { attach(selector), tokenize(), destroy() }, like Square's Web Payments SDK. It renders
// its own labelled card fields in the given element (card number, then expiry and security code side by side, with the
// page's field classes, as the sandbox card form draws them) and tokenises with POST /sandbox/square/tokenize, with
// the XSRF header like every POST (web/browser/forms.ts).
import { postForm } from '../../web/browser/forms';

interface CardInputs {
  number: HTMLInputElement;
  expiry: HTMLInputElement;
  cvc: HTMLInputElement;
}

interface Invalid {
  status: 'Invalid';
  errors: { field: string; message: string }[];
}

let uid = 0;

// The same markup, classes and labels as the page's sandbox card form (mf-payment's SandboxCardForm), so the
// checkout's own field styles apply and both forms look alike. No postcode here: the form's billing postcode is it.
function field(container: HTMLElement, id: string, label: string, autocomplete: AutoFill, placeholder = '') {
  const wrap = document.createElement('div');
  wrap.className = 'field';
  const text = document.createElement('label');
  text.className = 'field__label';
  text.htmlFor = id;
  text.textContent = label;
  const input = document.createElement('input');
  input.className = 'field__input';
  input.id = id;
  input.name = id;
  input.type = 'text';
  input.required = true;
  input.autocomplete = autocomplete;
  input.setAttribute('inputmode', 'numeric');
  if (placeholder) input.placeholder = placeholder;
  wrap.append(text, input);
  container.appendChild(wrap);
  return input;
}

/** The refusal's sentence: the tokenizer answers { error } as a sentence or as { message }. */
function refusal(body: unknown): string {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error === 'string') return error;
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : 'Card details are not valid';
}

class Card {
  private inputs: CardInputs | null = null;
  private box: HTMLElement | null = null;

  attach(selector: string | HTMLElement): Promise<void> {
    const host = typeof selector === 'string' ? document.querySelector(selector) : selector;
    if (!host)
      return Promise.reject(new Error(`Element not found: ${typeof selector === 'string' ? selector : 'none'}`));
    uid += 1;
    const box = document.createElement('div');
    box.className = 'sq-sandbox-card';
    // Laid out as the card form's fieldset lays out its fields.
    box.style.display = 'flex';
    box.style.flexDirection = 'column';
    box.style.gap = 'var(--s-3)';
    const note = document.createElement('p');
    note.className = 'field__hint';
    note.textContent = 'Test mode: no real card is charged.';
    box.appendChild(note);
    const number = field(box, `sq-card-number-${uid}`, 'Card number', 'cc-number');
    const row = document.createElement('div');
    row.className = 'fields-row';
    box.appendChild(row);
    this.inputs = {
      number,
      expiry: field(row, `sq-card-expiry-${uid}`, 'Expiry date (MM/YY)', 'cc-exp', 'MM/YY'),
      cvc: field(row, `sq-card-cvc-${uid}`, 'Security code (CVC)', 'cc-csc'),
    };
    host.appendChild(box);
    this.box = box;
    return Promise.resolve();
  }

  destroy(): void {
    this.box?.remove();
    this.box = null;
    this.inputs = null;
  }

  async tokenize(): Promise<unknown> {
    const inputs = this.inputs;
    if (!inputs) return { status: 'Invalid', errors: [{ field: 'number', message: 'The card form is not attached' }] };
    const [month = '', year = ''] = inputs.expiry.value.split('/');
    const fields = new URLSearchParams({
      number: inputs.number.value,
      exp_month: month.trim(),
      exp_year: year.trim(),
      cvc: inputs.cvc.value,
    });
    const response = await postForm('/sandbox/square/tokenize', fields, 'application/json');
    const body: unknown = await response.json();
    if (response.ok) return body;
    const invalid: Invalid = { status: 'Invalid', errors: [{ field: 'card', message: refusal(body) }] };
    return invalid;
  }
}

Object.assign(window, {
  Square: {
    payments: (appId: string, locationId: string) => ({
      appId,
      locationId,
      card: () => Promise.resolve(new Card()),
      verifyBuyer: () => Promise.resolve({ token: 'sandbox-verified' }),
    }),
  },
});
