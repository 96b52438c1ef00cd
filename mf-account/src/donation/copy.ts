/**
 * Our own words on this step: labels, buttons and notes the spec does not word. The spec's sentences (errors,
 * validation messages, field hints, titles) come from @checkout/shared/messages/<step>; nothing here repeats one of them.
 * One module per step, so that a step's chunk carries its own words and no other step's.
 */
export const copy = {
  fallbackTitle: 'Donation',
  logoAlt: (charity: string) => `${charity} logo`,
  amountLegend: 'Donation amount',
  otherAmount: 'Other amount',
  feeNotice: (percent: string, pence: string) =>
    `A fee of ${percent}% + ${pence}p is added to your donation to cover card and processing costs.`,
  summary: (donation: string, fee: string, total: string) => `Your donation ${donation} + fee ${fee} = ${total}`,
  donate: 'Add donation',
  skip: 'Skip donation',
} as const;
