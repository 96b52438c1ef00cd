import { createHash, timingSafeEqual } from 'node:crypto';
import { isServerBuildPin } from '@checkout/shared';

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
  if (!isServerBuildPin(pin)) throw new IntegrityError(`${source}: the pin '${pin}' is not a sha384-… integrity value`);
  const actual = integrityOf(bytes);
  const expected = Buffer.from(pin);
  const got = Buffer.from(actual);
  if (expected.length !== got.length || !timingSafeEqual(expected, got))
    throw new IntegrityError(`${source}: integrity mismatch, pinned ${pin}, fetched ${actual}`);
  return bytes;
}
