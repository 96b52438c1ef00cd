/**
 * The standard refund policy: the /refund-policy/ page and every ticket line that has no organiser policy of its own
 * read these words, so the two never differ.
 */
export const standardRefundPolicy = {
  title: 'Refund policy',
  summary:
    'Tickets can be refunded up to 7 days before the event, unless the ticket is marked non-refundable. Booking fees are generally non-refundable.',
  sections: [
    {
      heading: 'Cancelled events',
      body: 'If an event is cancelled, you will be refunded the full price of your tickets, including booking fees, to the card you paid with.',
    },
    {
      heading: 'Postponed or rescheduled events',
      body: 'Your tickets remain valid for the new date. If you cannot attend the new date, you can ask for a refund within 14 days of the change being announced.',
    },
    {
      heading: 'Changing your mind',
      body: 'You can ask for a refund up to 7 days before the event. Refunds for a change of mind do not include booking fees. Tickets marked non-refundable cannot be refunded for a change of mind.',
    },
    {
      heading: 'Refund protection',
      body: 'If you added refund protection to your booking, the whole booking cost can be refunded when you cannot attend for one of the covered reasons, such as illness or travel disruption. Refund protection does not cover a change of mind.',
    },
    {
      heading: 'Organiser policies',
      body: 'Some organisers set their own refund policy. Where they do, it is shown with their tickets in your basket and applies instead of this one.',
    },
  ],
} as const;

export const ticketRefundDescription = (nonRefundable: boolean): string =>
  nonRefundable ? 'This ticket is non-refundable.' : 'This ticket can be refunded under the refund policy.';
