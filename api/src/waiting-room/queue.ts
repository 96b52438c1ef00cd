import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, DbOrTx, Onsale, QueueEntry } from '../db/schema';
import { admissionOf, admittedThrough, isEnded, passExpiryOf, type QueueStatus, statusFor } from './admission';

/** The pass travels in this httpOnly cookie (SameSite=Lax, Path=/, Secure like the session cookie). */
export const PASS_COOKIE = 'checkout_pass';

/** The pass is kept as its SHA-256 (hex): a copy of the table admits no one. */
export function passHashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function loadOnsale(db: DbOrTx, onsaleId: number): Promise<Onsale | undefined> {
  return db.selectFrom('onsales').selectAll().where('id', '=', onsaleId).executeTakeFirst();
}

export function loadEntry(db: DbOrTx, onsaleId: number, sessionId: number): Promise<QueueEntry | undefined> {
  return db
    .selectFrom('queue_entries')
    .selectAll()
    .where('onsale_id', '=', onsaleId)
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
}

/**
 * Places the early arrivals once, at or after the opening: positions 1..E in draw order, in one transaction holding
 * the on-sale's row, so later arrivals are numbered after them. Answers the on-sale as it now is.
 */
export async function placeEarlyArrivals(db: Db, onsaleId: number): Promise<Onsale | undefined> {
  return db.transaction().execute(async (tx) => {
    const onsale = await tx.selectFrom('onsales').selectAll().where('id', '=', onsaleId).forUpdate().executeTakeFirst();
    if (!onsale || onsale.early_assigned) return onsale;
    const { rows } = await sql<{ placed: number }>`
      WITH ranked AS (
        SELECT id, row_number() OVER (ORDER BY draw, id) AS rn
          FROM queue_entries WHERE onsale_id = ${onsaleId} AND position IS NULL
      ), placed AS (
        UPDATE queue_entries q SET position = ${onsale.next_position} + ranked.rn
          FROM ranked WHERE q.id = ranked.id RETURNING q.id
      )
      SELECT count(*)::integer AS placed FROM placed`.execute(tx);
    const placed = rows[0]?.placed ?? 0;
    return tx
      .updateTable('onsales')
      .set((eb) => ({ next_position: eb('next_position', '+', placed), early_assigned: true }))
      .where('id', '=', onsaleId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/**
 * The next place at the end of the queue, given to one entry (one being placed or moved) if its place is still
 * `expected` when its row is locked: two tabs of one browser moving it at once number it once, and the second finds
 * it moved.
 */
async function placeAtEnd(
  db: Db,
  onsaleId: number,
  entryId: number,
  now: Date,
  reset: boolean,
  expected: number | null,
): Promise<QueueEntry> {
  return db.transaction().execute(async (tx) => {
    const current = await tx
      .selectFrom('queue_entries')
      .selectAll()
      .where('id', '=', entryId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new Error(`queue entry ${entryId} vanished while being placed`);
    if (current.position !== expected) return current;
    const { rows } = await sql<QueueEntry>`
      WITH next AS (
        UPDATE onsales SET next_position = next_position + 1 WHERE id = ${onsaleId} RETURNING next_position
      )
      UPDATE queue_entries q SET position = next.next_position,
        joined_at = CASE WHEN ${reset} THEN ${now}::timestamptz ELSE q.joined_at END,
        draw = CASE WHEN ${reset} THEN NULL ELSE q.draw END,
        pass_hash = CASE WHEN ${reset} THEN NULL ELSE q.pass_hash END,
        pass_expires_at = CASE WHEN ${reset} THEN NULL ELSE q.pass_expires_at END,
        claimed_sale_id = CASE WHEN ${reset} THEN NULL ELSE q.claimed_sale_id END,
        pass_used_at = CASE WHEN ${reset} THEN NULL ELSE q.pass_used_at END
      FROM next WHERE q.id = ${entryId}
      RETURNING q.*`.execute(tx);
    const row = rows[0];
    if (!row) throw new Error(`queue entry ${entryId} vanished while being placed`);
    return row;
  });
}

/**
 * Rows the caller has just read, so a status call does not read them again: the on-sale, and the session's entry
 * (null: read, and there is none).
 */
export interface KnownRows {
  onsale?: Onsale;
  entry?: QueueEntry | null;
}

/** The client a new place counts against (clientPlaceKey) and how many places of the on-sale it may hold in all. */
export interface ClientPlaces {
  key: string;
  limit: number;
}

/** A new place refused: the client already holds as many places of the on-sale as it may (nothing was written). */
export class ClientPlacesTaken extends Error {
  constructor(readonly onsaleId: number) {
    super(`the client's places in on-sale ${onsaleId} are all taken`);
  }
}

/**
 * Counts a new place against its client, in the transaction that makes it: the upsert locks the client's row, so
 * concurrent joins (any api process) are counted one after the other, and a count past the limit throws, which rolls
 * the place back with it.
 */
async function countPlace(tx: DbOrTx, onsaleId: number, client: ClientPlaces | undefined): Promise<void> {
  if (!client) return;
  const counted = await tx
    .insertInto('queue_client_places')
    .values({ onsale_id: onsaleId, client_key: client.key, places: 1 })
    .onConflict((oc) =>
      oc
        .columns(['onsale_id', 'client_key'])
        .doUpdateSet((eb) => ({ places: eb('queue_client_places.places', '+', 1) }))
        .where('queue_client_places.places', '<', client.limit),
    )
    .returning('places')
    .executeTakeFirst();
  if (!counted) throw new ClientPlacesTaken(onsaleId);
}

/**
 * The session's entry in the on-sale's queue, made on its first call: one per browser (one session, every tab), kept
 * across reloads. Before the opening an arrival gets a random draw and no place; from the opening, the early arrivals
 * are placed first and a new arrival takes the next place. A new entry counts against `client` when given (the
 * buyer routes always give it): ClientPlacesTaken when the client holds all it may. Undefined for an unknown on-sale.
 */
export async function joinQueue(
  db: Db,
  onsaleId: number,
  sessionId: number,
  now: Date,
  known: KnownRows = {},
  client?: ClientPlaces,
): Promise<{ onsale: Onsale; entry: QueueEntry } | undefined> {
  let onsale = known.onsale ?? (await loadOnsale(db, onsaleId));
  if (!onsale) return undefined;
  const early = now.getTime() < onsale.opens_at.getTime();
  let entry = known.entry === undefined ? await loadEntry(db, onsaleId, sessionId) : (known.entry ?? undefined);
  if (early && entry) return { onsale, entry };
  if (early) {
    // Early or not is settled against the on-sale's row, not this request's clock: the row is share-locked, which the
    // opening's placement (FOR UPDATE) waits for, so an early entry is either placed with the others or, written once
    // they were placed, joins the end like any later arrival.
    entry = await db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom('onsales')
        .select('early_assigned')
        .where('id', '=', onsaleId)
        .forShare()
        .executeTakeFirst();
      if (!row || row.early_assigned) return undefined;
      const made = await tx
        .insertInto('queue_entries')
        .values({ onsale_id: onsaleId, session_id: sessionId, joined_at: now, draw: Math.random() })
        .onConflict((oc) => oc.columns(['onsale_id', 'session_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (made) await countPlace(tx, onsaleId, client);
      return made;
    });
    entry ??= await loadEntry(db, onsaleId, sessionId);
    if (entry) return { onsale, entry };
    onsale = (await loadOnsale(db, onsaleId)) ?? onsale;
  }
  if (!onsale.early_assigned) onsale = (await placeEarlyArrivals(db, onsaleId)) ?? onsale;
  if (entry?.position === null) entry = await loadEntry(db, onsaleId, sessionId);
  if (entry && entry.position !== null) return { onsale, entry };
  if (entry) {
    // Joined before the opening but committed after the early arrivals were placed: next in line.
    return { onsale, entry: await placeAtEnd(db, onsaleId, entry.id, now, false, null) };
  }
  // The place is numbered only once the entry is in: two tabs of one browser joining at once take one place, not two
  // (the second tab's insert waits for the first's commit, then finds its entry).
  const inserted = await db.transaction().execute(async (tx) => {
    const made = await tx
      .insertInto('queue_entries')
      .values({ onsale_id: onsaleId, session_id: sessionId, joined_at: now })
      .onConflict((oc) => oc.columns(['onsale_id', 'session_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!made) return undefined;
    await countPlace(tx, onsaleId, client);
    const { rows } = await sql<QueueEntry>`
      WITH next AS (
        UPDATE onsales SET next_position = next_position + 1 WHERE id = ${onsaleId} RETURNING next_position
      )
      UPDATE queue_entries q SET position = next.next_position FROM next WHERE q.id = ${made.id}
      RETURNING q.*`.execute(tx);
    return rows[0];
  });
  const made = inserted ?? (await loadEntry(db, onsaleId, sessionId));
  if (!made) throw new Error('queue entry neither made nor found');
  return { onsale, entry: made };
}

/** A pass just issued: the cookie's value and when it lapses. */
export interface IssuedPass {
  token: string;
  expiresAt: Date;
}

export interface QueueAnswer {
  status: QueueStatus;
  /** Set when a pass was issued now: send it as the checkout_pass cookie. */
  pass?: IssuedPass;
}

/**
 * Issues the entry's pass when it is admitted and holds none, or the browser no longer presents it (a lost cookie):
 * a new token replaces the old one; the expiry stays the one first set.
 */
async function issuePass(db: Db, entry: QueueEntry, expiresAt: Date): Promise<IssuedPass | undefined> {
  const token = randomBytes(32).toString('base64url');
  const row = await db
    .updateTable('queue_entries')
    .set((eb) => ({
      pass_hash: passHashOf(token),
      pass_expires_at: eb.fn.coalesce('pass_expires_at', eb.val(expiresAt)),
    }))
    .where('id', '=', entry.id)
    .where('pass_used_at', 'is', null)
    .returning('pass_expires_at')
    .executeTakeFirst();
  if (!row?.pass_expires_at) return undefined;
  return { token, expiresAt: row.pass_expires_at };
}

async function answerFor(
  db: Db,
  onsale: Onsale,
  entry: QueueEntry,
  now: Date,
  presentedPass: string | undefined,
): Promise<QueueAnswer> {
  const admission = admissionOf(onsale);
  const status = statusFor(admission, entry, now);
  if (status.state !== 'admitted' || entry.position === null) return { status };
  const presentedHolds = presentedPass !== undefined && entry.pass_hash === passHashOf(presentedPass);
  if (presentedHolds) return { status };
  const pass = await issuePass(
    db,
    entry,
    entry.pass_expires_at ?? passExpiryOf(admission, entry.position, entry.joined_at),
  );
  if (!pass) return { status: { state: 'turn_lost' } };
  return { status: { ...status, pass_expires_at: pass.expiresAt.toISOString() }, pass };
}

/**
 * The session's status in the queue (joining it when not yet in), and a pass when one was issued now. `presentedPass`
 * is the checkout_pass cookie, if any. Undefined for an unknown on-sale.
 */
export async function queueStatus(
  db: Db,
  onsaleId: number,
  sessionId: number,
  now: Date,
  presentedPass?: string,
  knownEntry?: QueueEntry | null,
  client?: ClientPlaces,
): Promise<QueueAnswer | undefined> {
  const onsale = await loadOnsale(db, onsaleId);
  if (!onsale) return undefined;
  if (isEnded(admissionOf(onsale), now)) return { status: { state: 'ended' } };
  const joined = await joinQueue(
    db,
    onsaleId,
    sessionId,
    now,
    { onsale, ...(knownEntry === undefined ? {} : { entry: knownEntry }) },
    client,
  );
  if (!joined) return undefined;
  return answerFor(db, joined.onsale, joined.entry, now, presentedPass);
}

/**
 * After a lost turn (or a used pass whose reservation is gone), the entry goes to the end of the queue with no pass.
 * Anyone else gets their status unchanged. Undefined for an unknown on-sale.
 */
export async function rejoinQueue(
  db: Db,
  onsaleId: number,
  sessionId: number,
  now: Date,
  client?: ClientPlaces,
): Promise<QueueAnswer | undefined> {
  const joined = await joinQueue(db, onsaleId, sessionId, now, {}, client);
  if (!joined) return undefined;
  const { onsale, entry } = joined;
  const status = statusFor(admissionOf(onsale), entry, now);
  if (status.state !== 'turn_lost') return answerFor(db, onsale, entry, now, undefined);
  const moved = await placeAtEnd(db, onsaleId, entry.id, now, true, entry.position);
  return answerFor(db, (await loadOnsale(db, onsaleId)) ?? onsale, moved, now, undefined);
}

/**
 * The first on-sale (lowest id) that gates any ticket of a sale, or of the given ticket types, at `now`: those
 * tickets need a pass. Null when none is gated.
 */
export async function gatedOnSale(
  db: DbOrTx,
  target: { saleId: number } | { ticketTypeIds: readonly number[] },
  now: Date,
): Promise<number | null> {
  if ('saleId' in target) {
    const { rows } = await sql<{ id: number }>`
      SELECT g.id FROM sale_lines l CROSS JOIN LATERAL onsales_gating(l.ticket_type_id, ${now}) AS g(id)
       WHERE l.sale_id = ${target.saleId} AND l.ticket_type_id IS NOT NULL
       ORDER BY g.id LIMIT 1`.execute(db);
    return rows[0]?.id ?? null;
  }
  if (target.ticketTypeIds.length === 0) return null;
  const { rows } = await sql<{ id: number }>`
    SELECT g.id FROM unnest(${[...target.ticketTypeIds]}::integer[]) AS t(id)
      CROSS JOIN LATERAL onsales_gating(t.id, ${now}) AS g(id)
     ORDER BY g.id LIMIT 1`.execute(db);
  return rows[0]?.id ?? null;
}

/** Whether the session holds a pass of the on-sale that a reservation could still use at `now`. */
export async function hasUsablePass(db: DbOrTx, onsaleId: number, sessionId: number, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('queue_entries')
    .select('id')
    .where('onsale_id', '=', onsaleId)
    .where('session_id', '=', sessionId)
    .where('pass_hash', 'is not', null)
    .where('pass_expires_at', '>', now)
    .where('pass_used_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims the presented pass for the session's current sale, so the holds' gate (0021_waiting_room) lets that sale's
 * reservation through once. Only the session the pass was issued to can claim it; an expired or used pass claims
 * nothing. Answers whether a pass was claimed.
 */
export async function claimPass(db: DbOrTx, sessionTokenHash: string, passToken: string, now: Date): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    UPDATE queue_entries q SET claimed_sale_id = s.sale_id
      FROM sessions s
     WHERE s.token_hash = ${sessionTokenHash} AND s.sale_id IS NOT NULL AND q.session_id = s.id
       AND q.pass_hash = ${passHashOf(passToken)} AND q.pass_expires_at > ${now} AND q.pass_used_at IS NULL
    RETURNING q.id`.execute(db);
  return rows.length > 0;
}

/** The live figures of an on-sale, for its organiser. */
export interface OnsaleFigures {
  queued: number;
  admitted: number;
  passesUsed: number;
  turnsLost: number;
}

export async function onsaleFigures(db: DbOrTx, onsale: Onsale, now: Date): Promise<OnsaleFigures> {
  const admission = admissionOf(onsale);
  const through = now.getTime() < admission.opensAt.getTime() ? 0 : admittedThrough(admission, now);
  const { rows } = await sql<{ queued: number; admitted: number; used: number; lost: number }>`
    SELECT
      count(*) FILTER (WHERE position IS NULL OR position > ${through})::integer AS queued,
      count(*) FILTER (WHERE position <= ${through})::integer AS admitted,
      count(*) FILTER (WHERE pass_used_at IS NOT NULL)::integer AS used,
      count(*) FILTER (WHERE position <= ${through} AND pass_used_at IS NULL AND coalesce(pass_expires_at,
        greatest(joined_at, ${admission.baseAt}::timestamptz
          + make_interval(secs => greatest(0, position - ${admission.baseCount}::float8) / ${admission.ratePerSecond}::float8))
        + make_interval(secs => ${admission.passSeconds}::float8)) <= ${now})::integer AS lost
    FROM queue_entries WHERE onsale_id = ${onsale.id}`.execute(db);
  const row = rows[0];
  return {
    queued: row?.queued ?? 0,
    admitted: row?.admitted ?? 0,
    passesUsed: row?.used ?? 0,
    turnsLost: row?.lost ?? 0,
  };
}
