import { randomBytes } from 'node:crypto';
import type { TransferRow } from '@checkout/shared';
import { sql } from 'kysely';
import type { AppDeps } from '../deps';
import type { Db } from '../db/schema';
import { HttpError } from '../http/errors';
import { normaliseEmail } from '../identity/one-time-codes';
import type { SessionHandle } from '../session/session';
import { newTicketCode } from '../tickets/codes';
import { retireTicketCodes } from '../tickets/retire';
import { enqueueJob } from '../jobs/queue';
import { recordTicketsTransferred, ticketCodes } from '../organiser-api/webhooks/emit';
import { paidSale } from '../post-sale/paid-sale';
import { TRANSFER_NOTIFY_JOB } from './jobs';
import { transferMessages } from './messages';
import { notifyRecipient } from './notify';
import { deliveryMoment } from './schedule';
import { stillTransferable, transferableTickets } from './transferable';

interface PlannedTransfer {
  row: TransferRow;
  deliverAt: Date;
  scheduled: boolean;
}

/** Every row checked before anything is written: quantities within what is owned per type, schedules in the future. */
function planTransfers(rows: readonly TransferRow[], owned: Map<number, number[]>, now: Date): PlannedTransfer[] {
  const errors: Record<string, string> = {};
  const wanted = new Map<number, number>();
  const planned: PlannedTransfer[] = [];
  rows.forEach((row, index) => {
    const available = owned.get(row.ticket_id)?.length ?? 0;
    const total = (wanted.get(row.ticket_id) ?? 0) + row.qty;
    wanted.set(row.ticket_id, total);
    if (available === 0) errors[`transfers[${index}][ticket_id]`] = transferMessages.notInOrder;
    else if (total > available) errors[`transfers[${index}][qty]`] = transferMessages.tooMany(available);
    const scheduled = row.is_gift && row.send_gift === 'Schedule';
    let deliverAt = now;
    if (scheduled) {
      const at = deliveryMoment(row.delivery_date ?? '', row.delivery_time ?? '');
      if (!at || at.getTime() <= now.getTime())
        errors[`transfers[${index}][delivery_date]`] = transferMessages.inThePast;
      else deliverAt = at;
    }
    planned.push({ row, deliverAt, scheduled });
  });
  const first = Object.values(errors)[0];
  if (first !== undefined) throw new HttpError(400, first, errors);
  return planned;
}

/**
 * set_transfers: the session's paid sale's unseated tickets to the recipients. The rows are validated here (the
 * page's checks are not trusted), then in one transaction the tickets are set aside per transfer and a scheduled
 * gift's notification is queued as a durable job; notifications due now are sent after the commit.
 */
export async function setTransfers(
  deps: AppDeps,
  session: SessionHandle,
  rows: readonly TransferRow[],
): Promise<{ success: true }> {
  const { db, clock } = deps;
  const now = clock.now();
  const sale = await paidSale(db, session);
  // A payment plan's tickets are issued at its last payment: until then there is nothing to transfer.
  if (sale.payment_plan_remaining) throw new HttpError(409, transferMessages.planOutstanding);
  planTransfers(rows, await transferableTickets(db, sale.id), now);
  const sendNow = await db.transaction().execute(async (tx) => {
    // The sale row locked: two transfer requests of one sale cannot both take the same tickets.
    await tx.selectFrom('sales').select('id').where('id', '=', sale.id).forUpdate().execute();
    const owned = await transferableTickets(tx, sale.id);
    const planned = planTransfers(rows, owned, now);
    const immediate: number[] = [];
    for (const { row, deliverAt, scheduled } of planned) {
      const transfer = await tx
        .insertInto('ticket_transfers')
        .values({
          token: randomBytes(24).toString('base64url'),
          sale_id: sale.id,
          ticket_type_id: row.ticket_id,
          qty: row.qty,
          recipient_name: row.name,
          recipient_email: normaliseEmail(row.email),
          message: row.message ? row.message : null,
          is_gift: row.is_gift,
          deliver_at: deliverAt,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ticketIds = (owned.get(row.ticket_id) ?? []).splice(0, row.qty);
      await tx
        .insertInto('transfer_tickets')
        .values(ticketIds.map((ticket_id) => ({ transfer_id: transfer.id, ticket_id })))
        .execute();
      if (scheduled)
        await enqueueJob(
          tx,
          {
            kind: TRANSFER_NOTIFY_JOB,
            payload: { transferId: transfer.id },
            runAt: deliverAt,
            dedupeKey: `transfer-${transfer.id}`,
          },
          now,
        );
      else immediate.push(transfer.id);
    }
    return immediate;
  });
  for (const id of sendNow) await notifyRecipient(deps, id);
  return { success: true };
}

export type AcceptOutcome = 'accepted' | 'already' | 'unknown' | 'unavailable';

/**
 * The recipient accepts: the transfer's tickets move to the recipient (their account when one has this email, and
 * their email for the wallet), each with a new code. The sender was emailed the old codes and keeps that email: the
 * old code must stop admitting, so it is replaced (and kept as retired, so the door can say why it is refused), and the
 * sender's wallet and QR links no longer find it. A transfer is accepted once.
 */
export async function acceptTransfer(
  db: Db,
  token: string,
  now: Date,
): Promise<{ outcome: AcceptOutcome; transferId?: number; recipientEmail?: string }> {
  return db.transaction().execute(async (tx) => {
    const transfer = await tx
      .selectFrom('ticket_transfers')
      .selectAll()
      .where('token', '=', token)
      .forUpdate()
      .executeTakeFirst();
    if (!transfer) return { outcome: 'unknown' };
    if (transfer.accepted_at !== null) return { outcome: 'already', recipientEmail: transfer.recipient_email };
    const ticketIds = (
      await tx.selectFrom('transfer_tickets').select('ticket_id').where('transfer_id', '=', transfer.id).execute()
    ).map((row) => row.ticket_id);
    if (ticketIds.length === 0) return { outcome: 'unavailable' };
    // The tickets are locked first, so a door scan or a refund of one of them waits for this to finish or goes first.
    await tx.selectFrom('tickets').select('id').where('id', 'in', ticketIds).forUpdate().execute();
    if (!(await stillTransferable(tx, ticketIds))) return { outcome: 'unavailable' };
    const user = await tx
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', transfer.recipient_email)
      .executeTakeFirst();
    await retireTicketCodes(tx, ticketIds, 'transferred', now);
    const previousCodes = await ticketCodes(tx, ticketIds);
    for (const id of ticketIds) {
      await tx
        .updateTable('tickets')
        .set({ code: newTicketCode(), owner_user_id: user?.id ?? null, owner_email: transfer.recipient_email })
        .where('id', '=', id)
        .execute();
    }
    await tx.updateTable('ticket_transfers').set({ accepted_at: now }).where('id', '=', transfer.id).execute();
    await recordTicketsTransferred(tx, transfer.id, previousCodes, now);
    return { outcome: 'accepted', transferId: transfer.id, recipientEmail: transfer.recipient_email };
  });
}
