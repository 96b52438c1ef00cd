/**
 * An on-sale as an organiser makes one, for the waiting-room load tests and bench: a key of the event's organiser
 * (made through the development pages, DEV_PAGES=1, as the end-to-end tests make theirs) and the on-sale created
 * through the organiser API.
 */

/** The seeded on-sale test event (event 10) belongs to organiser 7 ('Checkout Demo'). */
export const ONSALE_EVENT_ORGANISER = 7;

/** A read-write key of the organiser, from POST /dev/organiser-keys. */
export async function organiserKey(apiBase: string, organiserId = ONSALE_EVENT_ORGANISER): Promise<string> {
  const response = await fetch(`${apiBase}/dev/organiser-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `organiser=${organiserId}`,
  });
  const body = (await response.json()) as { key?: unknown };
  if (response.status !== 201 || typeof body.key !== 'string')
    throw new Error(`no organiser key (${response.status}): ${JSON.stringify(body)}`);
  return body.key;
}

export interface OnSaleRequest {
  ticket_type_ids: number[];
  opens_at: string;
  admission_per_second: number;
  pass_seconds?: number;
}

/** Creates an on-sale through the organiser API (POST /api/v1/onsales); answers its id. */
export async function createOnSale(apiBase: string, key: string, request: OnSaleRequest): Promise<number> {
  const response = await fetch(`${apiBase}/api/v1/onsales`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  const answer = (await response.json()) as { id?: unknown };
  if (response.status !== 201 || typeof answer.id !== 'number')
    throw new Error(`the organiser API did not create the on-sale (${response.status}): ${JSON.stringify(answer)}`);
  return answer.id;
}

/** When place `position` is admitted (epoch ms): the opening for place 1, then one place per 1/rate seconds. */
export function admissionDueAt(opensAt: number, ratePerSecond: number, position: number): number {
  return opensAt + Math.ceil(((position - 1) / ratePerSecond) * 1000);
}
