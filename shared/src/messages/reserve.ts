/**
 * The reserve step's sentences (failures). The spec's words, letter for letter, its spelling included ('occured').
 */

export const unknownReserveError = 'An unknown error occured. Please try again, or contact support.';

/** Reserve request failed, as the basket step words it. */
export const reserveFailedBasket = 'Unable to reserve ticket(s). Please try again later';

/** Reserve request failed, as the checkout controller words it. */
export const reserveFailed = 'Unable to reserve tickets. Please try again later';
