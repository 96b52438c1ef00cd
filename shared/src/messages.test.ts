import { messages } from './messages';

/** Sentences copied from the spec (sections 4, 5 and 8), letter for letter. */
test.each([
  [messages.unknownReserveError, 'An unknown error occured. Please try again, or contact support.'],
  [messages.reserveFailedBasket, 'Unable to reserve ticket(s). Please try again later'],
  [messages.updateTicketQuantityFailed, 'Unable to update Ticket quantity. Please try again later'],
  [messages.removeGiftVoucherFailed, 'Unable to remove the Gift Voucher from the basket. Please try again later'],
  [messages.logoutFailed, 'Unable to log out. Please refresh the page'],
  [messages.donationAmountProblem, 'There was a problem setting your donation amount. Please try again.'],
  [messages.deliveryNotCompleted, 'Delivery failed. Please contact support Error code: 2961'],
  [messages.sendFeedbackFailed, 'Unable to send feedback. Please try again'],
  [
    messages.differentCurrency,
    'Unfortunately, some tickets had to be removed because they are being sold using a different currency from tickets already in the basket. Please purchase them separately',
  ],
  [
    messages.checkoutExpired,
    'Your checkout time expired. If the tickets are still available, you can try to reserve them again.',
  ],
  [messages.feedbackSent, 'Your feedback has been sent. Thanks!'],
  [messages.bankTakingLonger, "It's taking longer than usual for confirmation of your payment."],
  [
    messages.bankGiveUp,
    "We could not confirm if the payment was completed yet. We'll continue to wait, and deliver your tickets if payment is confirmed.",
  ],
  [
    messages.paymentFailedExpired,
    'Your payment was unsuccessful and the checkout time expired. If the tickets are still available, you can try to reserve them again',
  ],
  [messages.fullNameRequired, 'Please type both your first and last name(s)'],
  [messages.postcodeRequired, 'Type your postcode or zip code'],
  [messages.canOnlyReserve(4), 'You can only reserve 4 tickets of this type'],
  [messages.minimumPurchase(2), 'You must purchase a minimum of 2 tickets of this type'],
  [
    messages.openBankingRedirectFailed('TrueLayer'),
    'There was an error with taking you to TrueLayer. Please try again.',
  ],
  [
    messages.noPaymentIntegration('Fair Events Ltd'),
    'We currently are unable to take payments for this basket as the payment integration has not yet been configured by Fair Events Ltd',
  ],
  [messages.firstNameRequired('the recipients'), 'Please type the recipients first name'],
  [messages.townRequired(), 'Please type your town/city'],
])('%s', (actual, expected) => {
  expect(actual).toBe(expected);
});

test('each sentence is kept once', () => {
  const sentences = Object.values(messages as Record<string, unknown>).filter(
    (m): m is string => typeof m === 'string',
  );
  expect(new Set(sentences).size).toBe(sentences.length);
});
