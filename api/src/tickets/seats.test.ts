import { displayCode, newTicketCode, TICKET_CODE_PATTERN } from './codes';
import { seatLabel } from './seats';

test.each([
  [0, 'Row A, Seat 1'],
  [19, 'Row A, Seat 20'],
  [20, 'Row B, Seat 1'],
  [25 * 20 + 3, 'Row Z, Seat 4'],
  [26 * 20, 'Row AA, Seat 1'],
  [27 * 20 + 19, 'Row AB, Seat 20'],
])('seat number %i is %s', (number, label) => {
  expect(seatLabel(number)).toBe(label);
});

test('ticket codes: 20 base32 characters (100 random bits), all different, shown in groups of four', () => {
  const codes = Array.from({ length: 2000 }, newTicketCode);
  for (const code of codes) expect(code).toMatch(TICKET_CODE_PATTERN);
  expect(new Set(codes).size).toBe(codes.length);
  // Every character of the alphabet turns up: the bits are not stuck.
  expect(new Set(codes.join('')).size).toBe(32);
  expect(displayCode('ABCDEFGHIJKLMNOPQRST')).toBe('ABCD EFGH IJKL MNOP QRST');
});
