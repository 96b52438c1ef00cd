import * as z from 'zod/mini';
import { named } from '../schemas';

/** What the organiser API shows of orders, tickets and refunds: the single source of their shapes. */

export const TICKET_STATES = ['valid', 'checked_in', 'void'] as const;
export const ORDER_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;

export const TicketSchema = named(
  z.object({
    id: z.number(),
    code: z.string(),
    order_reference: z.string(),
    ticket_type_id: z.number(),
    ticket_type: z.string(),
    event_id: z.number(),
    event_date_id: z.number(),
    starts_at: z.string(),
    seat: z.nullable(z.string()),
    state: z.enum(TICKET_STATES),
    /** Why a void ticket is void. */
    void_reason: z.nullable(z.enum(['refunded', 'transferred'])),
    checked_in_at: z.nullable(z.string()),
    owner_email: z.nullable(z.string()),
    issued_at: z.string(),
  }),
  'Ticket',
  'An issued ticket: its code admits one person unless it is checked in or void',
);

export const RefundSchema = named(
  z.object({
    id: z.string(),
    tickets: z.array(z.string()),
    amount_minor: z.number(),
    currency: z.string(),
    /** The marketplace's parts (delivery, refund protection, donation) were given back too: the last tickets. */
    whole_order: z.boolean(),
    reason: z.nullable(z.string()),
    /** pending until the payment provider has given the money back. */
    status: z.enum(['pending', 'completed']),
    created_at: z.string(),
    completed_at: z.nullable(z.string()),
  }),
  'Refund',
  'Money given back for some tickets of an order, through the provider that took it',
);

export const OrderLineSchema = named(
  z.object({
    ticket_type_id: z.number(),
    ticket_type: z.string(),
    event_id: z.number(),
    event_date_id: z.number(),
    quantity: z.number(),
    /** One ticket's price, its discount code's part and its booking fee, as paid. */
    unit_price_minor: z.number(),
    unit_discount_minor: z.number(),
    unit_fee_minor: z.number(),
  }),
  'OrderLine',
  'Tickets of one type bought in an order, at the price paid',
);

export const OrderSchema = named(
  z.object({
    id: z.number(),
    reference: z.string(),
    status: z.enum(ORDER_STATUSES),
    currency: z.string(),
    created_at: z.string(),
    paid_at: z.nullable(z.string()),
    buyer: z.object({ email: z.nullable(z.string()), name: z.nullable(z.string()), phone: z.nullable(z.string()) }),
    lines: z.array(OrderLineSchema),
    tickets: z.array(TicketSchema),
    /** This organiser's share of each payment and refund of the order. */
    ledger: z.array(
      z.object({
        kind: z.enum(['payment', 'refund']),
        provider: z.string(),
        amount_minor: z.number(),
        status: z.enum(['done', 'pending']),
        created_at: z.string(),
      }),
    ),
    refunds: z.array(RefundSchema),
    answers: z.array(
      z.object({
        question_id: z.number(),
        question: z.string(),
        ticket_type_id: z.number(),
        /** Which ticket of its type the answer is for (0 for a once-per-checkout question). */
        ticket_counter: z.number(),
        answer: z.string(),
      }),
    ),
    transfers: z.array(
      z.object({
        ticket_type_id: z.number(),
        quantity: z.number(),
        recipient_name: z.string(),
        recipient_email: z.string(),
        created_at: z.string(),
        accepted_at: z.nullable(z.string()),
      }),
    ),
  }),
  'Order',
  'A paid sale as one organiser sees it: its own lines, tickets, answers and ledger shares, and the buyer; a basket of several organisers is one order to each',
);

export type Order = z.output<typeof OrderSchema>;
export type Ticket = z.output<typeof TicketSchema>;
export type Refund = z.output<typeof RefundSchema>;
