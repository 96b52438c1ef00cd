/**
 * The order-completed page's sentences: its calls' failures and success toasts, the transfer form's
 * validation messages and the transfer notice.
 */

export const sendTransfersFailed = 'Unable to send tickets. Please try again later';
export const sendFeedbackFailed = 'Unable to send feedback. Please try again';
export const subscribeFailed = 'Unable to add to subscription. Please try again later';
export const feedbackSent = 'Your feedback has been sent. Thanks!';
export const subscribedToUpdates = 'You have been subscribed to important event updates';
export const ticketsTransferred = 'Your tickets have been transferred';
export const transferNameRequired = 'Please enter a name';
export const transferEmailRequired = 'Please enter an email';
export const transferDateRequired = 'Please enter a date';
export const transferTimeRequired = 'Please enter a time';

/** A gift scheduled for today at a time already past. */
export const transferTimePast = 'Please choose a time later than now';

/** A gift scheduled for a day already past (the spec's 'Please enter a date' is for a missing or unreadable one). */
export const transferDatePast = 'Please choose today or a later date';

/**
 * A payment plan's tickets are issued when its last instalment is paid (api/src/instalments/jobs.ts), so until then the
 * wallet tile and the wallet page say when they come instead of promising QR codes. `due` is the last instalment's
 * date as the page shows dates ('Sun 2 May 2027'), or null when it is not known.
 */
export const ticketsAfterLastInstalment = (due: string | null) =>
  due
    ? `Your tickets and their QR codes will be in your wallet once the last instalment, due ${due}, is paid.`
    : 'Your tickets and their QR codes will be in your wallet once the last instalment is paid.';
