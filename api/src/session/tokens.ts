import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const RANDOM_BYTES = 16;
const MAC_BYTES = 8;

function sessionMac(key: Buffer, random: Buffer): Buffer {
  return createHmac('sha256', key).update(random).digest().subarray(0, MAC_BYTES);
}

/**
 * A session token the server issues: 128 random bits and a 64-bit MAC of them under a server key, base64url (32
 * characters, the shape the cookie has always had). The MAC is what lets the server tell its own tokens from one a
 * client made up, without a database row for every visitor.
 */
export function newSessionToken(key: Buffer): string {
  const random = randomBytes(RANDOM_BYTES);
  return Buffer.concat([random, sessionMac(key, random)]).toString('base64url');
}

/** Whether this server (this key) issued the token. */
export function isIssuedToken(key: Buffer, token: string): boolean {
  if (!isWellFormedToken(token)) return false;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== RANDOM_BYTES + MAC_BYTES) return false;
  return timingSafeEqual(bytes.subarray(RANDOM_BYTES), sessionMac(key, bytes.subarray(0, RANDOM_BYTES)));
}

/** What a session cookie must look like before we look it up: anything else is treated as no cookie. */
export function isWellFormedToken(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{32}$/.test(value);
}

/** The database keeps the token's hash only. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The XSRF token: an HMAC of the session token, so it is bound to the session and cannot be forged without the key. */
export function xsrfTokenFor(secret: string, sessionToken: string): string {
  return createHmac('sha256', secret).update(`xsrf:${sessionToken}`).digest('base64url');
}

/** Constant-time comparison (lengths are public: both sides are fixed-length HMACs when valid). */
export function sameToken(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
