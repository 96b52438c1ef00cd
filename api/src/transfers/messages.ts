/** The server's reasons for refusing a transfer (our words; the page shows the spec's own on failure). */
export const transferMessages = {
  tooMany: (owned: number) => `You can transfer at most ${owned} of these tickets`,
  notInOrder: 'These tickets are not in this order',
  planOutstanding: 'Tickets on a payment plan can be transferred once the plan is paid',
  inThePast: 'Choose a delivery date and time in the future',
  notFound: 'This transfer link is not valid.',
  accepted:
    'The tickets are yours now: we have emailed you their new codes. Confirm your email address with a one-time code to see them in your wallet.',
  seeTickets: 'Confirm your email to see your tickets',
  alreadyAccepted: 'These tickets have already been accepted.',
  unavailable: 'These tickets can no longer be transferred.',
} as const;
