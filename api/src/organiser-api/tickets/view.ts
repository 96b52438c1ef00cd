import type { DbOrTx } from '../../db/schema';
import type { Ticket } from '../orders/schemas';

/** The organiser's issued tickets as the API shows them: one query for a list, an order and a code alike. */
export function organiserTickets(db: DbOrTx, organiserId: number) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('ticket_types as tt', 'tt.id', 't.ticket_type_id')
    .innerJoin('events as e', 'e.id', 'tt.event_id')
    .innerJoin('event_dates as d', 'd.id', 't.event_date_id')
    .innerJoin('sales as s', 's.id', 't.sale_id')
    .select([
      't.id',
      't.sale_id',
      't.position',
      't.code',
      's.reference',
      't.ticket_type_id',
      'tt.name as ticket_type',
      'tt.event_id',
      't.event_date_id',
      'd.starts_at',
      't.seat_label',
      't.checked_in_at',
      't.voided_at',
      't.void_reason',
      't.owner_email',
      't.issued_at',
    ])
    .where('e.organiser_id', '=', organiserId);
}

type TicketRow = Awaited<ReturnType<ReturnType<typeof organiserTickets>['execute']>>[number];

export function toTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    code: row.code,
    order_reference: row.reference,
    ticket_type_id: row.ticket_type_id,
    ticket_type: row.ticket_type,
    event_id: row.event_id,
    event_date_id: row.event_date_id,
    starts_at: row.starts_at.toISOString(),
    seat: row.seat_label,
    state: row.voided_at ? 'void' : row.checked_in_at ? 'checked_in' : 'valid',
    void_reason: row.void_reason,
    checked_in_at: row.checked_in_at?.toISOString() ?? null,
    owner_email: row.owner_email,
    issued_at: row.issued_at.toISOString(),
  };
}
