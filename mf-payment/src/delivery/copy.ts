/**
 * Our own words on this step: labels, buttons and notes the spec does not word (the spec's sentences come from
 * @checkout/shared/messages/<step>). One module per step, so that a step's chunk carries its own words only.
 */
export const copy = {
  title: 'Payment',
  paymentComplete: 'Payment complete',
  planPaymentComplete: 'First payment complete',
  toWallet: 'Delivering your tickets to your ticket wallet',
  planToWallet:
    'Setting up your tickets in your ticket wallet: tickets on the payment plan arrive at the end of the schedule',
  toEmail: 'Sending your ticket wallet to your email',
  delivered: 'Delivered! Your tickets are in your ticket wallet and on their way to your email',
  planDelivered: 'Done! Some of your tickets will arrive at the end of the payment schedule',
} as const;
