import { sql } from 'kysely';
import type { DbOrTx, Onsale, Tx } from '../db/schema';
import { HttpError, refused } from '../http/errors';
import { setStockBuckets } from '../inventory/holds';
import { admissionOf, isEnded, rebased } from './admission';
import { gatedOnSale } from './queue';

/**
 * An organiser's on-sales, written by the organiser API and the catalogue import alike: which tickets a waiting room
 * gates, when it opens, how fast it admits. The rules live here once.
 */

/** Stock rows a gated ticket type's free stock is spread over (inventory/holds.ts): past one hot row's rate. */
export const ONSALE_STOCK_BUCKETS = 16;

export interface OnsaleInput {
  /** The whole event is gated, or (null) only ticketTypeIds. */
  eventId: number | null;
  ticketTypeIds: readonly number[];
  opensAt: Date;
  endsAt: Date | null;
  ratePerSecond: number;
  passSeconds: number;
}

export interface OnsaleChange {
  opensAt?: Date;
  endsAt?: Date | null;
  ratePerSecond?: number;
  passSeconds?: number;
  /** Only before the opening. */
  ticketTypeIds?: readonly number[];
}

const notYours = (field: string, sentence: string) => new HttpError(404, sentence, { [field]: sentence }, 'not_found');

/** The event, when it is the organiser's; a 404 naming the field otherwise. */
export async function ownEvent(tx: Tx, organiserId: number, eventId: number): Promise<void> {
  const event = await tx
    .selectFrom('events')
    .select('id')
    .where('id', '=', eventId)
    .where('organiser_id', '=', organiserId)
    .executeTakeFirst();
  if (!event) throw notYours('event_id', 'There is no event of yours with that id.');
}

/** Every listed ticket type is the organiser's; a 404 naming the first that is not. */
export async function ownTicketTypes(tx: Tx, organiserId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx
    .selectFrom('ticket_types')
    .innerJoin('events', 'events.id', 'ticket_types.event_id')
    .select('ticket_types.id')
    .where('ticket_types.id', 'in', [...ids])
    .where('events.organiser_id', '=', organiserId)
    .execute();
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw notYours('ticket_type_ids', `There is no ticket type of yours with id ${missing}.`);
}

/** The ticket types an on-sale gates: its event's, or its listed ones. */
export async function gatedTypesOf(tx: DbOrTx, onsale: Pick<Onsale, 'id' | 'event_id'>): Promise<number[]> {
  const rows =
    onsale.event_id === null
      ? await tx
          .selectFrom('onsale_ticket_types')
          .select('ticket_type_id as id')
          .where('onsale_id', '=', onsale.id)
          .orderBy('ticket_type_id')
          .execute()
      : await tx
          .selectFrom('ticket_types')
          .select('id')
          .where('event_id', '=', onsale.event_id)
          .orderBy('id')
          .execute();
  return rows.map((row) => row.id);
}

async function typesOfInput(tx: Tx, input: Pick<OnsaleInput, 'eventId' | 'ticketTypeIds'>): Promise<number[]> {
  if (input.eventId === null) return [...new Set(input.ticketTypeIds)].sort((a, b) => a - b);
  return gatedTypesOf(tx, { id: 0, event_id: input.eventId });
}

/** A ticket type is in one live waiting room at most: which queue would its buyers join? */
async function refuseOverlap(tx: Tx, typeIds: readonly number[], exceptId: number | null, now: Date): Promise<void> {
  if (typeIds.length === 0) return;
  const { rows } = await sql<{ onsale: number; type: number }>`
    SELECT g.id AS onsale, t.id AS type FROM unnest(${[...typeIds]}::integer[]) AS t(id)
      CROSS JOIN LATERAL onsales_gating(t.id, ${now}) AS g(id)
     WHERE g.id <> ${exceptId ?? 0}
     ORDER BY g.id, t.id LIMIT 1`.execute(tx);
  const clash = rows[0];
  if (clash)
    throw refused(
      `Ticket type ${clash.type} is already in on-sale ${clash.onsale}'s queue: end or change that on-sale first.`,
    );
}

/**
 * The stock buckets a new ticket type gets: an on-sale's count when a live on-sale gates it already (a type added to
 * an on-sale's event after the on-sale was made is gated like the others, and takes their load), otherwise none asked.
 */
export async function onsaleStockBucketsFor(tx: DbOrTx, ticketTypeId: number, now: Date): Promise<number | undefined> {
  return (await gatedOnSale(tx, { ticketTypeIds: [ticketTypeId] }, now)) === null ? undefined : ONSALE_STOCK_BUCKETS;
}

/** Spreads each gated ticket type's stock over buckets, so the on-sale's reservations do not queue on one row. */
async function spreadStock(tx: Tx, typeIds: readonly number[]): Promise<void> {
  for (const id of [...typeIds].sort((a, b) => a - b)) await setStockBuckets(tx, id, ONSALE_STOCK_BUCKETS);
}

function checkTimes(opensAt: Date, endsAt: Date | null): void {
  if (endsAt !== null && endsAt.getTime() <= opensAt.getTime())
    throw new HttpError(400, "'ends_at' must be after 'opens_at'.", { ends_at: "'ends_at' must be after 'opens_at'." });
}

