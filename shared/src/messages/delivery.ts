/**
 * The ticket delivery step's sentences: its progress lines and its calls' failures.
 */

export const deliverToBitticketFailed = 'Unable to deliver to BitTicket. Please try again later';
export const deliverToWalletFailed = 'Unable to deliver to Wallet. Please try again later';
export const deliveryNotCompleted = 'Delivery failed. Please contact support Error code: 2961';

/** The delivery step's first line after a £0 claim (no payment was taken). */
export const freeTicketsClaimed = 'Your free tickets have been claimed';
