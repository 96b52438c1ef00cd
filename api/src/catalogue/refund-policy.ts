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

/**
 * What a ticket line's policy is called where the checkout lists a basket's policies together (the order summary's
 * refund policy modal): a basket may hold an organiser's own policy beside the standard one, and each must be told
 * from the other by its title, not both be 'Refund policy'.
 */
export const standardPolicyTitle = 'Standard refund policy';
export const organiserPolicyTitle = (organiser: string): string =>
  `${organiser}${organiser.endsWith('s') ? "'" : "'s"} refund policy`;

/** A ticket line's refund policy: its organiser's own, under its name, or the standard one's summary. */
export function ticketRefundPolicy(line: {
  custom_refund_policy: string | null;
  organiser_name: string;
  non_refundable: boolean;
}): { title: string; text: string; description: string } {
  const own = line.custom_refund_policy;
  return {
    title: own === null ? standardPolicyTitle : organiserPolicyTitle(line.organiser_name),
    text: own ?? standardRefundPolicy.summary,
    description: ticketRefundDescription(line.non_refundable),
  };
}
