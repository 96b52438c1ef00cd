import type { RuntimeConfig } from '@checkout/shared';

/** The XSRF token the server set as a cookie (the same one the API client sends). */
function xsrfToken(): string {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
  return match?.[1] ? decodeURIComponent(match[1]) : '';
}

/**
 * POSTs a form to one of the offline sandboxes (payment protocol: /sandbox/stripe/confirm, /sandbox/stripe/payment_methods).
 * They are not API calls of the spec, so they are not in the contract: plain fetch with credentials and the XSRF header.
 * Resolves with the status and the JSON body whatever the status (a 402 is a card refusal, not an error).
 */
export async function sandboxPost(
  config: RuntimeConfig,
  path: string,
  form: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${config.apiBase}${path}`, {
    method: 'POST',
    credentials: 'include',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      'X-XSRF-TOKEN': xsrfToken(),
    },
    body: new URLSearchParams(form).toString(),
  });
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, body };
}
