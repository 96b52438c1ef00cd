import {
  formatDateLong,
  formatDateNumeric,
  formatDateShort,
  formatTime,
  parseDateNumeric,
  parseServerDate,
} from './date';

// Server dates are local wall time: these expectations hold in every TZ (run with TZ=Pacific/Kiritimati to see).
describe('parseServerDate', () => {
  test.each([
    ['2026-12-05 19:30:00', [2026, 11, 5, 19, 30, 0]],
    ['2026-12-05T19:30:00', [2026, 11, 5, 19, 30, 0]],
    ['2026-12-05 19:30', [2026, 11, 5, 19, 30, 0]],
    ['  2026-06-01  08:05:09 ', [2026, 5, 1, 8, 5, 9]],
    // A date alone is local midnight, not UTC midnight (which `new Date('2026-12-05')` would give).
    ['2026-12-05', [2026, 11, 5, 0, 0, 0]],
  ] as const)('%p is local wall time', (value, [y, m, d, h, min, s]) => {
    expect(parseServerDate(value)).toEqual(new Date(y, m, d, h, min, s));
  });

  test('a string with an offset is that instant', () => {
    expect(parseServerDate('2026-12-05 19:30:00Z')?.getTime()).toBe(Date.UTC(2026, 11, 5, 19, 30));
  });

  test.each(['', 'soon', '2026-13-40 10:00:00', '05/12/2026'])('%p is not a date', (value) => {
    expect(parseServerDate(value)).toBeNull();
  });
});

describe('formatDateLong (date at 12-hour time)', () => {
  test.each([
    ['2026-12-05 19:30:00', 'Saturday 5 December 2026 at 7:30pm'],
    ['2026-01-01 00:00:00', 'Thursday 1 January 2026 at 12:00am'],
    ['2026-07-14 12:05:00', 'Tuesday 14 July 2026 at 12:05pm'],
    ['2026-03-29 09:00:00', 'Sunday 29 March 2026 at 9:00am'],
    ['not a date', ''],
  ])('%p is %p', (value, expected) => {
    expect(formatDateLong(value)).toBe(expected);
  });

  test('takes a Date too', () => {
    expect(formatDateLong(new Date(2026, 11, 24, 18, 0))).toBe('Thursday 24 December 2026 at 6:00pm');
  });

  test('an invalid Date is empty', () => {
    expect(formatDateLong(new Date(Number.NaN))).toBe('');
  });
});

describe('short forms', () => {
  test.each([
    [formatDateShort, '2026-12-05 19:30:00', 'Sat 5 Dec 2026'],
    [formatDateShort, '2027-02-28', 'Sun 28 Feb 2027'],
    [formatTime, '2026-12-05 19:30:00', '7:30pm'],
    [formatTime, '2026-12-05 08:00:00', '8:00am'],
    [formatDateNumeric, '2026-12-05 19:30:00', '05/12/2026'],
    [formatDateNumeric, 'nope', ''],
  ])('%p(%p) is %p', (fn, value, expected) => {
    expect(fn(value)).toBe(expected);
  });
});

describe('parseDateNumeric (transfer date dd/MM/yyyy)', () => {
  test('reads day before month as local midnight', () => {
    expect(parseDateNumeric('05/12/2026')).toEqual(new Date(2026, 11, 5));
  });

  test.each(['31/02/2026', '5/12/2026', '2026-12-05', '', '12/13/2026'])('%p is rejected', (value) => {
    expect(parseDateNumeric(value)).toBeNull();
  });
});
