import type { Insertable } from 'kysely';
import type { Db, Sale, TicketsTable, Tx } from '../db/schema';
import { newTicketCode } from './codes';
import { seatLabel, takeSeats } from './seats';

export type IssueOutcome =
  | { issued: true; count: number; created: boolean }
  /** The sale is not paid (or its payment plan has payments left): nothing issued. */
  | { issued: false; reason: 'no_sale' | 'not_paid' | 'plan_remaining' };

export interface IssueOptions {
  /** The final instalment's job issues while it clears payment_plan_remaining in the same transaction. */
  ignorePlanRemaining?: boolean;
}

/**
 * Issues a paid sale's tickets into the buyer's wallet, exactly once: one ticket per admission (a seated ticket type
 * gets a seat per ticket), each with its own random code. Runs in one transaction under the sale's row lock, and
 * `UNIQUE (sale_id, position)` is the backstop, so two deliveries at once still issue one set.
 */
export async function issueTickets(
  db: Db,
  saleId: number,
  now: Date,
  options: IssueOptions = {},
): Promise<IssueOutcome> {
  return db.transaction().execute((tx) => issueTicketsInTx(tx, saleId, now, options));
}

export async function issueTicketsInTx(
  tx: Tx,
  saleId: number,
  now: Date,
  options: IssueOptions = {},
): Promise<IssueOutcome> {
  const sale = await tx.selectFrom('sales').selectAll().where('id', '=', saleId).forUpdate().executeTakeFirst();
  if (!sale) return { issued: false, reason: 'no_sale' };
  if (sale.status !== 'paid') return { issued: false, reason: 'not_paid' };
  if (sale.payment_plan_remaining && !options.ignorePlanRemaining) return { issued: false, reason: 'plan_remaining' };

  const existing = await tx
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sale_id', '=', saleId)
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return { issued: true, count: Number(existing.n), created: false };

  const rows = await buildTicketRows(tx, sale, now);
  if (rows.length > 0) await tx.insertInto('tickets').values(rows).execute();
  await tx
    .insertInto('sale_deliveries')
    .values({ sale_id: saleId, tickets_issued_at: now })
    .onConflict((oc) => oc.column('sale_id').doUpdateSet({ tickets_issued_at: now }))
    .execute();
  return { issued: true, count: rows.length, created: true };
}

async function buildTicketRows(tx: Tx, sale: Sale, now: Date): Promise<Insertable<TicketsTable>[]> {
  const lines = await tx
    .selectFrom('sale_lines as l')
    .innerJoin('ticket_types as t', 't.id', 'l.ticket_type_id')
    .select(['l.id', 'l.qty', 't.id as ticket_type_id', 't.event_date_id', 't.seated'])
    .where('l.sale_id', '=', sale.id)
    .orderBy('l.id')
    .execute();
  const ownerEmail =
    sale.email ??
    (sale.user_id === null
      ? null
      : ((await tx.selectFrom('users').select('email').where('id', '=', sale.user_id).executeTakeFirst())?.email ??
        null));

  // Seats per date, taken in ascending date id (the lock order of the counter rows).
  const seatsPerDate = new Map<number, number>();
  for (const line of lines)
    if (line.seated) seatsPerDate.set(line.event_date_id, (seatsPerDate.get(line.event_date_id) ?? 0) + line.qty);
  const nextSeat = new Map<number, number>();
  for (const dateId of [...seatsPerDate.keys()].sort((a, b) => a - b))
    nextSeat.set(dateId, await takeSeats(tx, dateId, seatsPerDate.get(dateId) ?? 0));

  const rows: Insertable<TicketsTable>[] = [];
  for (const line of lines) {
    for (let i = 0; i < line.qty; i += 1) {
      let seatNumber: number | null = null;
      if (line.seated) {
        seatNumber = nextSeat.get(line.event_date_id) ?? 0;
        nextSeat.set(line.event_date_id, seatNumber + 1);
      }
      rows.push({
        sale_id: sale.id,
        position: rows.length + 1,
        ticket_type_id: line.ticket_type_id,
        event_date_id: line.event_date_id,
        code: newTicketCode(),
        seat_number: seatNumber,
        seat_label: seatNumber === null ? null : seatLabel(seatNumber),
        owner_user_id: sale.user_id,
        owner_email: ownerEmail,
        issued_at: now,
      });
    }
  }
  return rows;
}
