import type { Tx } from '../db/schema';

/**
 * Keeps the codes of tickets about to get new ones (an accepted transfer), inside the caller's transaction: the old
 * code then no longer admits anyone, and the door can say why instead of "no ticket has this code".
 */
export async function retireTicketCodes(
  tx: Tx,
  ticketIds: readonly number[],
  reason: 'transferred',
  now: Date,
): Promise<void> {
  if (ticketIds.length === 0) return;
  await tx
    .insertInto('retired_ticket_codes')
    .columns(['code', 'ticket_id', 'reason', 'retired_at'])
    .expression((eb) =>
      eb
        .selectFrom('tickets')
        .select((inner) => [
          'code',
          'id',
          inner.cast<'transferred'>(inner.val(reason), 'text').as('reason'),
          inner.cast<Date>(inner.val(now), 'timestamptz').as('retired_at'),
        ])
        .where('id', 'in', ticketIds),
    )
    .execute();
}
