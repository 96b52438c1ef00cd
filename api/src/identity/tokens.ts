import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 192 random bits, base64url (32 characters). */
export function newSessionToken(): string {
  return randomBytes(24).toString('base64url');
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
