import type { ExpressionBuilder } from 'kysely';
import type { Database, DbOrTx } from '../../db/schema';
import { parseComponents, type PricedLine } from '../../pricing/price';
import { toTicket } from '../tickets/view';
import { recordWebhookEvent } from '../webhooks/record';
import { orderRows, type OrderRows } from './order-rows';
import type { Order, Refund } from './schemas';

/**
 * An order is a sale that was paid (its settlement sold it), seen by one organiser: only when it has tickets of that
 * organiser, and then only that organiser's lines, tickets, answers, transfers and ledger shares, with the buyer and
 * the sale's reference and times. The same view answers the API and fills the order.paid and order.refunded events.
 */

type SaleRef = ExpressionBuilder<Database, 'sales'>;

/** The sales that are orders of the organiser: sold by their settlement, with lines of its events. */
export const isOrderOf = (eb: SaleRef, organiserId: number) =>
  eb.and([
    eb.exists(
      eb
        .selectFrom('payments as p')
        .select('p.id')
        .whereRef('p.sale_id', '=', 'sales.id')
        .where('p.status', '=', 'paid'),
    ),
    eb.exists(
      eb
        .selectFrom('sale_lines as l')
        .innerJoin('ticket_types as tt', 'tt.id', 'l.ticket_type_id')
        .innerJoin('events as e', 'e.id', 'tt.event_id')
        .select('l.id')
        .whereRef('l.sale_id', '=', 'sales.id')
        .where('e.organiser_id', '=', organiserId),
    ),
  ]);

/** An order's status to the organiser, as SQL: it decides the `status` filter exactly as orderStatus does. */
export const hasRefundBy = (eb: SaleRef, organiserId: number) =>
  eb.exists(
    eb
      .selectFrom('order_refunds as r')
      .select('r.id')
      .whereRef('r.sale_id', '=', 'sales.id')
      .where('r.organiser_id', '=', organiserId),
  );
export const hasUnrefundedTicketOf = (eb: SaleRef, organiserId: number) =>
  eb.exists(
    eb
      .selectFrom('tickets as t')
      .innerJoin('ticket_types as tt', 'tt.id', 't.ticket_type_id')
      .innerJoin('events as e', 'e.id', 'tt.event_id')
      .leftJoin('order_refund_tickets as rt', 'rt.ticket_id', 't.id')
      .select('t.id')
      .whereRef('t.sale_id', '=', 'sales.id')
      .where('e.organiser_id', '=', organiserId)
      .where('rt.ticket_id', 'is', null),
  );

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

export function refundView(
  row: {
    public_id: string;
    amount_minor: number;
    currency: string;
    whole_order: boolean;
    reason: string | null;
    status: 'pending' | 'completed';
    created_at: Date;
    completed_at: Date | null;
  },
  codes: string[],
): Refund {
  return {
    id: row.public_id,
    tickets: codes,
    amount_minor: row.amount_minor,
    currency: row.currency,
    whole_order: row.whole_order,
    reason: row.reason,
    status: row.status,
    created_at: row.created_at.toISOString(),
    completed_at: iso(row.completed_at),
  };
}

const salesOf = (db: DbOrTx, organiserId: number, ids: number[]) =>
  db
    .selectFrom('sales')
    .select(['id', 'reference', 'currency', 'email', 'full_name', 'contact_number', 'created_at', 'paid_at'])
    .where('id', 'in', ids)
    .where((eb) => isOrderOf(eb, organiserId))
    .execute();

type OrderSale = Awaited<ReturnType<typeof salesOf>>[number];

/** The order's status to the organiser: paid, or refunded in part or in full. */
function orderStatus(saleId: number, rows: OrderRows): Order['status'] {
  const own = rows.tickets.filter((ticket) => ticket.sale_id === saleId);
  const ownRefunds = rows.refunds.filter((refund) => refund.sale_id === saleId);
  const refunded = new Set(rows.refundTickets.map((row) => row.code));
  return ownRefunds.length === 0
    ? 'paid'
    : own.some((ticket) => !refunded.has(ticket.code))
      ? 'partially_refunded'
      : 'refunded';
}

