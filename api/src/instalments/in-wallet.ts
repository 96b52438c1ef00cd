import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../db/schema';
import type { WalletOwner } from '../delivery/wallet';

/** An order of the wallet's owner on a payment plan still being paid: its tickets do not exist yet. */
export interface PlanInWallet {
  saleReference: string;
  eventTitle: string;
  /** The order's first event date, in its event's zone (null when the order has no ticket line). */
  event: { startsAt: Date; timezone: string } | null;
  paid: number;
  months: number;
  /** The last instalment's due date: the tickets are issued once it is paid. */
  lastDue: Date;
}

/** The sale's first ticket line with its event and date (the order's event, as its emails name it). */
function firstLine(eb: ExpressionBuilder<Database & { s: Database['sales'] }, 's'>) {
  return eb
    .selectFrom('sale_lines as l')
    .innerJoin('ticket_types as t', 't.id', 'l.ticket_type_id')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .innerJoin('event_dates as d', 'd.id', 't.event_date_id')
    .whereRef('l.sale_id', '=', 's.id')
    .orderBy('l.id')
    .limit(1);
}

/**
 * The owner's orders whose payment plan is running (the sale's account, an email the session proved, or the
 * session's own paid sale: whoever would see its tickets once issued), soonest last payment first.
 */
export async function plansInWallet(db: Db, owner: WalletOwner): Promise<PlanInWallet[]> {
  if (owner.userId === null && owner.emails.length === 0 && owner.saleId === null) return [];
  const rows = await db
    .selectFrom('sales as s')
    .innerJoin('payment_plans as p', 'p.sale_id', 's.id')
    .select((eb) => [
      's.reference as saleReference',
      'p.months',
      eb
        .selectFrom('payment_plan_instalments as i')
        .select((ib) => ib.fn.max('i.due_at').as('due'))
        .whereRef('i.plan_id', '=', 'p.id')
        .as('lastDue'),
      eb
        .selectFrom('payment_plan_instalments as i')
        .select((ib) => ib.fn.countAll<number>().as('n'))
        .whereRef('i.plan_id', '=', 'p.id')
        .where('i.status', '=', 'paid')
        .as('paid'),
      firstLine(eb).select('e.title').as('eventTitle'),
      firstLine(eb).select('e.timezone').as('timezone'),
      firstLine(eb).select('d.starts_at').as('startsAt'),
    ])
    .where('s.status', '=', 'paid')
    .where('s.payment_plan_remaining', '=', true)
    .where('p.status', '=', 'active')
    .where((eb) =>
      eb.or([
        ...(owner.userId === null ? [] : [eb('s.user_id', '=', owner.userId)]),
        ...(owner.emails.length === 0 ? [] : [eb(sql<string>`lower(s.email)`, 'in', owner.emails)]),
        ...(owner.saleId === null ? [] : [eb('s.id', '=', owner.saleId)]),
      ]),
    )
    .orderBy('s.id')
    .execute();
  return rows
    .flatMap((row) =>
      row.lastDue === null
        ? []
        : [
            {
              saleReference: row.saleReference ?? '',
              eventTitle: row.eventTitle ?? '',
              event:
                row.startsAt === null || row.timezone === null
                  ? null
                  : { startsAt: new Date(row.startsAt), timezone: row.timezone },
              paid: Number(row.paid ?? 0),
              months: row.months,
              lastDue: new Date(row.lastDue),
            },
          ],
    )
    .sort((a, b) => a.lastDue.getTime() - b.lastDue.getTime());
}
