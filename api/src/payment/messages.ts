/**
 * The server's own sentences for payment (the card sandbox speaks Stripe's words; the rest are ours). What the page
 * shows from the spec lives in shared/src/messages.ts.
 */
export const paymentMessages = {
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  incorrectNumber: 'Your card number is incorrect.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  postcodeMismatch: 'The billing postcode does not match your card. Please check it and try again.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  unknownIntent: 'No such payment. Please start the payment again.',
  notReserved: 'Your tickets are no longer reserved. Please reserve them again.',
  nothingToPay: 'There is nothing to pay for in this basket.',
  notFree: 'This basket is not free: please pay for it.',
  keyReused: 'This payment was already started with different details. Please refresh the page and try again.',
  inProgress: 'This payment is still being processed. Please wait a moment.',
  bankNotOffered: 'Bank transfer is not available for this basket.',
  squareNotOffered: 'This basket is not paid with Square.',
  noBankPayment: 'There is no bank payment for this checkout.',
  bankFailed: 'Your bank did not authorise the payment.',
  bankCancelled: 'The payment was cancelled at your bank.',
  squareTokenUsed: 'This card has already been used for a payment. Please enter your card details again.',
  refundedAfterExpiry:
    'The tickets were sold to someone else after your checkout time expired, so your payment has been refunded.',
  refundedCodeTaken: (code: string) =>
    `Your checkout time ran out and the code ${code} was then used for another order, so your payment has been refunded. You are welcome to start your order again.`,
  notExpress: 'Account details are only taken on an express checkout.',
  alreadyPaid: 'This checkout has already been paid.',
  secondPayment: 'This checkout had already been paid, so this second payment has been refunded.',
  intentCancelled: 'This payment was cancelled. Please start the payment again.',
  methodOff: 'This way of paying is not available at the moment. Please choose another one.',
} as const;
