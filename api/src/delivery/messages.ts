/** Why a delivery call answered delivery_completed false (the page shows messages.deliveryNotCompleted; this is detail). */
export const deliveryMessages = {
  noOrder: 'There is no order to deliver.',
  notPaid: 'The payment for this order has not been confirmed, so its tickets cannot be delivered yet.',
  noEmail: 'The order has no email address to send the tickets to.',
} as const;
