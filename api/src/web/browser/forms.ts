/// <reference lib="dom" />
import { BROWSER_HTTP, cookieValue } from '@checkout/shared';

/**
 * What every page script shares: its forms are posted with fetch, not by the browser, because each POST has
 * to carry the XSRF-TOKEN cookie's value in the X-XSRF-TOKEN header, which a plain form cannot send.
 */
export function postForm(
  url: string,
  fields: URLSearchParams,
  accept: 'application/json' | 'text/html',
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      [BROWSER_HTTP.xsrfHeaderName]: cookieValue(document.cookie, BROWSER_HTTP.xsrfCookieName) ?? '',
      Accept: accept,
    },
    body: fields.toString(),
  });
}

/** A form's fields as the body of a post (our forms have no file inputs). */
export function formFields(form: HTMLFormElement): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields.append(name, value);
  return fields;
}

/** A JSON answer's fields, read without trusting their types; a body that is not a JSON object reads as empty. */
export interface JsonAnswer {
  ok: boolean;
  text(name: string): string | undefined;
  flag(name: string): boolean;
}

export async function postForJson(url: string, fields: URLSearchParams | Record<string, string>): Promise<JsonAnswer> {
  const response = await postForm(url, new URLSearchParams(fields), 'application/json');
  const body: unknown = await response.json().catch(() => ({}));
  const field = (name: string): unknown =>
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return {
    ok: response.ok,
    text: (name) => {
      const value = field(name);
      return typeof value === 'string' && value !== '' ? value : undefined;
    },
    flag: (name) => field(name) === true,
  };
}

export type StatusKind = 'pending' | 'success' | 'error';

/** A form's status line (role="status"): its text and the class that colours it. */
export function showStatus(status: Element, kind: StatusKind, text: string): void {
  status.textContent = text;
  status.className = `form-status form-status--${kind}`;
}

/** A form's submit button while its request is on the way: disabled and announced as busy. */
export function setBusy(button: HTMLButtonElement, on: boolean): void {
  button.disabled = on;
  if (on) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
}

/** The element a page's markup always has (the server renders it with the script), of the type the script needs. */
export function required<T extends Element>(root: ParentNode, selector: string, type: new () => T): T {
  const found = root.querySelector(selector);
  if (!(found instanceof type)) throw new Error(`The page has no ${selector}`);
  return found;
}
