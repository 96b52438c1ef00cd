import type { AppDeps } from '../deps';

export const TRANSFER_MAIL_KIND = 'ticket_transfer';

export function acceptPath(token: string): string {
  return `/transfers/accept/${token}`;
}

/**
 * Sends the recipient their notification, once: the transfer is marked notified in the same statement that claims it,
 * so a retried job or a second runner never mails twice.
 */
export async function notifyRecipient(deps: AppDeps, transferId: number): Promise<void> {
  const now = deps.clock.now();
  const transfer = await deps.db
    .updateTable('ticket_transfers')
    .set({ notified_at: now })
    .where('id', '=', transferId)
    .where('notified_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!transfer) return;
  const type = await deps.db
    .selectFrom('ticket_types')
    .innerJoin('events', 'events.id', 'ticket_types.event_id')
    .select(['ticket_types.name as ticket', 'events.title as event'])
    .where('ticket_types.id', '=', transfer.ticket_type_id)
    .executeTakeFirst();
  const what = `${transfer.qty} × ${type ? `${type.event} - ${type.ticket}` : 'ticket'}`;
  const link = `${deps.config.publicUrl}${acceptPath(transfer.token)}`;
  const lines = [
    `Hello ${transfer.recipient_name},`,
    '',
    transfer.is_gift ? `You have been sent a gift: ${what}.` : `Tickets have been transferred to you: ${what}.`,
    ...(transfer.message ? ['', transfer.message] : []),
    '',
    `Accept them here and they move to your account: ${link}`,
    'If you ignore this message, the tickets stay with the sender.',
  ];
  await deps.mailer.send({ to: transfer.recipient_email, subject: transfer.is_gift ? 'You have been sent tickets as a gift' : 'Tickets have been transferred to you', text: lines.join('\n'), kind: TRANSFER_MAIL_KIND });
}
