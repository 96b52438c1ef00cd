import type { User } from '@checkout/shared';
import { sql } from 'kysely';
import type { Db, DbOrTx, UserRow } from '../db/schema';
import { normaliseEmail } from './one-time-codes';
import type { SessionHandle } from '../session/session';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: [row.first_name, row.last_name].filter(Boolean).join(' '),
    email: row.email,
    subscribed: row.subscribed,
    is_event_subscribed: row.is_event_subscribed,
    is_dark_mode: row.is_dark_mode,
  };
}

/** The signed-in user of this session, or null for a guest. */
export async function sessionUser(db: Db, session: SessionHandle): Promise<UserRow | null> {
  const row = await session.load();
  if (!row?.user_id) return null;
  return (await db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst()) ?? null;
}

/** The account of an address, if any (addresses are unique regardless of case). */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', normaliseEmail(email))
    .executeTakeFirst();
}

export interface NewAccountDetails {
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  subscribed: boolean;
}

/**
 * The account of an address, created when there is none, in one statement that does the same work either way (an
 * insert that meets the unique index on lower(email), or not), so neither the caller's answer nor its timing says
 * which it was. The details apply to a new account only: an existing account is never changed by a caller that has
 * not proved its email.
 */
export async function findOrCreateAccount(tx: DbOrTx, details: NewAccountDetails, now: Date): Promise<UserRow> {
  return tx
    .insertInto('users')
    .values({ ...details, email: details.email.trim(), created_at: now, updated_at: now })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doUpdateSet((eb) => ({ email: eb.ref('users.email') })))
    .returningAll()
    .executeTakeFirstOrThrow();
}
