import { formatMoney } from '@checkout/shared';
import * as basketMessages from '@checkout/shared/messages/basket';

/**
 * The sale domain's own sentences: the reasons a basket change, a code or a reservation is refused, which the spec
 * does not word (where it does, shared/src/messages.ts is used). Typed once here.
 */
export const saleMessages = {
  ticketNotInBasket: 'That ticket is not in your basket.',
  giftVoucherNotInBasket: 'That gift voucher is not in your basket.',
  quantityFixed: 'The quantity of this ticket cannot be changed.',
  noSale: 'Your basket is empty.',
  paidSale: 'This order has already been paid, so its basket cannot be changed.',
  refundProtectionUnavailable: 'Refund protection cannot cover anything in your basket.',
  codeUnknown: basketMessages.codeUnknown,
  codeExpired: 'This code has expired.',
  codeUsedUp: 'This code has already been used as many times as it allows.',
  codeInUse: 'This code is being used in another checkout at the moment. Please try again later.',
  codeNotApplicable: 'This code does not apply to anything in your basket.',
  codeWrongCurrency: 'This code cannot be used for a basket in this currency.',
  giftVoucherSpent: 'This gift voucher has no balance left.',
  // Our rule (docs/domain-rules.md): gift voucher codes never pay for gift vouchers.
  giftVoucherNotForVouchers:
    'A gift voucher code cannot pay for gift vouchers. It can pay for tickets, fees, delivery and donations.',
  giftVoucherLeavesVouchers:
    'Gift vouchers cannot be paid for with a gift voucher code, so the gift vouchers in your basket are left to pay.',
  codeNoLongerApplies: (code: string) => `The code ${code} does not apply to anything in your basket.`,
  codeNoLongerValid: (code: string) => `The code ${code} can no longer be used, so it has been taken off your basket.`,
  giftVoucherApplied: (code: string, amount: number, symbol: string) =>
    `Gift voucher ${code}: ${formatMoney(amount, symbol)} paid`,
  basketChangedWhileReserving: 'Your basket changed while it was being reserved. Please check it and reserve again.',
  recoveryNotFound: 'This checkout link is not valid, or the checkout it belonged to has ended.',
  recoveryCompleted: 'This order has been completed. The tickets were sent to the email address used for the order.',
  recoverySignIn: 'Sign in with that email address to see the tickets',
} as const;
