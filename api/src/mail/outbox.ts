import { sql, type Selectable } from 'kysely';
import type { Db, DbOrTx, OutboxTable } from '../db/schema';

/** Every message the product sends is kept here first: delivered by SMTP when configured, read at /dev/outbox when not. */
export type OutboxRow = Selectable<OutboxTable>;

/** A file sent with a message; text only (calendar files), so the outbox can keep it as it is. */
export interface MailAttachment {
  filename: string;
  /** e.g. 'text/calendar; charset=utf-8; method=PUBLISH' */
  contentType: string;
  content: string;
}

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** What the message is for ('one_time_code', …): lets tests and the outbox page filter. */
  kind?: string;
  attachments?: readonly MailAttachment[];
}

const isAttachment = (value: unknown): value is MailAttachment => {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.filename === 'string' && typeof entry.contentType === 'string' && typeof entry.content === 'string'
  );
};

/** A stored message's attachments ([] for messages stored before they could have any). */
export function attachmentsOf(row: Pick<OutboxRow, 'attachments'>): MailAttachment[] {
  try {
    const parsed: unknown = JSON.parse(row.attachments);
    return Array.isArray(parsed) ? parsed.filter(isAttachment) : [];
  } catch {
    return [];
  }
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
      attachments: JSON.stringify(
        (message.attachments ?? []).map(({ filename, contentType, content }) => ({ filename, contentType, content })),
      ),
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
