import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * A pin of a remote's server build: a Subresource Integrity value (`sha384-<base64 digest>`) of its remoteEntry.js, as
 * the remote's build writes it into dist/server/integrity.json. The one algorithm is SHA-384, the one the build writes:
 * a pin in any other form is a configuration mistake, refused rather than read as something weaker.
 */
const PIN = /^sha384-([A-Za-z0-9+/]{64})$/;

export function isIntegrityPin(value: string): boolean {
  return PIN.test(value);
}

/** The pin of these bytes, in the form the build writes. */
export function integrityOf(bytes: Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** Thrown when fetched bytes are not the pinned build: they are never evaluated. */
export class IntegrityError extends Error {
  override name = 'IntegrityError';
}

/** The bytes, when they are the pinned build; else an IntegrityError naming what was expected and what arrived. */
export function verifiedBytes(bytes: Uint8Array, pin: string, source: string): Uint8Array {
  if (!isIntegrityPin(pin)) throw new IntegrityError(`${source}: the pin '${pin}' is not a sha384-… integrity value`);
  const actual = integrityOf(bytes);
  const expected = Buffer.from(pin);
  const got = Buffer.from(actual);
  if (expected.length !== got.length || !timingSafeEqual(expected, got))
    throw new IntegrityError(`${source}: integrity mismatch, pinned ${pin}, fetched ${actual}`);
  return bytes;
}
