import { formatBookingFee, formatMoney } from './money';

describe('formatMoney', () => {
  test.each([
    [0, '£', '£0.00'],
    [10.5, '£', '£10.50'],
    [1234.5, '£', '£1,234.50'],
    [1234567.891, '£', '£1,234,567.89'],
    [0.1 + 0.2, '£', '£0.30'],
    [-5, '£', '-£5.00'],
    [-1234.5, '€', '-€1,234.50'],
    [-0, '£', '£0.00'],
    [-0.001, '£', '£0.00'],
    [19.999, '$', '$20.00'],
    [7, 'CHF ', 'CHF 7.00'],
    [Number.NaN, '£', ''],
    [Number.POSITIVE_INFINITY, '£', ''],
  ])('%p with %p is %p', (amount, symbol, expected) => {
    expect(formatMoney(amount, symbol)).toBe(expected);
  });
});

describe('formatBookingFee', () => {
  test.each([
    [1.5, true, '(£1.50)'],
    [1.5, false, '+ £1.50'],
    [1234, false, '+ £1,234.00'],
  ])('%p absorbed=%p is %p', (amount, absorbed, expected) => {
    expect(formatBookingFee(amount, '£', absorbed)).toBe(expected);
  });
});
