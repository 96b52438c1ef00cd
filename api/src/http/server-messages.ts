/**
 * Sentences the server sends that the spec does not word (its catalogue covers what the page says). Typed once here;
 * where the spec has the sentence (shared/src/messages.ts) the server uses that instead.
 */
export const serverMessages = {
  xsrfRejected: 'Your session could not be verified. Please reload the page and try again.',
  crossSiteRejected: 'This request came from another site and was refused. Please use the checkout page itself.',
  notFound: (method: string, url: string) => `There is nothing at ${method} ${url}.`,
  tooLarge: 'The request is too large.',
  requestTimedOut: 'The request took too long to arrive, so it was not read. Please send it again.',
  headersTooLarge: 'The request headers are too large.',
  unsupportedMediaType: (contentType: string) =>
    `Send the request as application/x-www-form-urlencoded (got ${contentType || 'no content type'}).`,
  tooManyFields: 'The request has too many fields.',
  tooDeep: 'The request nests its fields too deeply.',
  malformedRequest: 'The request could not be read.',
  forbiddenText:
    'The request contains a NUL character or text that is not valid UTF-8. Remove it and send the request again.',
  internal: 'Something went wrong on our side. Please try again.',
  notAvailableYet: 'This part of the checkout is not available yet.',
  ticketNotFound: 'That ticket is not on sale.',
  giftVoucherNotFound: 'That gift voucher is not on sale.',
  giftVoucherLimit: (n: number) => `You can only buy ${n} of this gift voucher at this value`,
  giftVoucherValue: 'Choose one of the gift voucher values on offer.',
  emptyBasket: 'Your basket is empty.',
  alreadyPaid: 'This order has already been paid.',
  notEnoughTickets: (ticketName: string, available: number) =>
    available <= 0
      ? `Sorry, ${ticketName} has sold out.`
      : `Sorry, only ${available} ${ticketName} ${available === 1 ? 'ticket is' : 'tickets are'} left.`,
  stateNeedsPayment: 'This step is only available once the order has been paid.',
  stateNeedsReservation: 'Your tickets are not reserved. Please reserve your basket first.',
  noSale: 'There is no checkout in progress.',
  cannotDestroyPaid: 'A paid order cannot be changed.',
  staleTab: 'This checkout has moved on in another tab or window. Here is where it is now.',
  paidStaysPaid: 'This order has been paid, so the steps before its payment are closed. Here is where it is now.',
} as const;
