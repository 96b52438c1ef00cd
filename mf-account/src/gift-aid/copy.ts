/**
 * Our own words on this step: labels, buttons and notes the spec does not word. The spec's sentences (errors,
 * validation messages, field hints, titles) come from @checkout/shared/messages/<step>; nothing here repeats one of them.
 * One module per step, so that a step's chunk carries its own words and no other step's.
 */
export const copy = {
  title: 'Gift Aid',
  uplift: (donation: string, uplifted: string) =>
    `Gift Aid turns your ${donation} donation into ${uplifted} at no extra cost to you.`,
  optIn: 'Yes, add Gift Aid to my donation',
  confirmLegend: 'Please confirm all of the following',
  confirmTaxpayer:
    'I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax than the amount of Gift Aid claimed on all my donations in this tax year it is my responsibility to pay any difference.',
  confirmOwnMoney: 'This donation is my own money. It is not from a company, a collection or anyone else.',
  confirmNotGambling:
    'I am not receiving anything in return, and this is not a payment for a raffle, lottery or gambling.',
  confirmAll: 'Please confirm all three statements to add Gift Aid.',
  residenceLegend: 'Where do you live?',
  ukResident: 'In the UK',
  overseas: 'Overseas (a UK taxpayer living abroad)',
  addressIntro: (threshold: string) =>
    `For a donation of ${threshold} or more the charity needs your home address to claim Gift Aid.`,
  address1: 'Address line 1',
  overseasAddress: 'Home address',
  postcode: 'Postcode',
  subscribe: (charity: string) => `Keep me updated about ${charity}'s work`,
  continue: 'Continue',
} as const;
