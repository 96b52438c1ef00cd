/**
 * The shell's own sentences: the checkout controller's calls' failures and fixed texts (spec sections 4 and 8), and our
 * own words for the frame around the steps (the header's progress and countdown warnings, a step loading or failing to
 * load).
 */

export const getCheckoutFailed = 'Unable to get Checkout data. Please try again later';
export const updateBasketStateFailed = 'Unable to update the Basket state. Please try again later';
export const editBasketFailed = 'Unable to edit Basket. Please try again later';
export const ticketsReservedFor = 'Tickets reserved for';
export const retry = 'Retry';
export const stepLoading = 'Loading';

export const stepCouldNotLoad =
  'This step could not be loaded. Nothing in your checkout has been lost: please try again.';

export const checkoutProgress = 'Checkout progress';
export const stageBasket = 'Basket';
export const stageDetails = 'Details';
export const stagePayment = 'Payment';
export const stageTickets = 'Tickets';

/** Announced once each, politely, at five minutes and at one minute left. */
export const checkoutTimeLeft = (minutes: number) =>
  `You have ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left to complete your checkout.`;
