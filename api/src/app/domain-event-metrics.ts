import type { AfterCommitSubscriber } from '../domain-events/relay';
import { recordDomainEvent, recordPayment } from '../observability/metrics';

/**
 * The metrics that follow the domain events, counted after commit by the relay (domain-events/relay.ts): every event
 * in domain_events_total, and a sale paid in payments_total by the provider that took the money. Counting in the
 * publishing transaction would count work that then rolled back; the relay hands each committed event to one process.
 */
export const metricsAfterCommitSubscribers: readonly AfterCommitSubscriber[] = [
  { name: 'metrics.payments_total', type: 'order.paid', handle: (event) => recordPayment(event.provider, 'paid') },
  { name: 'metrics.domain_events_total', type: 'order.paid', handle: () => recordDomainEvent('order.paid') },
  { name: 'metrics.domain_events_total', type: 'order.refunded', handle: () => recordDomainEvent('order.refunded') },
  {
    name: 'metrics.domain_events_total',
    type: 'ticket.transferred',
    handle: () => recordDomainEvent('ticket.transferred'),
  },
  {
    name: 'metrics.domain_events_total',
    type: 'ticket.checked_in',
    handle: () => recordDomainEvent('ticket.checked_in'),
  },
  { name: 'metrics.domain_events_total', type: 'sale.expired', handle: () => recordDomainEvent('sale.expired') },
];
