import { sql } from 'kysely';
import type { DbOrTx, Sale } from '../db/schema';

/**
 * The sale's tickets the sender can still transfer, by ticket type: issued, without a seat (seated tickets are not
 * transferable), neither used at the door nor void (refunded), and in no pending or accepted transfer. Oldest
 * first, so a transfer takes them in order.
 */
export async function transferableTickets(db: DbOrTx, saleId: number): Promise<Map<number, number[]>> {
  const rows = await db
    .selectFrom('tickets')
    .select(['id', 'ticket_type_id'])
    .where('sale_id', '=', saleId)
    .where('seat_number', 'is', null)
    .where('checked_in_at', 'is', null)
    .where('voided_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('transfer_tickets')
            .select(sql`1`.as('one'))
            .whereRef('transfer_tickets.ticket_id', '=', 'tickets.id'),
        ),
      ),
    )
    .orderBy('position')
    .execute();
  const byType = new Map<number, number[]>();
  for (const row of rows) byType.set(row.ticket_type_id, [...(byType.get(row.ticket_type_id) ?? []), row.id]);
  return byType;
}

/**
 * Whether a transfer of this sale can succeed now: it is paid with no payment plan outstanding (a plan's tickets do
 * not exist until its last payment) and at least one issued ticket is transferable.
 */
export async function canTransfer(
  db: DbOrTx,
  sale: Pick<Sale, 'id' | 'status' | 'payment_plan_remaining'>,
): Promise<boolean> {
  if (sale.status !== 'paid' || sale.payment_plan_remaining) return false;
  return (await transferableTickets(db, sale.id)).size > 0;
}

/**
 * Whether every one of these tickets can still change hands: none has been admitted at the door (its holder is in;
 * a recipient would get a used ticket) and none is void (refunded). An offer made before either happened stands no
 * more.
 */
export async function stillTransferable(db: DbOrTx, ticketIds: readonly number[]): Promise<boolean> {
  if (ticketIds.length === 0) return false;
  const spent = await db
    .selectFrom('tickets')
    .select('id')
    .where('id', 'in', [...ticketIds])
    .where((eb) => eb.or([eb('checked_in_at', 'is not', null), eb('voided_at', 'is not', null)]))
    .executeTakeFirst();
  return spent === undefined;
}
