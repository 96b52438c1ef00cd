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
  // The wallet: a ticket its owner has offered, and offers waiting for the owner.
  waitingFor: (recipient: string, email: string) => `Waiting for ${recipient} (${email}) to accept`,
  sentOn: (when: string) => `Sent ${when}.`,
  giftScheduled: (recipient: string, email: string) => `Gift for ${recipient} (${email}), not sent yet`,
  giftSendsOn: (when: string) => `We will email it on ${when} (UK time).`,
  stillYours: 'Until it is accepted the ticket stays yours and its code still admits.',
  waitingForYouTitle: 'Tickets waiting for you',
  waitingForYouIntro: 'Accept them to have them in your wallet with new codes of your own.',
  offerLine: (sender: string | null, qty: number, ticketName: string) =>
    `${sender ?? 'Someone'} sent you ${qty} × ${ticketName}`,
  offerSentOn: (when: string) => `Sent ${when}`,
  reviewOffer: 'Review and accept',
} as const;
