/** The server's own sentences for payment plans (what the page shows from the spec lives in shared/src/messages.ts). */
export const instalmentMessages = {
  optionNotOffered: 'This payment plan is not available for your basket. Please choose another.',
  unknownSavedCard: 'Please choose one of your saved cards or a new payment card.',
  unknownNewCard: 'The new payment card could not be found. Please enter it again.',
  planExists: 'A payment plan has already been set up for this checkout.',
  walletTitle: 'Tickets on a payment plan',
  paidSoFar: (paid: number, months: number) => `${paid} of ${months} instalments paid`,
  needsAuthentication:
    'Your bank asked to authenticate this card, which a payment plan cannot do. Please use another card.',
} as const;
