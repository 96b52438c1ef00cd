import type { AppDeps } from '../deps';
import type { DomainEventSubscriber } from '../domain-events/subscribers';
import { mailAcceptedTickets } from './notify';

/**
 * The recipient of an accepted transfer is mailed their new codes: the message is stored in the outbox in the
 * transaction that gave them the tickets, so the codes and the mail carrying them exist together or not at all.
 */
export const transferMailSubscribers = (deps: AppDeps): readonly DomainEventSubscriber[] => [
  {
    name: 'emails.ticket.transferred',
    type: 'ticket.transferred',
    handle: (tx, { event }) => mailAcceptedTickets(deps, tx, event.transferId),
  },
];
