import type { DbOrTx } from '../../db/schema';
import { organiserTickets } from '../tickets/view';

/** What an organiser's view of some orders is made of besides the sales: one query each, for all the sales at once. */

/** Every ticket line of the sales, in the order they were priced (the settlement's components list them so). */
const ticketLinesOf = (db: DbOrTx, ids: number[]) =>
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
    .execute();

const settlementsOf = (db: DbOrTx, ids: number[]) =>
  db
    .selectFrom('payments')
    .select(['sale_id', 'currency', 'components'])
    .where('sale_id', 'in', ids)
    .where('status', '=', 'paid')
    .execute();

const ticketsOf = (db: DbOrTx, organiserId: number, ids: number[]) =>
  organiserTickets(db, organiserId).where('t.sale_id', 'in', ids).orderBy('t.position').execute();

const ledgerOf = (db: DbOrTx, organiserId: number, ids: number[]) =>
  db
    .selectFrom('ledger_entries as l')
    .innerJoin('ledger_shares as s', 's.ledger_entry_id', 'l.id')
    .select(['l.sale_id', 'l.kind', 'l.provider', 's.amount_minor', 'l.status', 'l.created_at'])
    .where('l.sale_id', 'in', ids)
    .where('s.organiser_id', '=', organiserId)
    .orderBy('l.id')
    .execute();

const refundsOf = (db: DbOrTx, organiserId: number, ids: number[]) =>
  db
    .selectFrom('order_refunds')
    .selectAll()
    .where('sale_id', 'in', ids)
    .where('organiser_id', '=', organiserId)
    .orderBy('id')
    .execute();

const refundTicketsOf = (db: DbOrTx, organiserId: number, ids: number[]) =>
  db
    .selectFrom('order_refund_tickets as rt')
    .innerJoin('order_refunds as r', 'r.id', 'rt.refund_id')
    .innerJoin('tickets as t', 't.id', 'rt.ticket_id')
    .select(['rt.refund_id', 't.code'])
    .where('r.sale_id', 'in', ids)
    .where('r.organiser_id', '=', organiserId)
    .orderBy('t.position')
    .execute();

const answersOf = (db: DbOrTx, organiserId: number, ids: number[]) =>
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
    .execute();

const transfersOf = (db: DbOrTx, organiserId: number, ids: number[]) =>
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
    .execute();

export async function orderRows(db: DbOrTx, organiserId: number, ids: number[]) {
  const [lines, settlements, tickets, ledger, refunds, refundTickets, answers, transfers] = await Promise.all([
    ticketLinesOf(db, ids),
    settlementsOf(db, ids),
    ticketsOf(db, organiserId, ids),
    ledgerOf(db, organiserId, ids),
    refundsOf(db, organiserId, ids),
    refundTicketsOf(db, organiserId, ids),
    answersOf(db, organiserId, ids),
    transfersOf(db, organiserId, ids),
  ]);
  return { lines, settlements, tickets, ledger, refunds, refundTickets, answers, transfers };
}

export type OrderRows = Awaited<ReturnType<typeof orderRows>>;
