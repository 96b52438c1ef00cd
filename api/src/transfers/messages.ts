/** The server's reasons for refusing a transfer (our words; the page shows the spec's own on failure). */
export const transferMessages = {
  tooMany: (owned: number) => `You can transfer at most ${owned} of these tickets`,
  notInOrder: 'These tickets are not in this order',
  inThePast: 'Choose a delivery date and time in the future',
  notFound: 'This transfer link is not valid.',
  accepted: 'The tickets are now in your account.',
  alreadyAccepted: 'These tickets have already been accepted.',
  unavailable: 'These tickets can no longer be transferred.',
} as const;