/** Creates an on-sale (the caller has checked the event and ticket types are the organiser's). */
export async function createOnsale(tx: Tx, organiserId: number, input: OnsaleInput, now: Date): Promise<number> {
  checkTimes(input.opensAt, input.endsAt);
  const types = await typesOfInput(tx, input);
  await refuseOverlap(tx, types, null, now);
  const row = await tx
    .insertInto('onsales')
    .values({
      organiser_id: organiserId,
      event_id: input.eventId,
      opens_at: input.opensAt,
      ends_at: input.endsAt,
      admission_per_second: input.ratePerSecond,
      pass_seconds: input.passSeconds,
      admission_base_at: input.opensAt,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.eventId === null && types.length > 0)
    await tx
      .insertInto('onsale_ticket_types')
      .values(types.map((id) => ({ onsale_id: row.id, ticket_type_id: id })))
      .execute();
  await spreadStock(tx, types);
  return row.id;
}

/**
 * Changes an on-sale. The opening (and an on-sale of listed ticket types, its list) moves only before it opens. A new
 * rate rebases the admission at `now`, so no one admitted is un-admitted. `ends_at` set to now ends the gate.
 * Answers whether anything changed.
 */
export async function changeOnsale(tx: Tx, stored: Onsale, change: OnsaleChange, now: Date): Promise<boolean> {
  const opened = now.getTime() >= stored.opens_at.getTime();
  const movesOpening = change.opensAt !== undefined && change.opensAt.getTime() !== stored.opens_at.getTime();
  if (movesOpening && opened)
    throw refused(`On-sale ${stored.id} has opened: its opening can no longer move. Set 'ends_at' to end it.`);
  if (movesOpening && change.opensAt && change.opensAt.getTime() <= now.getTime())
    throw refused(`On-sale ${stored.id}'s opening can only move to a moment still to come.`);
  const opensAt = movesOpening && change.opensAt ? change.opensAt : stored.opens_at;
  const endsAt = change.endsAt === undefined ? stored.ends_at : change.endsAt;
  checkTimes(opensAt, endsAt);
  if (isEnded(admissionOf(stored), now) && change.endsAt === undefined && Object.keys(change).length > 0)
    throw refused(`On-sale ${stored.id} has ended: it cannot change, only its 'ends_at' can be moved.`);

  let typesChanged = false;
  if (change.ticketTypeIds !== undefined) {
    if (stored.event_id !== null)
      throw refused(`On-sale ${stored.id} gates a whole event: it has no list of ticket types to change.`);
    const wanted = [...new Set(change.ticketTypeIds)].sort((a, b) => a - b);
    const current = await gatedTypesOf(tx, stored);
    typesChanged = wanted.join() !== current.join();
    if (typesChanged && opened)
      throw refused(`On-sale ${stored.id} has opened: its ticket types can no longer change.`);
    if (typesChanged) {
      await refuseOverlap(tx, wanted, stored.id, now);
      await tx.deleteFrom('onsale_ticket_types').where('onsale_id', '=', stored.id).execute();
      if (wanted.length > 0)
        await tx
          .insertInto('onsale_ticket_types')
          .values(wanted.map((id) => ({ onsale_id: stored.id, ticket_type_id: id })))
          .execute();
      await spreadStock(
        tx,
        wanted.filter((id) => !current.includes(id)),
      );
    }
  }

  let admission = admissionOf({
    ...stored,
    opens_at: opensAt,
    admission_base_at: movesOpening ? opensAt : stored.admission_base_at,
  });
  const rateChanged = change.ratePerSecond !== undefined && change.ratePerSecond !== admission.ratePerSecond;
  if (rateChanged && change.ratePerSecond !== undefined) admission = rebased(admission, change.ratePerSecond, now);
  const passChanged = change.passSeconds !== undefined && change.passSeconds !== stored.pass_seconds;
  const endsChanged = (endsAt?.getTime() ?? null) !== (stored.ends_at?.getTime() ?? null);
  if (!movesOpening && !rateChanged && !passChanged && !endsChanged && !typesChanged) return false;
  await tx
    .updateTable('onsales')
    .set({
      opens_at: opensAt,
      ends_at: endsAt,
      admission_per_second: admission.ratePerSecond,
      admission_base_at: admission.baseAt,
      admission_base_count: admission.baseCount,
      pass_seconds: change.passSeconds ?? stored.pass_seconds,
      updated_at: now,
    })
    .where('id', '=', stored.id)
    .execute();
  return true;
}

/** Deletes an on-sale that has not opened (its early arrivals' entries go with it). */
export async function deleteOnsale(tx: Tx, stored: Onsale, now: Date): Promise<void> {
  if (now.getTime() >= stored.opens_at.getTime())
    throw refused(`On-sale ${stored.id} has opened: it cannot be deleted. Set 'ends_at' to now to end it.`);
  await tx.deleteFrom('onsales').where('id', '=', stored.id).execute();
}

/** The organiser's on-sale, locked for a change, or undefined (another organiser's is not found). */
export function ownOnsale(tx: Tx, organiserId: number, id: number): Promise<Onsale | undefined> {
  return tx
    .selectFrom('onsales')
    .selectAll()
    .where('id', '=', id)
    .where('organiser_id', '=', organiserId)
    .forUpdate()
    .executeTakeFirst();
}
