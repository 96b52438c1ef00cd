/**
 * The waiting room's sentences: the queue page (api/src/waiting-room/) and the answers that send a buyer to it.
 */

/** The queue page: its title and the heading of each state. */
export const queueTitle = 'Queue for tickets';
/** Before the opening and while waiting. */
export const queueHeading = 'You are in the queue';
export const queueAdmittedHeading = "It's your turn";
export const queueTurnLostHeading = 'Your turn has passed';
export const queueEndedHeading = 'The queue has closed';

/** Before the opening: everyone who arrives before then is given a random place at the opening. */
export const salesOpenAt = (time: string) =>
  `Sales open at ${time}. Everyone here before then gets a random place in the queue.`;
export const queueKeepPage = 'Keep this page open. It updates by itself, and your place is kept if you reload.';

/** Waiting: the visitor's place and how long it should take. */
export const queuePositionLabel = 'Your place in the queue';
export const queueAheadLabel = 'People ahead of you';
export const queueWaitLabel = 'Estimated wait';
export const queueProgressLabel = 'Your progress through the queue';
export const waitLessThanAMinute = 'less than a minute';
export const waitAbout = (amount: string) => `about ${amount}`;
/** What a screen reader hears when the wait changes (the numbers on screen change every second, this does not). */
export const queueAnnouncement = (ahead: string, wait: string) => `${ahead} ahead of you. Estimated wait ${wait}.`;

/** Admitted: the pass is a cookie; the page goes on to the checkout by itself after a moment. */
export const queueAdmitted = 'You can now reserve your tickets. We are taking you to the checkout.';
export const queueTurnKeptUntil = (time: string) => `Your turn is kept until ${time}.`;
export const continueToCheckout = 'Continue to checkout';

/** Turn lost: admitted, but nothing was reserved in time. */
export const queueTurnLost =
  'You did not reserve your tickets in time, so your turn went to the next person. You can join the queue again at the back.';
export const joinQueueAgain = 'Join the queue again';
export const joinQueueAgainFailed = 'Sorry, you could not join the queue again. Please reload the page and try again.';

/** Ended: the on-sale is over, the tickets are sold without a queue. */
export const queueEnded = 'Tickets are on sale without a queue now.';
export const goToCheckout = 'Go to checkout';

/** Without JavaScript the page reloads itself; with it, a lost connection falls back to asking every few seconds. */
export const queueNoScript = 'This page reloads itself every 15 seconds.';
export const reloadPage = 'Reload this page';

/** The on-sale is unknown or the address is not a queue's. */
export const queueNotFound = 'There is no queue at this address. Check the link, or go back to the events.';
/** A client address that has taken too many new places in the last minute (HTTP 429). */
export const queueTooManyPlaces =
  'Too many people have joined the queue from your network in the last minute. Try again in a minute.';

/** A client address that holds as many places in this queue as one address may (HTTP 429). */
export const queuePlacesTaken =
  'This queue has already given as many places as it can to people on your internet connection. You can still join from another connection, such as your mobile data.';

/**
 * A browser that did not send back the cookie the queue page set (HTTP 403): a place is kept by that cookie, so none
 * is given without it.
 */
export const queueCookieNeeded =
  'To keep your place in the queue, your browser needs to accept cookies from this site. Please allow them, then reload this page.';

/** The process has as many live streams as it keeps (HTTP 503): the page asks every few seconds instead. */
export const queueStreamsBusy = 'Live updates are busy. This page keeps asking every few seconds.';

export const queueTooManyStreams =
  'This browser has too many queue pages open. Close some of them; this page keeps asking every few seconds.';

/** reserve_tickets' refusal (HTTP 403, with the queue's address) for tickets behind a queue without a pass. */
export const queueRequired = 'These tickets are on sale through a queue. Join the queue to reserve them.';
