import type { DomainEventSubscriber } from '../../domain-events/subscribers';
import { refundAnswer } from '../orders/refund';
import { recordOrderPaid } from '../orders/view';
import { recordSaleExpired, recordTicketsTransferred } from './emit';
import { recordWebhookEvent } from './record';

/**
 * The organiser API's webhooks, as subscribers of the domain events: each event becomes the webhook events (and the
 * deliveries to the endpoints subscribed to them) of the organisers it concerns, in the transaction of the change.
 * ticket.checked_in is the door's (door/checked-in-subscriber.ts), as its payload is the door's view of the ticket.
 */
export const webhookSubscribers: readonly DomainEventSubscriber[] = [
  {
    name: 'webhooks.order.paid',
    type: 'order.paid',
    handle: (tx, { event, now }) => recordOrderPaid(tx, event.saleId, now),
  },
  {
    name: 'webhooks.order.refunded',
    type: 'order.refunded',
    async handle(tx, { event, now }) {
      const answer = await refundAnswer(tx, event.organiserId, event.refundId);
      await recordWebhookEvent(
        tx,
        { organiserId: event.organiserId, type: 'order.refunded', data: { ...answer } },
        now,
      );
    },
  },
  {
    name: 'webhooks.ticket.transferred',
    type: 'ticket.transferred',
    handle: (tx, { event, now }) =>
      recordTicketsTransferred(
        tx,
        event.transferId,
        new Map(event.previousCodes.map(({ ticketId, code }) => [ticketId, code])),
        now,
      ),
  },
  {
    name: 'webhooks.sale.expired',
    type: 'sale.expired',
    handle: (tx, { event, now }) => recordSaleExpired(tx, event.saleId, now),
  },
];
