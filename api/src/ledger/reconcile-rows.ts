import { sql } from 'kysely';
import type { DbOrTx } from '../db/schema';

/** Every sale money touched: paid or refunded, or with a ledger entry or a settlement. */
export const salesToReconcile = (db: DbOrTx) =>
  db
    .selectFrom('sales')
    .select(['id', 'reference', 'status'])
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['paid', 'refunded']),
        eb('id', 'in', eb.selectFrom('ledger_entries').select('sale_id')),
        eb('id', 'in', eb.selectFrom('payments').select('sale_id')),
      ]),
    )
    .orderBy('id')
    .execute();

export type SaleToReconcile = Awaited<ReturnType<typeof salesToReconcile>>[number];

const ledgerOf = (db: DbOrTx, ids: number[]) =>
  db.selectFrom('ledger_entries').selectAll().where('sale_id', 'in', ids).execute();

const sharesOf = (db: DbOrTx, ids: number[]) =>
  db
    .selectFrom('ledger_shares as s')
    .innerJoin('ledger_entries as l', 'l.id', 's.ledger_entry_id')
    .select(['s.ledger_entry_id', 's.organiser_id', 's.amount_minor'])
    .where('l.sale_id', 'in', ids)
    .execute();

const settlementsOf = (db: DbOrTx, ids: number[]) =>
  db.selectFrom('payments').selectAll().where('sale_id', 'in', ids).execute();

const plansOf = (db: DbOrTx, ids: number[]) =>
  db
    .selectFrom('payment_plans')
    .select(['id', 'sale_id', 'total_minor', 'status'])
    .where('sale_id', 'in', ids)
    .where('status', 'in', ['active', 'completed', 'failed'])
    .execute();

const paidInstalmentsOf = (db: DbOrTx, ids: number[]) =>
  db
    .selectFrom('payment_plan_instalments as i')
    .innerJoin('payment_plans as p', 'p.id', 'i.plan_id')
    .select(['p.sale_id', sql<number>`sum(i.amount_minor)::int`.as('paid_minor')])
    .where('p.sale_id', 'in', ids)
    .where('i.status', '=', 'paid')
    .groupBy('p.sale_id')
    .execute();

const basketLinesOf = (db: DbOrTx, ids: number[]) =>
  db
    .selectFrom('sale_lines')
    .select(['sale_id', 'ticket_type_id', 'qty'])
    .where('sale_id', 'in', ids)
    .where('ticket_type_id', 'is not', null)
    .execute();

const soldHoldsOf = (db: DbOrTx, ids: number[]) =>
  db
    .selectFrom('holds')
    .select(['sale_id', 'ticket_type_id', 'qty'])
    .where('sale_id', 'in', ids)
    .where('status', '=', 'sold')
    .execute();

const orderRefundsOf = (db: DbOrTx, ids: number[]) =>
  db
    .selectFrom('order_refunds as r')
    .innerJoin('order_refund_tickets as rt', 'rt.refund_id', 'r.id')
    .innerJoin('tickets as t', 't.id', 'rt.ticket_id')
    .select(['r.sale_id', 'r.whole_order', 't.position'])
    .where('r.sale_id', 'in', ids)
    .execute();

/** What the reconciliation compares, for the given sales, read at once. */
export async function reconcileRows(db: DbOrTx, ids: number[]) {
  const [ledger, shares, settlements, plans, paidInstalments, lines, sold, orderRefunds] = await Promise.all([
    ledgerOf(db, ids),
    sharesOf(db, ids),
    settlementsOf(db, ids),
    plansOf(db, ids),
    paidInstalmentsOf(db, ids),
    basketLinesOf(db, ids),
    soldHoldsOf(db, ids),
    orderRefundsOf(db, ids),
  ]);
  return { ledger, shares, settlements, plans, paidInstalments, lines, sold, orderRefunds };
}

export type ReconcileRows = Awaited<ReturnType<typeof reconcileRows>>;
