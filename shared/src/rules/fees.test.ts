import { canAbsorbFee, giftVoucherPays, ticketUnitAmounts, ticketUnitCost, type FeeTicket } from './fees';

const ticket = (priceMinor: number, bookingFeeMinor: number, absorbFee: boolean): FeeTicket => ({
  priceMinor,
  bookingFeeMinor,
  absorbFee,
});

describe('a ticket’s parts: the booking fee is always collected in full', () => {
  test.each<[string, FeeTicket, number, number, number]>([
    ['the fee on top of the price', ticket(1000, 150, false), 1000, 150, 1150],
    ['an absorbed fee out of the price', ticket(1000, 150, true), 850, 150, 1000],
    ['an absorbed fee equal to the price: the organiser keeps nothing', ticket(150, 150, true), 0, 150, 150],
    ['an absorbed fee above the price still whole: the ticket costs its fee', ticket(100, 150, true), 0, 150, 150],
    ['a free ticket with a fee on top', ticket(0, 50, false), 0, 50, 50],
    ['a free ticket without a fee', ticket(0, 0, true), 0, 0, 0],
  ])('%s', (_name, input, organiserPart, fee, cost) => {
    expect(ticketUnitAmounts(input)).toEqual({ unitPriceMinor: organiserPart, unitFeeMinor: fee });
    expect(ticketUnitCost(input)).toBe(cost);
  });
});

describe('canAbsorbFee: only out of a price that covers the fee', () => {
  test.each<[number, number, boolean]>([
    [1000, 150, true],
    [150, 150, true],
    [0, 0, true],
    [100, 150, false],
    [0, 1, false],
  ])('price %i, fee %i: %s', (priceMinor, bookingFeeMinor, wanted) => {
    expect(canAbsorbFee({ priceMinor, bookingFeeMinor })).toBe(wanted);
  });
});

describe('giftVoucherPays: an organiser’s voucher never pays a fee', () => {
  test.each<[string, number, number | null, number, number, number]>([
    ['an organiser’s voucher pays its part', 5000, 7, 1100, 1000, 1000],
    ['up to its balance', 300, 7, 1100, 1000, 300],
    ['nothing when the organiser has no part', 5000, 7, 1100, 0, 0],
    ['never more than is left to pay', 5000, 7, 400, 1000, 400],
    ['the marketplace’s own voucher pays everything left, fees too', 5000, null, 1100, 0, 1100],
    ['a spent voucher pays nothing', 0, null, 1100, 1000, 0],
  ])('%s', (_name, balanceMinor, organiserId, totalMinor, organiserPartMinor, wanted) => {
    expect(giftVoucherPays({ balanceMinor, organiserId }, { totalMinor, organiserPartMinor })).toBe(wanted);
  });
});