/** The organiser's ticket lines of the sale, each with the price it was sold at. */
function orderLines(saleId: number, priced: readonly PricedLine[], rows: OrderRows, organiserId: number) {
  return rows.lines
    .filter((line) => line.sale_id === saleId)
    .map((line, index) => ({ line, price: priced[index] }))
    .filter(({ line }) => line.organiser_id === organiserId)
    .map(({ line, price }) => ({
      ticket_type_id: line.ticket_type_id,
      ticket_type: line.name,
      event_id: line.event_id,
      event_date_id: line.event_date_id,
      quantity: line.qty,
      unit_price_minor: price?.unit_price_minor ?? 0,
      unit_discount_minor: price?.unit_discount_minor ?? 0,
      unit_fee_minor: price?.unit_fee_minor ?? 0,
    }));
}

function orderOf(sale: OrderSale, rows: OrderRows, organiserId: number): Order {
  const saleId = sale.id;
  const components = parseComponents(rows.settlements.find((row) => row.sale_id === saleId)?.components ?? '');
  const priced = components?.lines.filter((line) => line.kind === 'ticket') ?? [];
  return {
    id: sale.id,
    reference: sale.reference,
    status: orderStatus(saleId, rows),
    currency: components?.currency ?? sale.currency ?? '',
    created_at: sale.created_at.toISOString(),
    paid_at: iso(sale.paid_at),
    buyer: { email: sale.email, name: sale.full_name, phone: sale.contact_number },
    lines: orderLines(saleId, priced, rows, organiserId),
    tickets: rows.tickets.filter((ticket) => ticket.sale_id === saleId).map(toTicket),
    ledger: rows.ledger
      .filter((entry) => entry.sale_id === saleId)
      .map((entry) => ({
        kind: entry.kind,
        provider: entry.provider,
        amount_minor: entry.amount_minor,
        status: entry.status,
        created_at: entry.created_at.toISOString(),
      })),
    refunds: rows.refunds
      .filter((refund) => refund.sale_id === saleId)
      .map((refund) =>
        refundView(
          refund,
          rows.refundTickets.filter((row) => row.refund_id === refund.id).map((row) => row.code),
        ),
      ),
    answers: rows.answers.filter((answer) => answer.sale_id === saleId).map(({ sale_id: _sale, ...answer }) => answer),
    transfers: rows.transfers
      .filter((transfer) => transfer.sale_id === saleId)
      .map((transfer) => ({
        ticket_type_id: transfer.ticket_type_id,
        quantity: transfer.qty,
        recipient_name: transfer.recipient_name,
        recipient_email: transfer.recipient_email,
        created_at: transfer.created_at.toISOString(),
        accepted_at: iso(transfer.accepted_at),
      })),
  };
}

/** The orders of these sales as the organiser sees them, in the order of `saleIds`; sales that are not its orders are left out. */
export async function orderViews(db: DbOrTx, organiserId: number, saleIds: readonly number[]): Promise<Order[]> {
  if (saleIds.length === 0) return [];
  const ids = [...saleIds];
  const [sales, rows] = await Promise.all([salesOf(db, organiserId, ids), orderRows(db, organiserId, ids)]);
  const byId = new Map(sales.map((sale) => [sale.id, sale]));
  const orders: Order[] = [];
  for (const saleId of ids) {
    const sale = byId.get(saleId);
    if (sale) orders.push(orderOf(sale, rows, organiserId));
  }
  return orders;
}

/** The organisers whose tickets a sale sells, in id order. */
export async function organisersOfSale(db: DbOrTx, saleId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('sale_lines as l')
    .innerJoin('ticket_types as tt', 'tt.id', 'l.ticket_type_id')
    .innerJoin('events as e', 'e.id', 'tt.event_id')
    .select('e.organiser_id')
    .distinct()
    .where('l.sale_id', '=', saleId)
    .orderBy('e.organiser_id')
    .execute();
  return rows.map((row) => row.organiser_id);
}

/** Recorded where a sale becomes paid, in that transaction: one order.paid per organiser, its own view of the order. */
export async function recordOrderPaid(db: DbOrTx, saleId: number, now: Date): Promise<void> {
  for (const organiserId of await organisersOfSale(db, saleId)) {
    const [order] = await orderViews(db, organiserId, [saleId]);
    if (order) await recordWebhookEvent(db, { organiserId, type: 'order.paid', data: order }, now);
  }
}
