import { sql, type Selectable } from 'kysely';
import type { Db, DbOrTx, OutboxTable } from '../db/schema';

/** Every message the product sends is kept here first: delivered by SMTP when configured, read at /dev/outbox when not. */
export type OutboxRow = Selectable<OutboxTable>;

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** What the message is for ('one_time_code', …): lets tests and the outbox page filter. */
  kind?: string;
}

export async function storeMessage(db: DbOrTx, message: OutboxMessage, now: Date): Promise<number> {
  const row = await db
    .insertInto('outbox')
    .values({
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      kind: message.kind ?? 'general',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface OutboxQuery {
  /** Only messages to this address (any case). */
  to?: string;
  kind?: string;
  limit: number;
}

/** Newest first. */
export function listMessages(db: Db, query: OutboxQuery): Promise<OutboxRow[]> {
  let select = db.selectFrom('outbox').selectAll();
  if (query.to) select = select.where(sql<string>`lower(to_address)`, '=', query.to.trim().toLowerCase());
  if (query.kind) select = select.where('kind', '=', query.kind);
  return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
}

export async function markSent(db: Db, id: number, now: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({ sent_at: now, attempts: eb('attempts', '+', 1), last_error: null }))
    .where('id', '=', id)
    .execute();
}

export async function markFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 2000) }))
    .where('id', '=', id)
    .execute();
}
