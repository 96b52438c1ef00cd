/**
 * The basket step's sentences: its calls' failures, its validation messages and our own
 * words for an applied code. Parameterised sentences are functions.
 */

export const updateTicketQuantityFailed = 'Unable to update Ticket quantity. Please try again later';
export const updateGiftVoucherQuantityFailed = 'Unable to update Gift Voucher quantity. Please try again later';
export const updateRefundProtectionFailed = 'Unable to update Refund protection. Please try again later';
export const setCodeFailed = 'Unable to set the Code. Please try again later';
export const removeTicketFailed = 'Unable to remove the Ticket from the basket. Please try again later';
export const removeGiftVoucherFailed = 'Unable to remove the Gift Voucher from the basket. Please try again later';

/** Our addition, worded like its neighbours: removing an applied code. */
export const removeCodeFailed = 'Unable to remove the Code. Please try again later';

export const differentCurrency =
  'Unfortunately, some tickets had to be removed because they are being sold using a different currency from tickets already in the basket. Please purchase them separately';

export const canOnlyReserve = (n: number | string) => `You can only reserve ${n} tickets of this type`;
export const minimumPurchase = (n: number | string) => `You must purchase a minimum of ${n} tickets of this type`;
export const requiredTicketsMissing = 'You must also purchase the following tickets to continue the checkout.';
export const invalidCode = 'Invalid code';
/** The server's reason for a code it does not know (set_code's error and basket_errors). */
export const codeUnknown = 'This code is not recognised. Please check it and try again.';
/**
 * The one alert beside the code box for a refused code: 'Invalid code' alone for a code the server does not know,
 * and with the reason for one it knows but cannot apply (expired, used up, another currency).
 */
export const invalidCodeBecause = (reason: string | null) =>
  reason && reason !== codeUnknown ? `${invalidCode}: ${reason}` : invalidCode;
export const codeApplied = 'Code applied';

/** Beside required tickets, for guests: the companion may already be theirs from an earlier order. */
export const requiredTicketsSignInHint = 'Already bought one of these? Sign in to use it.';

/** Heading of the events refund protection cannot cover. */
export const refundProtectionNotCovered = 'Not covered by refund protection';

/** An applied code, on every visit: its saving and the way to take it off. */
export const codeSaving = (code: string, saving: string) => `${code}: ${saving} off`;

export const removeCode = (code: string) => `Remove code ${code}`;
export const remove = 'Remove';
