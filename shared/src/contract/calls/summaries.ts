import type { CallName } from './index';

/**
 * What each call does, in words for integrators: the OpenAPI document's summary and description of each operation.
 * Kept beside the registry rather than in each defineCall because the page bundles every call definition and has no
 * use for these sentences: the api imports this module through its own entry point, `@checkout/shared/call-summaries`,
 * which the package's main entry does not re-export, so no page bundle carries it. The Record type makes a call
 * without a summary a type error.
 */
export interface CallSummary {
  /** One line, the spec's words where it has them. */
  readonly summary: string;
  /** What the summary cannot say: when it is called, what the answer means, how it fails. */
  readonly description?: string;
}

export const callSummaries: Record<CallName, CallSummary> = {
  getUser: {
    summary: 'Get the signed-in user',
    description: '`user` is null for a guest. The page reads it on load and after every sign-in or sign-out.',
  },
  getCheckout: {
    summary: 'Get the checkout',
    description:
      "The session's sale as the page draws it: state, ticket and gift voucher lines, events, organisers, totals and " +
      "the order summary rows, the reservation's seconds remaining, and what each step needs. A new visitor gets an " +
      'empty basket.',
  },
  updateBasketState: {
    summary: 'Move the sale to another checkout state',
    description:
      '`from` names the state the page is leaving: a change from a state the sale has already left that would move it ' +
      "backwards is refused (409, type `stale`). Answers the reservation's seconds remaining and whether 'Need more " +
      "time?' is offered (`hold_extension_minutes`, as in the checkout).",
  },
  destroySale: {
    summary: 'Edit basket: give the reservation back and return to the basket',
    description: 'Cancels any open payment; the basket keeps its lines, codes and choices.',
  },
  extendReservation: {
    summary: "Need more time?: add the basket's extension minutes to the live reservation, once",
    description:
      "Adds the smallest `hold_extension_minutes` of the basket's events to the session's live reservation and its " +
      'holds, once per reservation (a reservation made again after Edit basket has its own chance); the checkout says ' +
      "whether it is offered (`hold_extension_minutes`). `sale_reference` must be the session's reservation. Refused " +
      "with 409 and a message: already extended, not offered for the basket's events, a payment started or the sale " +
      'paid, another reservation; no live reservation or a lapsed one is type `reserving`. Answers the new ' +
      '`seconds_remaining` and `hold_expires_at`.',
  },
  updateTicketQuantity: {
    summary: 'Change the quantity of a ticket line',
    description: 'At least 1; removing a line is remove_from_basket. Changing a reserved basket gives its holds back.',
  },
  updateGiftVoucherQuantity: {
    summary: 'Change the quantity of a gift voucher line',
  },
  updateRefundProtection: {
    summary: 'Choose or drop refund protection',
    description: 'true only when the buyer chose it and it is available for the basket.',
  },
  setCode: {
    summary: 'Apply a discount or gift voucher code',
    description: 'One code per basket. `code_applied` false comes with `error`, the reason it was not applied.',
  },
  removeCode: {
    summary: 'Remove an applied discount or gift voucher code',
  },
  removeFromBasket: {
    summary: 'Remove a ticket line from the basket',
  },
  removeGiftVoucherFromBasket: {
    summary: 'Remove a gift voucher line from the basket',
  },
  reserveTickets: {
    summary: 'Reserve the basket',
    description:
      "Holds every line's tickets for the hold time, all or nothing. The answer is one of: reserved (with " +
      '`sale_reference` and `checkout_time`, the seconds remaining), a captcha demanded (`captcha`, `captcha_sitekey`: ' +
      'solve it and send its token as `h-captcha-response`), a `redirect`, or an `error` to show. Tickets on sale ' +
      'through a queue need the pass the queue gives (the `checkout_pass` cookie): without one the answer is HTTP 403 ' +
      '`{ reserved: false, error, queue_url }`, nothing is held, and the page goes to `queue_url`.',
  },
  saveGuestToSale: {
    summary: 'Name a guest buyer on the sale',
    description: 'A refusal is `error` in the answer.',
  },
  sendOneTimeCode: {
    summary: 'Email a one-time code to sign in',
    description:
      'The answer is the same whether or not the email has an account. When many codes have been asked for the ' +
      'email, the answer is `{ success: false, captcha: true, captcha_sitekey, error }` and nothing is sent: send ' +
      "again with the solved captcha's token in `h-captcha-response`.",
  },
  checkOneTimeCode: {
    summary: 'Check a one-time code and sign the session in',
    description:
      'Only the session that asked for the code can check it. A wrong or expired code is a 4xx whose `type` is ' +
      '`one_time_code`; `reserving` means the reservation was lost and the buyer goes back to the basket.',
  },
  logoutOfSale: {
    summary: 'Sign out of the sale',
  },
  setMarketingPreferences: {
    summary: 'Save the marketing preferences',
    description: '`organiser_subscribed_marketing[<organiser id>]` says yes or no for each organiser in the basket.',
  },
  saveDonation: {
    summary: 'Add a donation to the charity',
  },
  updateDonation: {
    summary: 'Declare Gift Aid on the donation, or not',
    description: 'Whether the address is required depends on the amount saved, which the server checks.',
  },
  getAddressAllCountriesStates: {
    summary: 'List the countries and US states for the address form',
  },
  getUserAddresses: {
    summary: "List the signed-in user's saved addresses",
    description: 'The page treats a failure as an empty list.',
  },
  lookupAddress: {
    summary: 'Look up addresses matching a postcode or part of an address',
    description: 'At least 3 characters. The page treats a failure as an empty list.',
  },
  deleteAddress: {
    summary: "Delete one of the signed-in user's saved addresses",
  },
  setDeliveryAddress: {
    summary: 'Set the delivery address for posted tickets or gift vouchers',
    description:
      'A saved address id, or `new` with the address fields (state only for the USA). Gift voucher baskets also send ' +
      'who the voucher is from and for.',
  },
  payWithTruelayer: {
    summary: 'Start a bank transfer payment',
    description: "Answers `auth_url`, the bank's payment page to send the buyer to. Idempotent per `idempotency_key`.",
  },
  getToken: {
    summary: 'Create a card payment for the basket',
    description:
      "Answers the card provider's publishable key and the payment's client secret, for the provider's card form. " +
      'Idempotent per `idempotency_key`.',
  },
  setAccountDetails: {
    summary: "Express checkout: save the buyer's account details and billing address",
    description: 'Creates or finds the account (the same answer either way) without signing the session in.',
  },
  setBillingAddress: {
    summary: 'Save the billing address',
  },
  payWithSquare: {
    summary: 'Pay with a square-type card',
    description:
      "Sends the card token and buyer verification token from the provider's card form with the billing address. " +
      '`payment_completed` says the sale is paid; `addressError` and `error` are sentences to show. Idempotent per ' +
      '`idempotency_key`.',
  },
  getOpoaUsers: {
    summary: "List the basket's organisers that take payments with their own account, and the buyer's name",
  },
  getSquareCredentials: {
    summary: "Get the square-type card form's application and location ids",
    description: "`checkout_js` is the script to load for the card form (the offline sandbox's, while it is in use).",
  },
  payWithInstalment: {
    summary: 'Pay by instalments',
    description:
      'Pays the first payment now with a saved card of the signed-in user or a new card created with the card ' +
      'provider; later payments are charged monthly. `status` is success, redirect_to_url (with `url`) or ' +
      'unsuccessful. Idempotent per `idempotency_key`.',
  },
  createTruelayerPayment: {
    summary: 'Open a bank transfer payment for the basket',
    description: 'Called when the payment step offers the bank option; any failure removes that option.',
  },
  getPaymentError: {
    summary: 'Get the last payment error',
    description: 'The body is the sentence to show on the payment step, or an empty string when there is none.',
  },
  claimFreeTickets: {
    summary: 'Claim free tickets (a basket whose total is 0)',
    description: 'Succeeds only when the total is 0 at that moment. Idempotent per `idempotency_key`.',
  },
  getTruelayerStatus: {
    summary: 'Get the state of the bank transfer',
    description: "Polled while the buyer waits for the bank's answer.",
  },
  deliverToBitticket: {
    summary: 'Issue the tickets of a paid sale',
    description:
      '`delivery_completed` false (with `error`) when the sale is not paid; calling it again issues nothing more.',
  },
  deliverToWallet: {
    summary: 'Email the order confirmation with the tickets',
    description: 'Issues the tickets first if that has not happened; the email is sent once.',
  },
  saveQuestionAnswers: {
    summary: 'Save the answers to the ticket questions',
    description:
      'Keys are `answer_{ticket id}_{question id}`, with `_{n}` for the n-th ticket of that type for a per-ticket ' +
      'question. A refusal is a 400 naming each bad key; nothing is stored. Saving again replaces the answers.',
  },
  setTransfers: {
    summary: 'Transfer tickets, or give them as a gift now or at a scheduled time',
    description: 'A scheduled gift needs its delivery date (dd/mm/yyyy) and time (hh:mm).',
  },
  getSimpleInfo: {
    summary: "Get the sale's email and reference",
    description: 'The page loads it on the order-completed step and fails silently.',
  },
  getRewardReferrerLink: {
    summary: 'Get the referral link to share',
    description: 'The body is the link, or an empty string when there is none.',
  },
  sendCustomerFeedback: {
    summary: 'Send feedback about the checkout',
  },
  subscribeToEvents: {
    summary: "Subscribe to the organiser's upcoming events",
  },
  addToBasket: {
    summary: 'Add a ticket or a gift voucher to the basket',
    description:
      'Used by the events page: a ticket with a quantity, or a gift voucher with a quantity and a value. A basket ' +
      'holds one currency: a ticket in another is left out.',
  },
};
