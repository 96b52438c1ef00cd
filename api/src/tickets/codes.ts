import { randomBytes } from 'node:crypto';

/** RFC 4648 base32: upper case letters and 2-7, which QR codes store in their compact alphanumeric mode. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 20 characters x 5 bits = 100 random bits: a ticket code is a bearer secret, so it must not be guessable. */
export const TICKET_CODE_LENGTH = 20;
export const TICKET_CODE_PATTERN = /^[A-Z2-7]{20}$/;

export function newTicketCode(): string {
  const bytes = randomBytes(13);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5 && out.length < TICKET_CODE_LENGTH) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** 'ABCD EFGH IJKL MNOP QRST': easier to read out at the door. */
export function displayCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}
