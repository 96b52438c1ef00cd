import { createHmac, timingSafeEqual } from 'node:crypto';
import { waiverLink, waiverPath } from '@checkout/shared';
import type { Sessions } from './session';

/** 128 bits of HMAC: as hard to guess as a session token, 22 base64url characters in the link. */
const KEY_BYTES = 16;
const KEY_SHAPE = /^[A-Za-z0-9_-]{22}$/;

/**
 * The waiver link's key: an HMAC of the sale reference under a key derived from the server secret (SESSION_SECRET),
 * so only the server can make one and it needs no row. The server gives it to the sale's buyer alone (their
 * checkout's `waiver_key`, their order confirmation email); a reference without it opens nothing. Changing the
 * server secret ends every waiver link, as it ends every session.
 */
export interface WaiverKeys {
  /** The key of the sale with this reference (as stored: upper case). */
  keyOf(reference: string): string;
  /** Whether `given` is that key, compared in constant time; anything that is not a key's shape is not. */
  matches(reference: string, given: unknown): boolean;
  /** The page's path, key included. */
  pathOf(reference: string): string;
  /** The link as shared, on the site's public origin. */
  linkOf(origin: string, reference: string): string;
}

export function waiverKeys(secret: Buffer): WaiverKeys {
  const mac = (reference: string) =>
    createHmac('sha256', secret).update(`waiver-link:${reference}`).digest().subarray(0, KEY_BYTES);
  const keyOf = (reference: string) => mac(reference).toString('base64url');
  return {
    keyOf,
    matches: (reference, given) =>
      typeof given === 'string' &&
      KEY_SHAPE.test(given) &&
      // The text itself is compared (both 22 ASCII bytes), so only the key's one spelling opens the page.
      timingSafeEqual(Buffer.from(given), Buffer.from(keyOf(reference))),
    pathOf: (reference) => waiverPath(reference, keyOf(reference)),
    linkOf: (origin, reference) => waiverLink(origin, reference, keyOf(reference)),
  };
}

/** The app's waiver keys, from its sessions' secret (one secret configures every derived key). */
export function waiverKeysOf(sessions: Pick<Sessions, 'deriveKey'>): WaiverKeys {
  return waiverKeys(sessions.deriveKey('waiver-link'));
}
