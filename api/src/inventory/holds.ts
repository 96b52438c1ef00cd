import { type RawBuilder, sql } from 'kysely';
import type { Db, HoldStatus, Tx } from '../db/schema';
import { publish } from '../domain-events/publish';

/**
 * Stock is `capacity - sold - held` on the ticket type plus what is parked in its stock buckets; `held` always equals
 * the sum of the type's active holds plus the parked stock (0020_stock_buckets), because they change together in one
 * transaction and a hold leaves 'active' at most once (the status guard).
 *
 * Lock order, the same everywhere so transactions never deadlock: session row, then sale row, then holds, then
 * ticket types in ascending id, each type's row before its stock buckets (take_stock in 0020_stock_buckets says why
 * that holds with buckets taken without the row). (Inserting a hold locks no existing row but its ticket type's key,
 * which no stock update waits for.)
 */

export interface HoldRequest {
  ticketTypeId: number;
  qty: number;
  /** For the refusal message. */
  name: string;
}

/** Not enough stock for one line: the caller's transaction must roll back (nothing of the reservation survives). */
export class StockShortage extends Error {
  constructor(
    readonly ticketTypeId: number,
    readonly ticketName: string,
    readonly available: number,
  ) {
    super(`Only ${available} of ticket type ${ticketTypeId} available`);
    this.name = 'StockShortage';
  }
}

/**
 * Takes a hold for every line, inside the caller's transaction: take_stock per ticket type (0020_stock_buckets: a
 * conditional update of the type's row, or of one of its stock buckets), so two buyers can never both take the last
 * ticket. Throws StockShortage at the first line that does not fit.
 */
export async function takeHolds(
  tx: Tx,
  saleId: number,
  lines: readonly HoldRequest[],
  now: Date,
  expiresAt: Date,
): Promise<void> {
  if (lines.length === 0) return;
  const sorted = [...lines].sort((a, b) => a.ticketTypeId - b.ticketTypeId);
  const taken: { line: HoldRequest; bucket: number | null }[] = [];
  for (const [index, line] of sorted.entries()) {
    let bucket: number | null;
    try {
      const row = await sql<{ bucket: number | null }>`SELECT take_stock(
          ${line.ticketTypeId}::int, ${line.qty}::int, ${saleId + index + 1}::int) AS bucket`.execute(tx);
      bucket = row.rows[0]?.bucket ?? null;
    } catch (error) {
      // The refusal carries what was left (its HINT): the transaction is aborted and the caller rolls it back.
      const short = stockShortOf(error);
      if (short === null) throw error;
      throw new StockShortage(line.ticketTypeId, line.name, short);
    }
    taken.push({ line, bucket });
  }
  // The hold rows after the stock: their foreign key's key-share lock on a ticket row waits for no stock update.
  await tx
    .insertInto('holds')
    .values(
      taken.map(({ line, bucket }) => ({
        sale_id: saleId,
        ticket_type_id: line.ticketTypeId,
        qty: line.qty,
        expires_at: expiresAt,
        created_at: now,
        bucket,
      })),
    )
    .execute();
}

/** take_stock's refusal: the tickets left (its HINT), or null for any other error. */
function stockShortOf(error: unknown): number | null {
  if (!(error instanceof Error) || error.message !== 'stock_short') return null;
  const { code, hint } = error as { code?: string; hint?: string };
  return code === 'P0001' ? Math.max(0, Number(hint ?? 0) || 0) : null;
}

/**
 * Ends the sale's active holds (released, expired or sold) and gives their stock back (or books it as sold), once:
 * only rows still 'active' are touched, so a second caller finds nothing to do. `dueBy` limits it to holds whose
 * time is up. Returns the number of tickets the holds covered.
 */
