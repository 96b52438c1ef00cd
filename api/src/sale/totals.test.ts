import { computeTotals, REFUND_PROTECTION_BP, type TicketAmount, type TotalsInput } from './totals';

const base: TotalsInput = {
  tickets: [],
  vouchers: [],
  refundProtectionChosen: false,
  donationMinor: 0,
  donationFeeMinor: 0,
  deliveryMinor: 0,
  discountsMinor: 0,
};
const ticket = (over: Partial<TicketAmount>): TicketAmount => ({ qty: 1, priceMinor: 1000, bookingFeeMinor: 100, absorbFee: false, coverable: true, ...over });

describe('computeTotals', () => {
  test.each<[string, Partial<TotalsInput>, number]>([
    ['an empty basket', {}, 0],
    ['a ticket with its fee added', { tickets: [ticket({ qty: 2 })] }, 2200],
    ['an absorbed fee is not added', { tickets: [ticket({ qty: 2, absorbFee: true })] }, 2000],
    ['vouchers add their value', { vouchers: [{ qty: 2, valueMinor: 2500 }] }, 5000],
    ['delivery and donation (with its fee) are added', { tickets: [ticket({})], deliveryMinor: 250, donationMinor: 500, donationFeeMinor: 30 }, 1100 + 250 + 530],
    ['refund protection when chosen', { tickets: [ticket({ qty: 2 })], refundProtectionChosen: true }, 2200 + 110],
    ['discounts come off', { tickets: [ticket({})], discountsMinor: 300 }, 800],
    ['never below zero', { tickets: [ticket({})], discountsMinor: 5000 }, 0],
    ['free tickets cost nothing', { tickets: [ticket({ priceMinor: 0, bookingFeeMinor: 0, qty: 4 })] }, 0],
  ])('%s', (_name, input, total) => {
    expect(computeTotals({ ...base, ...input }).basketTotalMinor).toBe(total);
  });

  test('refund protection is priced on covered tickets only, and absent when nothing can be covered', () => {
    const mixed = computeTotals({ ...base, tickets: [ticket({ qty: 2 }), ticket({ coverable: false, priceMinor: 5000 })] });
    expect(mixed.refundProtectionCostMinor).toBe(Math.round((2200 * REFUND_PROTECTION_BP) / 10_000));
    expect(computeTotals({ ...base, tickets: [ticket({ coverable: false })] }).refundProtectionCostMinor).toBeNull();
    expect(computeTotals({ ...base, tickets: [ticket({ coverable: false })], refundProtectionChosen: true }).basketTotalMinor).toBe(1100);
  });

  test('fees: all absorbed only when every ticket absorbs; totals of fees kept apart', () => {
    const some = computeTotals({ ...base, tickets: [ticket({ absorbFee: true }), ticket({})] });
    expect(some).toMatchObject({ allFeesAbsorbed: false, bookingFeesMinor: 200, payableFeesMinor: 100, ticketsMinor: 2000 });
    expect(computeTotals({ ...base, tickets: [ticket({ absorbFee: true })] }).allFeesAbsorbed).toBe(true);
    expect(computeTotals({ ...base, vouchers: [{ qty: 1, valueMinor: 100 }] }).allFeesAbsorbed).toBe(false);
  });
});
