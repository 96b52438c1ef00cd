import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures, Stripe's scheme: `Checkout-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` where the HMAC is
 * keyed with the endpoint's secret over `<t>.<raw body>`. The timestamp is signed with the body, so a captured
 * delivery cannot be replayed later than the receiver's tolerance, and `v1` names the scheme so another can be added
 * beside it. Pure: the deliverer signs with it and the tests' listener verifies with it.
 */
export const SIGNATURE_HEADER = 'Checkout-Signature';
/** How far a signature's timestamp may be from the receiver's clock, either way. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The header's value for a body sent at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
}

export type VerifyResult =
  { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'no_match' | 'too_old' | 'too_new' };

/**
 * Whether `header` signs `body` with `secret` within `toleranceSeconds` of `nowSeconds`. Any of several `v1` values may
 * match (a sender may sign with an old and a new secret while rotating); each is compared in constant time.
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds: number,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): VerifyResult {
  if (!header) return { ok: false, reason: 'malformed' };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value !== undefined && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(signatureOf(secret, timestamp, body), 'hex');
  if (!signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected)))
    return { ok: false, reason: 'no_match' };
  if (timestamp < nowSeconds - toleranceSeconds) return { ok: false, reason: 'too_old' };
  if (timestamp > nowSeconds + toleranceSeconds) return { ok: false, reason: 'too_new' };
  return { ok: true, timestamp };
}