export async function endHolds(
  tx: Tx,
  saleId: number,
  status: Exclude<HoldStatus, 'active'>,
  now: Date,
  dueBy?: Date,
): Promise<number> {
  let update = tx
    .updateTable('holds')
    .set({ status, ended_at: now })
    .where('sale_id', '=', saleId)
    .where('status', '=', 'active');
  if (dueBy) update = update.where('expires_at', '<=', dueBy);
  const ended = await update.returning(['ticket_type_id', 'qty', 'bucket']).execute();
  if (ended.length === 0) return 0;
  // Per ticket type in ascending id; within one, the row (holds taken from it, or every hold when sold) before its
  // buckets, the lock order of take_stock.
  const byType = new Map<number, { row: number; buckets: Map<number, number> }>();
  for (const hold of ended) {
    const entry = byType.get(hold.ticket_type_id) ?? { row: 0, buckets: new Map<number, number>() };
    if (status === 'sold' || hold.bucket === null) entry.row += hold.qty;
    else entry.buckets.set(hold.bucket, (entry.buckets.get(hold.bucket) ?? 0) + hold.qty);
    byType.set(hold.ticket_type_id, entry);
  }
  let tickets = 0;
  for (const [ticketTypeId, { row, buckets }] of [...byType].sort((a, b) => a[0] - b[0])) {
    if (row > 0) {
      tickets += row;
      await tx
        .updateTable('ticket_types')
        .set((eb) =>
          status === 'sold'
            ? { held: eb('held', '-', row), sold: eb('sold', '+', row) }
            : { held: eb('held', '-', row) },
        )
        .where('id', '=', ticketTypeId)
        .execute();
    }
    // An unsold hold taken from a bucket goes back to it: the row's held already counts it, as parked stock.
    for (const [bucket, qty] of [...buckets].sort((a, b) => a[0] - b[0])) {
      tickets += qty;
      await sql`SELECT give_stock(${ticketTypeId}::int, ${bucket}::smallint, ${qty}::int)`.execute(tx);
    }
  }
  return tickets;
}

export interface SweepResult {
  sales: number;
  tickets: number;
}

const SWEEP_BATCH = 200;

/**
 * Expires every hold whose time is up at `now` and gives its stock back: the periodic sweeper calls it, and a
 * reservation that finds too little stock calls it before giving up. One short transaction per sale, the sale row
 * locked first (the lock order above); concurrent sweeps find the holds already ended and release nothing twice.
 */
export async function expireHolds(db: Db, now: Date): Promise<SweepResult> {
  const result: SweepResult = { sales: 0, tickets: 0 };
  let afterSaleId = 0;
  for (;;) {
    const due = await db
      .selectFrom('holds')
      .select('sale_id')
      .distinct()
      .where('status', '=', 'active')
      .where('expires_at', '<=', now)
      .where('sale_id', '>', afterSaleId)
      .orderBy('sale_id')
      .limit(SWEEP_BATCH)
      .execute();
    for (const { sale_id: saleId } of due) {
      const tickets = await db.transaction().execute(async (tx) => {
        await tx.selectFrom('sales').select('id').where('id', '=', saleId).forUpdate().executeTakeFirst();
        const released = await endHolds(tx, saleId, 'expired', now, now);
        if (released > 0) {
          const expired = await tx
            .updateTable('sales')
            .set({ status: 'expired', updated_at: now })
            .where('id', '=', saleId)
            .where('status', '=', 'reserved')
            .where('hold_expires_at', '<=', now)
            .returning('id')
            .executeTakeFirst();
          if (expired) await publish(tx, { type: 'sale.expired', saleId }, now);
        }
        return released;
      });
      if (tickets > 0) {
        result.sales += 1;
        result.tickets += tickets;
      }
      afterSaleId = saleId;
    }
    if (due.length < SWEEP_BATCH) break;
  }
  // Reservations that held no stock (gift vouchers only) lapse too. SKIP LOCKED: a sale busy elsewhere (or in
  // another sweep) is left for the next round rather than waited for.
  await db.transaction().execute(async (tx) => {
    const lapsed = await tx
      .updateTable('sales')
      .set({ status: 'expired', updated_at: now })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('sales as s')
          .select('s.id')
          .where('s.status', '=', 'reserved')
          .where('s.hold_expires_at', '<=', now)
          .where((held) =>
            held.not(
              held.exists(
                held
                  .selectFrom('holds')
                  .select('holds.id')
                  .whereRef('holds.sale_id', '=', 's.id')
                  .where('holds.status', '=', 'active'),
              ),
            ),
          )
          .orderBy('s.id')
          .forUpdate()
          .skipLocked(),
      )
      .returning('id')
      .execute();
    for (const sale of lapsed) await publish(tx, { type: 'sale.expired', saleId: sale.id }, now);
  });
  return result;
}

