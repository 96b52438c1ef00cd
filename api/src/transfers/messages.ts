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
  pageTitle: 'Ticket transfer',
  offerTitle: 'Tickets sent to you',
  giftTitle: 'A gift of tickets',
  offerIntro: (recipient: string, sender: string | null) =>
    `${recipient}, ${sender ?? 'someone'} would like you to have these tickets.`,
  unnamedSender: 'The buyer',
  fromLabel: 'From',
  ticketsLabel: 'Tickets',
  eventLabel: 'Event',
  messageLabel: 'Message',
  acceptNote: 'Accept them to have new ticket codes emailed to you. Until then they stay with the sender.',
  accept: 'Accept the tickets',
  acceptFailed: 'The tickets could not be accepted just now. Please try again.',
} as const;
