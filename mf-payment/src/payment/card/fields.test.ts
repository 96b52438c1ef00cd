import { formatExpiry, parseExpiry, withCardField, EMPTY_CARD } from './fields';

describe('formatExpiry: the expiry as the buyer types it on a number keypad', () => {
  test.each([
    ['', ''],
    ['1', '1'],
    ['0', '0'],
    ['4', '04/'],
    ['12', '12'],
    ['123', '12/3'],
    ['1230', '12/30'],
    ['12/', '12/'],
    ['1/', '01/'],
    ['1/30', '01/30'],
    ['12/30', '12/30'],
    ['12 / 30', '12/30'],
    ['12 30', '12/30'],
    ['12-30', '12/30'],
    ['12/2030', '12/2030'],
    ['122030', '12/2030'],
    ['12/30/1', '12/301'],
    ['ab12cd30', '12/30'],
  ])('%j is shown as %j', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });

  test('deleting the slash the form put in leaves the month to delete next', () => {
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('04')).toBe('04');
  });
});

describe('parseExpiry', () => {
  test.each([
    ['1230', { month: 12, year: 2030 }],
    ['12/30', { month: 12, year: 2030 }],
    ['12 / 30', { month: 12, year: 2030 }],
    ['1/30', { month: 1, year: 2030 }],
    ['04/31', { month: 4, year: 2031 }],
    ['12/2030', { month: 12, year: 2030 }],
    ['13/30', null],
    ['00/30', null],
    ['12', null],
    ['12/3', null],
    ['', null],
    ['MM/YY', null],
  ])('%j is %j', (typed, parsed) => {
    expect(parseExpiry(typed)).toEqual(parsed);
  });
});

test('withCardField formats the expiry and keeps the other fields as typed', () => {
  const card = withCardField(withCardField(EMPTY_CARD, 'expiry', '1230'), 'number', '4242 4242');
  expect(card).toEqual({ ...EMPTY_CARD, expiry: '12/30', number: '4242 4242' });
});
