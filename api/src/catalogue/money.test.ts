import { allInPriceMinor } from './money';

describe('allInPriceMinor: what one ticket costs the buyer, fees included', () => {
  test.each([
    ['a fee on top', { price_minor: 1200, booking_fee_minor: 100, absorb_fee: false }, 1300],
    [
      'a fee the organiser absorbs is inside the price',
      { price_minor: 2200, booking_fee_minor: 150, absorb_fee: true },
      2200,
    ],
    ['no fee', { price_minor: 1000, booking_fee_minor: 0, absorb_fee: false }, 1000],
    ['free with no fee', { price_minor: 0, booking_fee_minor: 0, absorb_fee: false }, 0],
    ['free with a fee still costs the fee', { price_minor: 0, booking_fee_minor: 50, absorb_fee: false }, 50],
    ['a negative value never takes off', { price_minor: -100, booking_fee_minor: -5, absorb_fee: false }, 0],
  ])('%s', (_name, ticket, expected) => {
    expect(allInPriceMinor(ticket)).toBe(expected);
  });
});
