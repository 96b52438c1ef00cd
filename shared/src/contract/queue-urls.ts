import type { QueueState, QueueStatus } from './queue';

/*
 * The queue's URLs and the light checks the queue page's script uses, apart from the schema (./queue.ts): a module
 * the script imports is bundled whole, and the schema's zod would be two thirds of its bytes.
 */

/**
 * A light check of an answer the queue page's own server sent, for the page's script: the schema itself (zod) would
 * be two thirds of that script's bytes, sent to every buyer of an on-sale. The server's answers are parsed with the
 * schema in its tests; this only makes sure the page never acts on something that is not a status at all.
 */
export function looksLikeQueueStatus(value: unknown): value is QueueStatus {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  switch (v.state) {
    case 'before_opening':
      return typeof v.opens_at === 'string';
    case 'waiting':
      return [v.position, v.ahead, v.estimated_wait_seconds].every((n) => typeof n === 'number' && n >= 0);
    case 'admitted':
      return typeof v.pass_expires_at === 'string' && typeof v.return_url === 'string' && v.return_url.startsWith('/');
    case 'turn_lost':
    case 'ended':
      return true;
    default:
      return false;
  }
}

/** States after which the status no longer changes by itself: the live stream closes on them. */
export const FINAL_QUEUE_STATES: readonly QueueState[] = ['admitted', 'turn_lost', 'ended'];

/**
 * An on-sale's id as it appears in the queue's URLs: a positive integer written plainly, at most 9 digits (the column
 * is a 32-bit integer).
 */
export const QUEUE_ID_PATTERN = /^[1-9][0-9]{0,8}$/;

/** The queue's URLs for one on-sale. */
export const queuePaths = {
  page: (id: number) => `/queue/${id}/`,
  status: (id: number) => `/ajax/queue/${id}/status`,
  events: (id: number) => `/ajax/queue/${id}/events`,
  rejoin: (id: number) => `/ajax/queue/${id}/rejoin`,
} as const;

/** Where reserve_tickets' 403 (tickets behind a queue, no pass) sends the page: a queue page of this origin only. */
export function queueUrlOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const url = (body as Record<string, unknown>).queue_url;
  return typeof url === 'string' && /^\/queue\/[1-9][0-9]{0,8}\/$/.test(url) ? url : null;
}
