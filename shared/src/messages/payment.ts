/**
 * The payment step's sentences: its calls' failures, its fixed texts, the billing and
 * express checkout validation messages, and our own words for a billing postcode of the wrong shape.
 * Parameterised sentences are functions.
 */

export const openBankingRedirectFailed = (provider: string) =>
  `There was an error with taking you to ${provider}. Please try again.`;

export const stripeTokenFailed = 'Unable to get Stripe token. Please try again later';
export const stripeRedirectFailed = 'There was an error with taking you to Stripe. Please try again.';
export const addressNotFound = 'We were unable to find your address. Please try a different address';
export const payFailed = 'Unable to pay. Please try again later';
export const incompatibleBrowser = 'You are using an incompatible browser.';
export const instalmentPaymentFailed = 'There was an error with your payment. Please try again.';
export const claimFreeTicketsFailed = 'Unable to claim free tickets. Please try again later';
export const squareCredentialsFailed = 'Unable to get Square credentials. Please try again later';

/** A payment made for a basket that changed before it was settled (our rule: a payment pays for one priced basket). */
export const paymentRefundedBasketChanged =
  'Your basket changed while you were paying, so that payment has been refunded. Please check your basket and pay again.';

/** The same, caught before any money was taken (the open payment was cancelled). */
export const paymentCancelledBasketChanged =
  'Your basket changed while you were paying, so that payment was cancelled and nothing was taken. Please check your basket and pay again.';

/** Payment refused while a mandatory question asked before payment has no answer (the questions are named). */
export const questionsUnanswered = (questions: string) => `Please answer these questions before paying: ${questions}`;

export const postcodeRequired = 'Type your postcode or zip code';

// Our words (the spec's billing form asks only for a non-empty postcode): a billing postcode of the wrong shape.
export const billingUkPostcodeInvalid = 'Type a UK postcode, like SW1A 1AA';

export const billingZipInvalid = 'Type a ZIP code of 5 or 9 digits, like 10001 or 10001-1234';
export const invalidPhone = 'Type a valid phone number';
export const expressInvalidEmail = 'Type a valid email address';
export const expressFullNameRequired = 'Type both your first and last name(s)';
export const freeTicketsBeingClaimed = 'Your free tickets are being claimed';

/** Ours: the basket needs paying and no way of paying is available now (each one's provider is off). */
export const noPaymentMethodAvailable =
  'No way of paying is available for this basket at the moment. Please try again later.';
