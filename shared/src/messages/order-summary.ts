/**
 * The order summary's words (the shell's column, the phone's basket, the basket step's totals and the rows the server
 * builds in pricing/breakdown.ts): the spec's where it has them, our own otherwise. Parameterised
 * sentences are functions.
 */

/** The booking fee row of the basket and the order summary. */
export const bookingFee = 'Booking fee';

/** The phone's expandable basket and the summary's refund policy modal. */
export const phoneBasket = 'Your basket';

export const itemsInBasket = (n: number) => `${n} ${n === 1 ? 'item' : 'items'} in your basket`;
export const orderPaid = 'Paid';
export const refundPolicy = 'Refund policy';
export const close = 'Close';
export const orderSummary = 'Order summary';
export const subtotal = 'Subtotal';
export const total = 'Total';

/** The order summary's rows besides the ticket and voucher lines (the server builds them: pricing/breakdown.ts). */
export const discountRow = (code: string) => `Discount code ${code}`;

export const giftVoucherCodeRow = (code: string) => `Gift voucher ${code}`;
export const deliveryRow = 'Delivery';
export const refundProtectionRow = 'Refund protection';
export const donationRow = (charity: string) => `Donation to ${charity}`;
export const donationFeeRow = 'Donation fee';
export const withGiftAid = 'With Gift Aid: the charity can claim 25% more at no cost to you';
export const bookingFeeIncluded = (fee: string) => `Includes booking fee ${fee}`;
export const free = 'FREE';
