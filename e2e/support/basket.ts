import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { encodeForm, type FormValue } from '@checkout/shared';

/**
 * Calls the API the way the page does (form-encoded, XSRF header from the XSRF-TOKEN cookie), sharing the browser
 * context's cookies, so a test can set up a basket without going through pages it is not about.
 */
export async function apiPost(
  context: BrowserContext,
  request: APIRequestContext,
  path: string,
  body: Record<string, FormValue>,
) {
  const xsrf = await xsrfToken(context, request);
  const response = await request.post(path, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-xsrf-token': xsrf },
    data: encodeForm(body),
  });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

async function xsrfToken(context: BrowserContext, request: APIRequestContext): Promise<string> {
  let cookie = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) {
    await request.get('/ajax/checkout/checkout/get/');
    cookie = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
  }
  if (!cookie) throw new Error('the server set no XSRF-TOKEN cookie');
  return decodeURIComponent(cookie.value);
}

export function addTicket(context: BrowserContext, ticketId: number, quantity: number) {
  return apiPost(context, context.request, '/ajax/checkout/checkout/add_to_basket/', { ticket_id: ticketId, quantity });
}
