/**
 * Sentences that more than one step, or a step and the shell, show. Parameterised sentences
 * are functions.
 */

export const noPaymentIntegration = (organiserName: string) =>
  `We currently are unable to take payments for this basket as the payment integration has not yet been configured by ${organiserName}`;

export const checkoutExpired =
  'Your checkout time expired. If the tickets are still available, you can try to reserve them again.';

export const determiningProgress = 'Determining checkout progress';
export const editBasketWarning = 'By editing your basket, you could lose your reserved tickets.';
/** Beside the warning when this browser has confirmed who is buying: that is kept, only the tickets are at stake. */
export const editBasketKeepsIdentity =
  'Your confirmed email address and name are kept, so you will not need a new code.';
export const editBasket = 'Edit basket';
export const expressEditBasket = 'Edit basket or add discount code';
export const editBasketTitle = 'Are you sure?';
export const editBasketCancel = 'No, cancel';
export const editBasketConfirm = "Yes, I'm sure";
export const stepFailed = 'Something went wrong on this step. Please reload the page, or contact support.';

/**
 * Ours: while some way of paying takes test money (an offline sandbox, PAYMENTS_SANDBOX), every page and email says so
 * in this sentence, and every email's subject starts with the prefix.
 */
export const testModeNotice = 'TEST MODE — payments here use test cards and a pretend bank: no real money is taken.';
export const testModeSubject = (subject: string) => `[TEST MODE] ${subject}`;
