import { sql } from 'kysely';
import type { Db } from '../db/schema';
import type { SessionHandle } from '../session/session';

/** One ticket as the wallet page and the wallet email show it. */
export interface WalletTicket {
  code: string;
  saleReference: string;
  position: number;
  eventTitle: string;
  location: string;
  timezone: string;
  startsAt: Date;
  ticketName: string;
  seatLabel: string | null;
}

/**
 * Whose tickets a visitor may see: a signed-in user's (issued to the account, or to its email, which signing in
 * proved), an email the session proved by one-time code, and the session's own current sale once paid (a guest).
 */
export interface WalletOwner {
  userId: number | null;
  emails: string[];
  saleId: number | null;
}

export async function walletOwnerOf(db: Db, session: SessionHandle): Promise<WalletOwner> {
  const row = await session.load();
  if (!row) return { userId: null, emails: [], saleId: null };
  const [user, sale] = await Promise.all([
    row.user_id === null
      ? undefined
      : db.selectFrom('users').select('email').where('id', '=', row.user_id).executeTakeFirst(),
    row.sale_id === null
      ? undefined
      : db.selectFrom('sales').select(['id', 'status']).where('id', '=', row.sale_id).executeTakeFirst(),
  ]);
  const emails = [user?.email, row.verified_email]
    .filter((email): email is string => !!email)
    .map((email) => email.trim().toLowerCase());
  return { userId: row.user_id, emails: [...new Set(emails)], saleId: sale?.status === 'paid' ? sale.id : null };
}

export function ownsNothing(owner: WalletOwner): boolean {
  return owner.userId === null && owner.emails.length === 0 && owner.saleId === null;
}

function ticketQuery(db: Db) {
  return db
    .selectFrom('tickets as k')
    .innerJoin('sales as s', 's.id', 'k.sale_id')
    .innerJoin('ticket_types as t', 't.id', 'k.ticket_type_id')
    .innerJoin('event_dates as d', 'd.id', 'k.event_date_id')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .select([
      'k.code',
      's.reference as saleReference',
      'k.position',
      'e.title as eventTitle',
      'e.location',
      'e.timezone',
      'd.starts_at as startsAt',
      't.name as ticketName',
      'k.seat_label as seatLabel',
    ]);
}

/** The tickets the owner may see, as a query others narrow (a ticket's pending transfer is found through it). */
export function walletQuery(db: Db, owner: WalletOwner) {
  return ticketQuery(db).where((eb) =>
    eb.or([
      ...(owner.userId === null ? [] : [eb('k.owner_user_id', '=', owner.userId)]),
      ...(owner.emails.length === 0 ? [] : [eb(sql<string>`lower(k.owner_email)`, 'in', owner.emails)]),
      // The session's own sale, less the tickets a recipient has accepted (they are the recipient's now).
      ...(owner.saleId === null
        ? []
        : [
            eb.and([
              eb('k.sale_id', '=', owner.saleId),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('transfer_tickets as tt')
                    .innerJoin('ticket_transfers as tr', 'tr.id', 'tt.transfer_id')
                    .select(sql`1`.as('one'))
                    .whereRef('tt.ticket_id', '=', 'k.id')
                    .where('tr.accepted_at', 'is not', null),
                ),
              ),
            ]),
          ]),
    ]),
  );
}

/** The owner's tickets, soonest event first. */
export async function walletTickets(db: Db, owner: WalletOwner): Promise<WalletTicket[]> {
  if (ownsNothing(owner)) return [];
  return walletQuery(db, owner).orderBy('d.starts_at').orderBy('k.sale_id').orderBy('k.position').execute();
}

/** One ticket by code, only when the owner may see it. */
export async function ownedTicket(db: Db, owner: WalletOwner, code: string): Promise<WalletTicket | undefined> {
  if (ownsNothing(owner)) return undefined;
  return walletQuery(db, owner).where('k.code', '=', code).executeTakeFirst();
}

/** A sale's tickets (the wallet email). */
export function saleTickets(db: Db, saleId: number): Promise<WalletTicket[]> {
  return walletQuery(db, { userId: null, emails: [], saleId }).orderBy('k.position').execute();
}

/** Tickets by id, in the sale's order (a transfer's tickets, for the recipient's email). */
export function ticketsByIds(db: Db, ids: readonly number[]): Promise<WalletTicket[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return ticketQuery(db)
    .where('k.id', 'in', [...ids])
    .orderBy('k.sale_id')
    .orderBy('k.position')
    .execute();
}
