/**
 * Every user-facing sentence of the spec, once: section 8 (errors, warnings, notices, success toasts), section 5
 * (validation messages and field hints) and the fixed texts of section 4. Copied letter for letter, the spec's own
 * spelling included ('occured'). Parameterised sentences are functions.
 */

/** Whose address a field belongs to: the buyer's own, or a gift recipient's. */
export type AddressOwner = 'your' | 'the recipients';

export const messages = {
  // ---- Section 8: errors (toasts unless stated) ----------------------------------------------------------------
  unknownReserveError: 'An unknown error occured. Please try again, or contact support.',
  /** Reserve request failed, as the basket step words it. */
  reserveFailedBasket: 'Unable to reserve ticket(s). Please try again later',
  /** Reserve request failed, as the checkout controller words it. */
  reserveFailed: 'Unable to reserve tickets. Please try again later',
  updateTicketQuantityFailed: 'Unable to update Ticket quantity. Please try again later',
  updateGiftVoucherQuantityFailed: 'Unable to update Gift Voucher quantity. Please try again later',
  updateRefundProtectionFailed: 'Unable to update Refund protection. Please try again later',
  setCodeFailed: 'Unable to set the Code. Please try again later',
  removeTicketFailed: 'Unable to remove the Ticket from the basket. Please try again later',
  removeGiftVoucherFailed: 'Unable to remove the Gift Voucher from the basket. Please try again later',
  /** Our addition, worded like its neighbours: removing an applied code. */
  removeCodeFailed: 'Unable to remove the Code. Please try again later',
  sendCodeFailed: 'Unable to send the code. Please try again later',
  logoutFailed: 'Unable to log out. Please refresh the page',
  marketingPreferencesFailed: 'Unable to set the marketing preferences. Please try again later',
  saveDonationFailed: 'Unable to save Donation. Please try again later',
  /** Inline, donation step. */
  donationAmountProblem: 'There was a problem setting your donation amount. Please try again.',
  /** Inline, donation step. */
  selectAmount: 'Please select an amount.',
  updateDonationFailed: 'Unable to update Donation. Please try again later',
  /** Inline, Gift Aid step. */
  giftAidStatusProblem: 'There was a problem setting your gift aid status. Please try again.',
  deliveryAddressFailed: 'Unable to set the delivery Address. Please try again later',
  openBankingRedirectFailed: (provider: string) =>
    `There was an error with taking you to ${provider}. Please try again.`,
  stripeTokenFailed: 'Unable to get Stripe token. Please try again later',
  stripeRedirectFailed: 'There was an error with taking you to Stripe. Please try again.',
  addressNotFound: 'We were unable to find your address. Please try a different address',
  payFailed: 'Unable to pay. Please try again later',
  incompatibleBrowser: 'You are using an incompatible browser.',
  instalmentPaymentFailed: 'There was an error with your payment. Please try again.',
  claimFreeTicketsFailed: 'Unable to claim free tickets. Please try again later',
  truelayerStatusFailed: 'Unable to get Truelayer status. Please try again later',
  deliverToBitticketFailed: 'Unable to deliver to BitTicket. Please try again later',
  deliverToWalletFailed: 'Unable to deliver to Wallet. Please try again later',
  deliveryNotCompleted: 'Delivery failed. Please contact support Error code: 2961',
  saveAnswersFailed: 'Unable to save your answers. Please try again',
  noPaymentIntegration: (organiserName: string) =>
    `We currently are unable to take payments for this basket as the payment integration has not yet been configured by ${organiserName}`,
  getCheckoutFailed: 'Unable to get Checkout data. Please try again later',
  updateBasketStateFailed: 'Unable to update the Basket state. Please try again later',
  editBasketFailed: 'Unable to edit Basket. Please try again later',
  squareCredentialsFailed: 'Unable to get Square credentials. Please try again later',
  sendTransfersFailed: 'Unable to send tickets. Please try again later',
  sendFeedbackFailed: 'Unable to send feedback. Please try again',
  subscribeFailed: 'Unable to add to subscription. Please try again later',

  // ---- Section 8: warnings and notices ----------------------------------------------------------------------------
  differentCurrency:
    'Unfortunately, some tickets had to be removed because they are being sold using a different currency from tickets already in the basket. Please purchase them separately',
  checkoutExpired: 'Your checkout time expired. If the tickets are still available, you can try to reserve them again.',
  captchaExpired: 'The captcha challenge has expired. Please complete the challenge again.',

  // ---- Section 8: success toasts ------------------------------------------------------------------------------------
  feedbackSent: 'Your feedback has been sent. Thanks!',
  subscribedToUpdates: 'You have been subscribed to important event updates',
  linkCopied: 'Link copied',

  // ---- Section 4: fixed texts ---------------------------------------------------------------------------------------
  bankCancelled: 'You cancelled the payment in the bank portal.',
  /** After 3 polls. */
  bankWaitingForResponse: 'Waiting for a response from your bank',
  /** After 6 polls. */
  bankAwaitingConfirmation: 'Awaiting confirmation of payment',
  /** After 9 polls. */
  bankTakingLonger: "It's taking longer than usual for confirmation of your payment.",
  /** After more than 60 polls. */
  bankGiveUp:
    "We could not confirm if the payment was completed yet. We'll continue to wait, and deliver your tickets if payment is confirmed.",
  paymentFailedExpired:
    'Your payment was unsuccessful and the checkout time expired. If the tickets are still available, you can try to reserve them again',
  /** A payment made for a basket that changed before it was settled (our rule: a payment pays for one priced basket). */
  paymentRefundedBasketChanged:
    'Your basket changed while you were paying, so that payment has been refunded. Please check your basket and pay again.',
  /** The same, caught before any money was taken (the open payment was cancelled). */
  paymentCancelledBasketChanged:
    'Your basket changed while you were paying, so that payment was cancelled and nothing was taken. Please check your basket and pay again.',
  /** Payment refused while a mandatory question asked before payment has no answer (the questions are named). */
  questionsUnanswered: (questions: string) => `Please answer these questions before paying: ${questions}`,
  ticketsReservedFor: 'Tickets reserved for',
  determiningProgress: 'Determining checkout progress',

  // ---- Section 5: basket ------------------------------------------------------------------------------------------
  canOnlyReserve: (n: number | string) => `You can only reserve ${n} tickets of this type`,
  minimumPurchase: (n: number | string) => `You must purchase a minimum of ${n} tickets of this type`,
  requiredTicketsMissing: 'You must also purchase the following tickets to continue the checkout.',
  invalidCode: 'Invalid code',
  codeApplied: 'Code applied',
  /** Beside required tickets, for guests: the companion may already be theirs from an earlier order. */
  requiredTicketsSignInHint: 'Already bought one of these? Sign in to use it.',
  /** Heading of the events refund protection cannot cover (spec section 2). */
  refundProtectionNotCovered: 'Not covered by refund protection',
  /** The booking fee row of the basket and the order summary (spec section 9). */
  bookingFee: 'Booking fee',

  // ---- Section 5: account -----------------------------------------------------------------------------------------
  invalidEmail: 'Please type a valid email address',
  emailHint: 'Type your email address',
  fullNameRequired: 'Please type both your first and last name(s)',
  fullNameHint: 'Type your full name',

  // ---- Section 5: donation ----------------------------------------------------------------------------------------
  donationAmountRequired: 'Choose an amount or click Skip donation',

  // ---- Section 5: address and delivery ----------------------------------------------------------------------------
  postcodeRequired: 'Type your postcode or zip code',
  // Our words (the spec's billing form asks only for a non-empty postcode): a billing postcode of the wrong shape.
  billingUkPostcodeInvalid: 'Type a UK postcode, like SW1A 1AA',
  billingZipInvalid: 'Type a ZIP code of 5 or 9 digits, like 10001 or 10001-1234',
  giftVoucherFromRequired: 'Who is the gift voucher from?',
  giftVoucherToRequired: 'Who is the gift voucher for?',
  firstNameRequired: (owner: AddressOwner = 'your') => `Please type ${owner} first name`,
  lastNameRequired: (owner: AddressOwner = 'your') => `Please type ${owner} last name`,
  addressLine1Required: (owner: AddressOwner = 'your') => `Please type ${owner} first line of address`,
  townRequired: (owner: AddressOwner = 'your') => `Please type ${owner} town/city`,
  postcodeFieldRequired: (owner: AddressOwner = 'your') => `Please type ${owner} postcode`,
  stateRequired: (owner: AddressOwner = 'your') => `Please type ${owner} state`,
  completeAddress: 'Please complete your address',

  // ---- Section 5: contact and express account ---------------------------------------------------------------------
  invalidPhone: 'Type a valid phone number',
  expressInvalidEmail: 'Type a valid email address',
  expressFullNameRequired: 'Type both your first and last name(s)',

  // ---- Section 5: questions ---------------------------------------------------------------------------------------
  required: 'Required',
  answerRequired: 'Please enter your answer',

  // ---- Section 5: transfer ----------------------------------------------------------------------------------------
  transferNameRequired: 'Please enter a name',
  transferEmailRequired: 'Please enter an email',
  transferDateRequired: 'Please enter a date',
  transferTimeRequired: 'Please enter a time',
  /** A gift scheduled for today at a time already past. */
  transferTimePast: 'Please choose a time later than now',

  // ---- Section 2: sentences several steps show ----------------------------------------------------------------------
  ticketsTransferred: 'Your tickets have been transferred',
  freeTicketsBeingClaimed: 'Your free tickets are being claimed',
  /** The delivery step's first line after a £0 claim (no payment was taken). */
  freeTicketsClaimed: 'Your free tickets have been claimed',
  editBasketWarning: 'By editing your basket, you could lose your reserved tickets.',
  editBasket: 'Edit basket',
  expressEditBasket: 'Edit basket or add discount code',
  editBasketTitle: 'Are you sure?',
  editBasketCancel: 'No, cancel',
  editBasketConfirm: "Yes, I'm sure",
  /** The phone's expandable basket and the summary's refund policy modal (spec section 2, Payment). */
  phoneBasket: 'Your basket',
  itemsInBasket: (n: number) => `${n} ${n === 1 ? 'item' : 'items'} in your basket`,
  orderPaid: 'Paid',
  refundPolicy: 'Refund policy',
  close: 'Close',
  captchaPrompt: "Please prove you're a human being completing the CAPTCHA challenge.",

  // ---- Our own words: the frame around the steps, which the spec does not word ------------------------------------
  orderSummary: 'Order summary',
  subtotal: 'Subtotal',
  total: 'Total',
  /** The order summary's rows besides the ticket and voucher lines (the server builds them: sale/breakdown.ts). */
  discountRow: (code: string) => `Discount code ${code}`,
  giftVoucherCodeRow: (code: string) => `Gift voucher ${code}`,
  deliveryRow: 'Delivery',
  refundProtectionRow: 'Refund protection',
  donationRow: (charity: string) => `Donation to ${charity}`,
  donationFeeRow: 'Donation fee',
  withGiftAid: 'With Gift Aid: the charity can claim 25% more at no cost to you',
  bookingFeeIncluded: (fee: string) => `Includes booking fee ${fee}`,
  /** An applied code, on every visit: its saving and the way to take it off. */
  codeSaving: (code: string, saving: string) => `${code}: ${saving} off`,
  removeCode: (code: string) => `Remove code ${code}`,
  remove: 'Remove',
  free: 'FREE',
  retry: 'Retry',
  stepLoading: 'Loading',
  stepCouldNotLoad: 'This step could not be loaded. Nothing in your checkout has been lost: please try again.',
  stepFailed: 'Something went wrong on this step. Please reload the page, or contact support.',

  // ---- Our own words: the header (the checkout's progress and the countdown's warnings) -----------------------------
  checkoutProgress: 'Checkout progress',
  stageBasket: 'Basket',
  stageDetails: 'Details',
  stagePayment: 'Payment',
  stageTickets: 'Tickets',
  /** Announced once each, politely, at five minutes and at one minute left. */
  checkoutTimeLeft: (minutes: number) =>
    `You have ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left to complete your checkout.`,

  // ---- Our own words: a captcha that failed without expiring (a provider's sentence is shown as it is) -----------
  captchaNotVerified: 'The challenge could not be verified. Please try again.',
  captchaUnavailable: 'The challenge could not be checked just now. Please try again.',
  captchaRateLimited: 'Too many attempts at the challenge. Please wait a moment and try again.',
} as const;

export type Messages = typeof messages;
