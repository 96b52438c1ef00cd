import { niceDay, niceTime } from '../catalogue/dates';
import type { Db } from '../db/schema';
import type { AppDeps } from '../deps';
import { displayCode } from '../tickets/codes';
import { ticketsByIds } from '../delivery/wallet';
import { WALLET_PATH } from '../emails/wallet-email';
import { mailSenderOf } from '../emails/render';
import {
  acceptedTicketsEmail,
  transferOfferEmail,
  type AcceptedTicketsEvent,
  type TransferEvent,
} from '../emails/transfer';
import { stillTransferable } from './transferable';

export const TRANSFER_MAIL_KIND = 'ticket_transfer';
export const TRANSFER_ACCEPTED_MAIL_KIND = 'ticket_transfer_accepted';

export function acceptPath(token: string): string {
  return `/transfers/accept/${token}`;
}

/** The order's buyer as they gave their name (a guest's on the sale, an account's on the account). */
export async function buyerNameOf(db: Db, saleId: number): Promise<string | null> {
  const sale = await db
    .selectFrom('sales')
    .select(['full_name', 'user_id'])
    .where('id', '=', saleId)
    .executeTakeFirst();
  if (sale?.full_name?.trim()) return sale.full_name.trim();
  if (!sale || sale.user_id === null) return null;
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', sale.user_id)
    .executeTakeFirst();
  return user ? `${user.first_name} ${user.last_name}`.trim() || null : null;
}

/** The event, date and venue of a transfer's tickets (all of one ticket type, so of one date). */
async function transferEventOf(db: Db, transferId: number): Promise<TransferEvent | null> {
  const row = await db
    .selectFrom('transfer_tickets as tt')
    .innerJoin('tickets as k', 'k.id', 'tt.ticket_id')
    .innerJoin('event_dates as d', 'd.id', 'k.event_date_id')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .innerJoin('organisers as o', 'o.id', 'e.organiser_id')
    .select(['e.title', 'e.location', 'e.venue_full_address', 'e.timezone', 'd.starts_at', 'o.name as organiser'])
    .where('tt.transfer_id', '=', transferId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    title: row.title,
    when: `${niceDay(row.starts_at, row.timezone)} at ${niceTime(row.starts_at, row.timezone)}`,
    venue: row.location,
    address: row.venue_full_address,
    organiser: row.organiser,
  };
}

/**
 * Sends the recipient their notification, once: the transfer is marked notified in the same statement that claims it,
 * so a retried job or a second runner never mails twice. It names the sender (the order's buyer) and the event, and
 * its button is the accept link.
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
  const [type, event, sender] = await Promise.all([
    deps.db.selectFrom('ticket_types').select('name').where('id', '=', transfer.ticket_type_id).executeTakeFirst(),
    transferEventOf(deps.db, transfer.id),
    buyerNameOf(deps.db, transfer.sale_id),
  ]);
  const offer = {
    to: transfer.recipient_email,
    recipientName: transfer.recipient_name,
    senderName: sender,
    isGift: transfer.is_gift,
    qty: transfer.qty,
    ticketName: type?.name ?? 'Ticket',
    event,
    message: transfer.message,
    acceptUrl: `${deps.config.publicUrl}${acceptPath(transfer.token)}`,
  };
  await deps.mailer.send(await transferOfferEmail(offer, mailSenderOf(deps.config), TRANSFER_MAIL_KIND));
}

/**
 * After the recipient accepted: their tickets with the codes issued on acceptance (the sender's codes no longer work),
 * and the wallet link, where they appear once the recipient signs in with this email.
 */
export async function mailAcceptedTickets(deps: AppDeps, transferId: number): Promise<void> {
  const transfer = await deps.db
    .selectFrom('ticket_transfers')
    .select(['recipient_email', 'recipient_name', 'sale_id'])
    .where('id', '=', transferId)
    .executeTakeFirst();
  if (!transfer) return;
  const ids = (
    await deps.db.selectFrom('transfer_tickets').select('ticket_id').where('transfer_id', '=', transferId).execute()
  ).map((row) => row.ticket_id);
  const [tickets, event, sender] = await Promise.all([
    ticketsByIds(deps.db, ids),
    transferEventOf(deps.db, transferId),
    buyerNameOf(deps.db, transfer.sale_id),
  ]);
  // A transfer is of one ticket type, so of one event date.
  const first = tickets[0];
  const where: TransferEvent | null =
    event ??
    (first
      ? {
          title: first.eventTitle,
          when: `${niceDay(first.startsAt, first.timezone)} at ${niceTime(first.startsAt, first.timezone)}`,
          venue: first.location,
          address: null,
          organiser: '',
        }
      : null);
  const events: AcceptedTicketsEvent[] = where
    ? [
        {
          ...where,
          tickets: tickets.map((ticket) => ({
            name: ticket.ticketName,
            seat: ticket.seatLabel,
            code: displayCode(ticket.code),
          })),
        },
      ]
    : [];
  const accepted = {
    to: transfer.recipient_email,
    recipientName: transfer.recipient_name,
    senderName: sender,
    events,
    walletUrl: `${deps.config.publicUrl}${WALLET_PATH}`,
  };
  await deps.mailer.send(await acceptedTicketsEmail(accepted, mailSenderOf(deps.config), TRANSFER_ACCEPTED_MAIL_KIND));
}

/** What the accept page shows before anything moves: who offers which tickets, for which event, and whether it stands. */
export interface TransferOffer {
  state: 'open' | 'already' | 'unavailable';
  senderName: string | null;
  recipientName: string;
  recipientEmail: string;
  isGift: boolean;
  qty: number;
  ticketName: string;
  message: string | null;
  event: TransferEvent | null;
}

/** The offer behind an accept link, read only (undefined for a token that is no transfer). */
export async function transferOffer(db: Db, token: string): Promise<TransferOffer | undefined> {
  const transfer = await db.selectFrom('ticket_transfers').selectAll().where('token', '=', token).executeTakeFirst();
  if (!transfer) return undefined;
  const [type, event, sender, carried] = await Promise.all([
    db.selectFrom('ticket_types').select('name').where('id', '=', transfer.ticket_type_id).executeTakeFirst(),
    transferEventOf(db, transfer.id),
    buyerNameOf(db, transfer.sale_id),
    db.selectFrom('transfer_tickets').select('ticket_id').where('transfer_id', '=', transfer.id).execute(),
  ]);
  const standing = await stillTransferable(
    db,
    carried.map((row) => row.ticket_id),
  );
  return {
    state: transfer.accepted_at !== null ? 'already' : standing ? 'open' : 'unavailable',
    senderName: sender,
    recipientName: transfer.recipient_name,
    recipientEmail: transfer.recipient_email,
    isGift: transfer.is_gift,
    qty: transfer.qty,
    ticketName: type?.name ?? 'Ticket',
    message: transfer.message,
    event,
  };
}
