import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { ownsNothing, walletQuery, type WalletOwner } from '../delivery/wallet';
import { buyerNameOf } from './notify';

/** A ticket of the wallet its owner has offered to someone, not accepted yet (the ticket is still the owner's). */
export interface SentTransfer {
  recipientName: string;
  recipientEmail: string;
  isGift: boolean;
  /** When the recipient was emailed; null while a scheduled gift waits for its time. */
  notifiedAt: Date | null;
  /** When the recipient is (or was) emailed: a scheduled gift's chosen time, else the moment it was sent. */
  deliverAt: Date;
}

/**
 * The owner's own tickets that are in a transfer not accepted yet, by ticket code. Found through the wallet's own
 * query, so a transfer shows only beside a ticket its viewer may see: its sender's (an accepted transfer's tickets
 * belong to the recipient, and a transferred ticket cannot be transferred again).
 */
export async function sentTransfers(db: Db, owner: WalletOwner): Promise<Map<string, SentTransfer>> {
  if (ownsNothing(owner)) return new Map();
  const rows = await walletQuery(db, owner)
    .innerJoin('transfer_tickets as tt', 'tt.ticket_id', 'k.id')
    .innerJoin('ticket_transfers as tr', 'tr.id', 'tt.transfer_id')
    .where('tr.accepted_at', 'is', null)
    .select([
      'tr.recipient_name as recipientName',
      'tr.recipient_email as recipientEmail',
      'tr.is_gift as isGift',
      'tr.notified_at as notifiedAt',
      'tr.deliver_at as deliverAt',
    ])
    .execute();
  return new Map(
    rows.map((row) => [
      row.code,
      {
        recipientName: row.recipientName,
        recipientEmail: row.recipientEmail,
        isGift: row.isGift,
        notifiedAt: row.notifiedAt,
        deliverAt: row.deliverAt,
      },
    ]),
  );
}

/** An offer waiting for the wallet's owner to accept it (their email is the one it was sent to). */
export interface WaitingOffer {
  token: string;
  senderName: string | null;
  isGift: boolean;
  qty: number;
  ticketName: string;
  eventTitle: string;
  startsAt: Date;
  timezone: string;
  sentAt: Date;
}

/**
 * The transfers sent to an email the session proved (signing in proves the account's), not accepted yet and still
 * carrying tickets. Only once notified: a scheduled gift stays a surprise until its email goes.
 */
export async function waitingOffers(db: Db, owner: WalletOwner): Promise<WaitingOffer[]> {
  if (owner.emails.length === 0) return [];
  const rows = await db
    .selectFrom('ticket_transfers as tr')
    .innerJoin('ticket_types as t', 't.id', 'tr.ticket_type_id')
    .innerJoin('event_dates as d', 'd.id', 't.event_date_id')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .select([
      'tr.token',
      'tr.sale_id as saleId',
      'tr.is_gift as isGift',
      'tr.qty',
      'tr.notified_at as notifiedAt',
      't.name as ticketName',
      'e.title as eventTitle',
      'e.timezone',
      'd.starts_at as startsAt',
    ])
    .where(sql<string>`lower(tr.recipient_email)`, 'in', owner.emails)
    .where('tr.accepted_at', 'is', null)
    .where('tr.notified_at', 'is not', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('transfer_tickets as tt')
          .select(sql`1`.as('one'))
          .whereRef('tt.transfer_id', '=', 'tr.id'),
      ),
    )
    .orderBy('d.starts_at')
    .orderBy('tr.id')
    .$narrowType<{ notifiedAt: Date }>()
    .execute();
  return Promise.all(
    rows.map(async ({ saleId, notifiedAt, ...row }) => ({
      ...row,
      senderName: await buyerNameOf(db, saleId),
      sentAt: notifiedAt,
    })),
  );
}
