import type { AppliedCode, TicketAmount, TotalsInput } from './totals';
import { totalsWithVoucherScope, vouchersLeftToPay } from './voucher-scope';

const base: TotalsInput = {
  tickets: [],
  vouchers: [],
  codes: [],
  refundProtectionChosen: false,
  refundProtectionBp: 500,
  donationMinor: 0,
  donationFeeMinor: 0,
  deliveries: [],
};
const ticket = (over: Partial<TicketAmount> = {}): TicketAmount => ({
  eventId: 1,
  organiserId: 1,
  qty: 1,
  priceMinor: 1000,
  bookingFeeMinor: 100,
  absorbFee: false,
  coverable: true,
  ...over,
});
const voucherCode = (balanceMinor: number, over: Partial<AppliedCode> = {}): AppliedCode => ({
  code: `G${balanceMinor}`,
  kind: 'gift_voucher',
  percentBp: null,
  amountMinor: null,
  balanceMinor,
  eventId: null,
  organiserId: null,
  ...over,
});
const voucher = (valueMinor: number, organiserId = 1) => ({ organiserId, qty: 1, valueMinor });

/** A gift voucher code pays for tickets, fees, delivery, refund protection and donations, never for gift vouchers. */
describe('gift voucher codes never pay for gift vouchers', () => {
  test.each<[string, Partial<TotalsInput>, { paid: number; total: number; leftToPay: boolean }]>([
    [
      'only a voucher bought: the code pays nothing',
      { vouchers: [voucher(2500)], codes: [voucherCode(5000)] },
      { paid: 0, total: 2500, leftToPay: true },
    ],
    [
      'a ticket and a voucher: the code pays the ticket and its fee only',
      { tickets: [ticket()], vouchers: [voucher(2500)], codes: [voucherCode(5000)] },
      { paid: 1100, total: 2500, leftToPay: true },
    ],
    [
      'delivery, refund protection and a donation are paid; the voucher is not',
      {
        tickets: [ticket()],
        vouchers: [voucher(2000)],
        deliveries: [{ organiserId: 1, amountMinor: 150 }],
        refundProtectionChosen: true,
        donationMinor: 500,
        donationFeeMinor: 30,
        codes: [voucherCode(100_000)],
      },
      { paid: 1100 + 150 + 55 + 530, total: 2000, leftToPay: true },
    ],
    [
      'a small balance pays up to itself, the voucher stays to pay',
      { tickets: [ticket()], vouchers: [voucher(2500)], codes: [voucherCode(400)] },
      { paid: 400, total: 700 + 2500, leftToPay: true },
    ],
    [
      "an organiser's code pays only that organiser's ticket prices: never a fee, another's tickets or its vouchers",
      {
        tickets: [ticket({ organiserId: 1 }), ticket({ organiserId: 2, priceMinor: 2000 })],
        vouchers: [voucher(1000, 1)],
        codes: [voucherCode(5000, { organiserId: 1 })],
      },
      { paid: 1000, total: 100 + 2100 + 1000, leftToPay: true },
    ],
    [
      'no voucher in the basket: as before',
      { tickets: [ticket({ qty: 2 })], codes: [voucherCode(1000)] },
      { paid: 1000, total: 1200, leftToPay: false },
    ],
    [
      'a voucher and no code: as before',
      { tickets: [ticket()], vouchers: [voucher(2500)] },
      { paid: 0, total: 3600, leftToPay: false },
    ],
  ])('%s', (_name, over, expected) => {
    const totals = totalsWithVoucherScope({ ...base, ...over });
    expect({
      paid: totals.giftVouchersAppliedMinor,
      total: totals.basketTotalMinor,
      leftToPay: vouchersLeftToPay(totals),
    }).toEqual(expected);
    // What the page adds up (shared/src/rules/totals.ts) still comes to the total.
    expect(
      totals.ticketsMinor -
        totals.discountsMinor +
        totals.bookingFeesMinor +
        totals.vouchersMinor +
        totals.deliveryMinor +
        totals.refundProtectionMinor +
        (over.donationMinor ?? 0) +
        (over.donationFeeMinor ?? 0) -
        totals.giftVouchersAppliedMinor,
    ).toBe(totals.basketTotalMinor);
    expect(totals.giftVouchers.reduce((sum, entry) => sum + entry.amountMinor, 0)).toBe(
      totals.giftVouchersAppliedMinor,
    );
  });
});
