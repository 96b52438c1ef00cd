/**
 * Our own words on this step: labels, buttons and notes the spec does not word (the spec's sentences come from
 * @checkout/shared/messages/<step>). One module per step, so that a step's chunk carries its own words only.
 */
export const copy = {
  title: 'Payment',
  waiting: 'Checking your payment with your bank',
  successTitle: 'Payment received',
  reference: (reference: string) => `Ref: ${reference}`,
  continue: 'Continue',
  failedTitle: 'Your payment was not completed',
  tryDifferentMethod: 'Try a different payment method',
} as const;
