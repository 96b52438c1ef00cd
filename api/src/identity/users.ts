import type { User } from '@checkout/shared';
import type { Db, UserRow } from '../db/schema';
import type { SessionHandle } from './session';

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
