import type { DomainEventSubscriber } from '../domain-events/subscribers';
import { recordWebhookEvent } from '../organiser-api/webhooks/record';
import { admittedTicket } from './check-in';

/** ticket.checked_in for the organiser's webhooks: the ticket as the door shows it once admitted, with its order. */
export const checkedInWebhookSubscriber: DomainEventSubscriber = {
  name: 'webhooks.ticket.checked_in',
  type: 'ticket.checked_in',
  async handle(tx, { event, now }) {
    const ticket = await admittedTicket(tx, event.ticketId);
    // The integrator's systems know tickets by their order: the event names it beside the ticket.
    const order = await tx
      .selectFrom('tickets')
      .innerJoin('sales', 'sales.id', 'tickets.sale_id')
      .select('sales.reference')
      .where('tickets.id', '=', event.ticketId)
      .executeTakeFirstOrThrow();
    await recordWebhookEvent(
      tx,
      {
        organiserId: event.organiserId,
        type: 'ticket.checked_in',
        data: { ...ticket, order_reference: order.reference },
      },
      now,
    );
  },
};