/**
 * `held` as buyers and organisers mean it (tickets in active holds): the row's held less the stock parked in its
 * buckets (0020_stock_buckets). `table` names the ticket_types table or its alias in the query.
 */
export function activeHeld(table = 'ticket_types'): RawBuilder<number> {
  return sql<number>`(${sql.ref(`${table}.held`)} - ${parkedStock(table)})`;
}

/** The tickets parked in the type's stock buckets: free to buyers, though counted in `held`. */
export function parkedStock(table = 'ticket_types'): RawBuilder<number> {
  return sql<number>`coalesce((SELECT sum(sb.free) FROM stock_buckets sb
    WHERE sb.ticket_type_id = ${sql.ref(`${table}.id`)}), 0)::int`;
}

/**
 * Sets how many buckets a ticket type's free stock is spread over (1: none). Moves every parked ticket back to the
 * row first (row, then buckets: take_stock's lock order), then keeps bucket rows 0..count-1 (empty; reservations
 * refill them). Holds taken from a removed bucket give their stock back to the row.
 */
export async function setStockBuckets(tx: Tx, ticketTypeId: number, count: number): Promise<void> {
  if (!Number.isInteger(count) || count < 1 || count > 64) throw new RangeError('stock buckets: 1 to 64');
  await drainStock(tx, ticketTypeId);
  await tx.updateTable('ticket_types').set({ stock_buckets: count }).where('id', '=', ticketTypeId).execute();
  // A bucket drained empty can have been given a released hold's tickets since (the drain locks only buckets with
  // stock): what the removed buckets hold goes back to the row, which the drain has locked, or it would stay counted
  // in `held` with no bucket to sell it from.
  const removed = await tx
    .deleteFrom('stock_buckets')
    .where('ticket_type_id', '=', ticketTypeId)
    .where('bucket', '>=', count > 1 ? count : 0)
    .returning('free')
    .execute();
  const stranded = removed.reduce((sum, bucket) => sum + bucket.free, 0);
  if (stranded > 0)
    await tx
      .updateTable('ticket_types')
      .set((eb) => ({ held: eb('held', '-', stranded) }))
      .where('id', '=', ticketTypeId)
      .execute();
  if (count > 1) {
    await tx
      .insertInto('stock_buckets')
      .values(Array.from({ length: count }, (_, bucket) => ({ ticket_type_id: ticketTypeId, bucket, free: 0 })))
      .onConflict((oc) => oc.columns(['ticket_type_id', 'bucket']).doNothing())
      .execute();
  }
}

/**
 * Moves the stock parked in a ticket type's buckets back to its row (locked first, kept locked by the caller's
 * transaction), so `capacity - sold - held` is all that is free: before a capacity change or a re-take of stock.
 */
export async function drainStock(tx: Tx, ticketTypeId: number): Promise<number> {
  const result = await sql<{ drained: number }>`SELECT drain_stock(${ticketTypeId}::int) AS drained`.execute(tx);
  return result.rows[0]?.drained ?? 0;
}

/** Tickets still free to hold: capacity less sold and held (read `held` with activeHeld). */
export function availableOf(row: { capacity: number; sold: number; held: number }): number {
  return Math.max(0, row.capacity - row.sold - row.held);
}
