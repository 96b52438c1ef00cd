/**
 * The bank payment's wait page: its fixed texts and its calls' failures.
 */

export const truelayerStatusFailed = 'Unable to get Truelayer status. Please try again later';
export const bankCancelled = 'You cancelled the payment in the bank portal.';

/** After 3 polls. */
export const bankWaitingForResponse = 'Waiting for a response from your bank';

/** After 6 polls. */
export const bankAwaitingConfirmation = 'Awaiting confirmation of payment';

/** After 9 polls. */
export const bankTakingLonger = "It's taking longer than usual for confirmation of your payment.";

/** After more than 60 polls. */
export const bankGiveUp =
  "We could not confirm if the payment was completed yet. We'll continue to wait, and deliver your tickets if payment is confirmed.";

export const paymentFailedExpired =
  'Your payment was unsuccessful and the checkout time expired. If the tickets are still available, you can try to reserve them again';
