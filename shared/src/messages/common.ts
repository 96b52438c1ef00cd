/**
 * Sentences that more than one step, or a step and the shell, show (spec sections 2, 4 and 8). Parameterised sentences
 * are functions.
 */

export const noPaymentIntegration = (organiserName: string) =>
  `We currently are unable to take payments for this basket as the payment integration has not yet been configured by ${organiserName}`;

export const checkoutExpired =
  'Your checkout time expired. If the tickets are still available, you can try to reserve them again.';

export const determiningProgress = 'Determining checkout progress';
export const editBasketWarning = 'By editing your basket, you could lose your reserved tickets.';
export const editBasket = 'Edit basket';
export const expressEditBasket = 'Edit basket or add discount code';
export const editBasketTitle = 'Are you sure?';
export const editBasketCancel = 'No, cancel';
export const editBasketConfirm = "Yes, I'm sure";
export const stepFailed = 'Something went wrong on this step. Please reload the page, or contact support.';
