import { z } from 'zod/mini';

/**
 * What the core of the checkout reports having happened. An event names what changed by its ids, never a view of it:
 * a subscriber reads what it needs in the same transaction, so the event stays small and each integration keeps its
 * own shape of the data. The exception is what the change itself destroys (a transfer replaces the tickets' codes),
 * which the event carries because nothing can read it afterwards.
 */

const id = z.number().check(z.int(), z.positive());

/** A sale was settled: its payment is recorded, its tickets issued. `provider` took the money ('free' for a claim). */
export const OrderPaidSchema = z.object({
  type: z.literal('order.paid'),
  saleId: id,
  provider: z.string().check(z.minLength(1)),
});

/** An organiser refunded some or all of its tickets of a sale (the refund's answer is stored on its row). */
export const OrderRefundedSchema = z.object({
  type: z.literal('order.refunded'),
  saleId: id,
  organiserId: id,
  refundId: id,
});

/** A recipient accepted a transfer: its tickets have new codes and a new owner. */
export const TicketTransferredSchema = z.object({
  type: z.literal('ticket.transferred'),
  transferId: id,
  /** The codes the tickets had before the transfer replaced them. */
  previousCodes: z.array(z.object({ ticketId: id, code: z.string().check(z.minLength(1)) })),
});

/** A ticket was admitted at the door, by one of its organiser's doors. */
export const TicketCheckedInSchema = z.object({
  type: z.literal('ticket.checked_in'),
  organiserId: id,
  ticketId: id,
});

/** A reservation lapsed unpaid: the sale turned 'expired' and its stock went back on sale. */
export const SaleExpiredSchema = z.object({ type: z.literal('sale.expired'), saleId: id });

export const DomainEventSchema = z.discriminatedUnion('type', [
  OrderPaidSchema,
  OrderRefundedSchema,
  TicketTransferredSchema,
  TicketCheckedInSchema,
  SaleExpiredSchema,
]);

export type DomainEvent = z.infer<typeof DomainEventSchema>;
export type DomainEventType = DomainEvent['type'];
/** The event of one type. */
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
