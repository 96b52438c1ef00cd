/**
 * The shell's own sentences: the checkout controller's calls' failures and fixed texts, and our
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

/**
 * 'Need more time?' (ours): offered with the countdown's warning, once per reservation, where every event in the basket
 * lets the buyer add minutes (api/src/sale/extend.ts).
 */
export const needMoreTime = 'Need more time?';
const minutesText = (minutes: number) => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
export const addMinutes = (minutes: number) => `Add ${minutesText(minutes)}`;
/** Announced once the server has added the time: what was added and the new time left. */
export const reservationExtended = (added: number, minutesLeft: number) =>
  `We've added ${minutesText(added)}. You now have ${minutesText(minutesLeft)} left to complete your checkout.`;
export const extendReservationFailed = 'Unable to add more time. Please try again later';
/** The server's refusals of extend_reservation. */
export const extensionAlreadyUsed = 'You have already added more time to this reservation.';
export const extensionNotOffered = 'More time cannot be added to the tickets in this basket.';
export const extensionPaymentStarted = 'Your payment has already started, so more time cannot be added.';
export const extensionOtherReservation =
  'This is not the reservation open in this checkout any more. Please reload the page.';

/** The browser's Back or Forward asked for a step the sale's state no longer allows: the step stays, and says why. */
export const historyStillReserved = 'Your tickets are still reserved for you. To change your basket, use Edit basket.';
export const historyNotReserved =
  'Your tickets are no longer reserved, so that step is closed. Reserve your basket to go on.';
export const historyPaid = 'Your payment is complete, so the steps before it are closed.';
export const historyBankAnswering =
  'Your bank payment is being checked, so this step stays open until your bank answers.';
export const historyBankClosed = 'Your bank has already answered, so there is no going back to its page.';

/** A tab on a reserved step finds, on reloading, that the sale holds no reservation any more. */
export const reservationEditedElsewhere =
  'Your basket was changed in another tab or window, so your tickets are no longer reserved and nothing has been paid. Check your basket and reserve it again.';
export const reservationGone =
  'Your tickets are no longer reserved here, and nothing has been paid. Check your basket and reserve it again.';
