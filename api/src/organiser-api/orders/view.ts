import type { ExpressionBuilder } from 'kysely';
import type { Database, DbOrTx } from '../../db/schema';
import { parseComponents } from '../../pricing/price';
import { organiserTickets, toTicket } from '../tickets/view';
import { recordWebhookEvent } from '../webhooks/record';
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

/** The orders of these sales as the organiser sees them, in the order of `saleIds`; sales that are not its orders are left out. */
export async function orderViews(db: DbOrTx, organiserId: number, saleIds: readonly number[]): Promise<Order[]> {
  if (saleIds.length === 0) return [];
  const ids = [...saleIds];
  const [sales, lines, settlements, tickets, ledger, refunds, refundTickets, answers, transfers] = await Promise.all([
    db
      .selectFrom('sales')
      .select(['id', 'reference', 'currency', 'email', 'full_name', 'contact_number', 'created_at', 'paid_at'])
      .where('id', 'in', ids)
      .where((eb) => isOrderOf(eb, organiserId))
      .execute(),
    // Every ticket line of the sales, in the order they were priced (the settlement's components list them so).
    db
      .selectFrom('sale_lines as l')
      .innerJoin('ticket_types as tt', 'tt.id', 'l.ticket_type_id')
      .innerJoin('events as e', 'e.id', 'tt.event_id')
      .select([
        'l.sale_id',
        'l.qty',
        'tt.id as ticket_type_id',
        'tt.name',
        'tt.event_id',
        'tt.event_date_id',
        'e.organiser_id',
      ])
      .where('l.sale_id', 'in', ids)
      .orderBy('l.id')
      .execute(),
    db
      .selectFrom('payments')
      .select(['sale_id', 'currency', 'components'])
      .where('sale_id', 'in', ids)
      .where('status', '=', 'paid')
      .execute(),
    organiserTickets(db, organiserId).where('t.sale_id', 'in', ids).orderBy('t.position').execute(),
    db
      .selectFrom('ledger_entries as l')
      .innerJoin('ledger_shares as s', 's.ledger_entry_id', 'l.id')
      .select(['l.sale_id', 'l.kind', 'l.provider', 's.amount_minor', 'l.status', 'l.created_at'])
      .where('l.sale_id', 'in', ids)
      .where('s.organiser_id', '=', organiserId)
      .orderBy('l.id')
      .execute(),
    db
      .selectFrom('order_refunds')
      .selectAll()
      .where('sale_id', 'in', ids)
      .where('organiser_id', '=', organiserId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('order_refund_tickets as rt')
      .innerJoin('order_refunds as r', 'r.id', 'rt.refund_id')
      .innerJoin('tickets as t', 't.id', 'rt.ticket_id')
      .select(['rt.refund_id', 't.code'])
      .where('r.sale_id', 'in', ids)
      .where('r.organiser_id', '=', organiserId)
      .orderBy('t.position')
      .execute(),
    db
      .selectFrom('question_answers as a')
      .innerJoin('questions as q', 'q.id', 'a.question_id')
      .innerJoin('events as e', 'e.id', 'q.event_id')
      .select(['a.sale_id', 'a.question_id', 'q.question', 'a.ticket_type_id', 'a.ticket_counter', 'a.answer'])
      .where('a.sale_id', 'in', ids)
      .where('e.organiser_id', '=', organiserId)
      .orderBy('a.ticket_type_id')
      .orderBy('a.ticket_counter')
      .orderBy('q.sort_order')
      .orderBy('a.question_id')
      .execute(),
    db
      .selectFrom('ticket_transfers as x')
      .innerJoin('ticket_types as tt', 'tt.id', 'x.ticket_type_id')
      .innerJoin('events as e', 'e.id', 'tt.event_id')
      .select([
        'x.sale_id',
        'x.ticket_type_id',
        'x.qty',
        'x.recipient_name',
        'x.recipient_email',
        'x.created_at',
        'x.accepted_at',
      ])
      .where('x.sale_id', 'in', ids)
      .where('e.organiser_id', '=', organiserId)
      .orderBy('x.id')
      .execute(),
  ]);
  const byId = new Map(sales.map((sale) => [sale.id, sale]));
  const orders: Order[] = [];
  for (const saleId of ids) {
    const sale = byId.get(saleId);
    if (!sale) continue;
    const components = parseComponents(settlements.find((row) => row.sale_id === saleId)?.components ?? '');
    const priced = components?.lines.filter((line) => line.kind === 'ticket') ?? [];
    const saleLines = lines
      .filter((line) => line.sale_id === saleId)
      .map((line, index) => ({ line, price: priced[index] }))
      .filter(({ line }) => line.organiser_id === organiserId);
    const own = tickets.filter((ticket) => ticket.sale_id === saleId);
    const ownRefunds = refunds.filter((refund) => refund.sale_id === saleId);
    const refunded = new Set(refundTickets.map((row) => row.code));
    const status =
      ownRefunds.length === 0
        ? 'paid'
        : own.some((ticket) => !refunded.has(ticket.code))
          ? 'partially_refunded'
          : 'refunded';
    orders.push({
      id: sale.id,
      reference: sale.reference,
      status,
      currency: components?.currency ?? sale.currency ?? '',
      created_at: sale.created_at.toISOString(),
      paid_at: iso(sale.paid_at),
      buyer: { email: sale.email, name: sale.full_name, phone: sale.contact_number },
      lines: saleLines.map(({ line, price }) => ({
        ticket_type_id: line.ticket_type_id,
        ticket_type: line.name,
        event_id: line.event_id,
        event_date_id: line.event_date_id,
        quantity: line.qty,
        unit_price_minor: price?.unit_price_minor ?? 0,
        unit_discount_minor: price?.unit_discount_minor ?? 0,
        unit_fee_minor: price?.unit_fee_minor ?? 0,
      })),
      tickets: own.map(toTicket),
      ledger: ledger
        .filter((entry) => entry.sale_id === saleId)
        .map((entry) => ({
          kind: entry.kind,
          provider: entry.provider,
          amount_minor: entry.amount_minor,
          status: entry.status,
          created_at: entry.created_at.toISOString(),
        })),
      refunds: ownRefunds.map((refund) =>
        refundView(
          refund,
          refundTickets.filter((row) => row.refund_id === refund.id).map((row) => row.code),
        ),
      ),
      answers: answers.filter((answer) => answer.sale_id === saleId).map(({ sale_id: _sale, ...answer }) => answer),
      transfers: transfers
        .filter((transfer) => transfer.sale_id === saleId)
        .map((transfer) => ({
          ticket_type_id: transfer.ticket_type_id,
          quantity: transfer.qty,
          recipient_name: transfer.recipient_name,
          recipient_email: transfer.recipient_email,
          created_at: transfer.created_at.toISOString(),
          accepted_at: iso(transfer.accepted_at),
        })),
    });
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
