/**
 * Our own words on this step: labels, buttons and notes the spec does not word. The spec's sentences (errors,
 * validation messages, field hints, titles) come from @checkout/shared/messages/<step>; nothing here repeats one of them.
 * One module per step, so that a step's chunk carries its own words and no other step's.
 */
export const copy = {
  title: 'Keep updated',
  intro: 'Choose what you would like to hear about. You can unsubscribe at any time.',
  legend: 'Email updates',
  ctSubscribed: 'Exclusive event news and discounts (our newsletter)',
  eventSubscribed: 'Important updates about the events you book',
  continue: 'Continue',
} as const;
