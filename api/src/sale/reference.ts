import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // Crockford-like: no 0/O, 1/I confusion when read aloud

/**
 * A sale reference: 'CT-' and 16 characters of base32 = 80 random bits. It doubles as the recovery link's key
 * (/smartcheckout/?session=...), so it must not be guessable.
 */
export function newSaleReference(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return `CT-${out}`;
}
