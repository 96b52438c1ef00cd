import { sql } from 'kysely';
import type { Db, HoldStatus, Tx } from '../db/schema';
import { recordSaleExpired } from '../organiser-api/webhooks/emit';

/**
 * Stock is `capacity - sold - held` on the ticket type; `held` always equals the sum of the type's active holds,
 * because the two change together in one transaction and a hold leaves 'active' at most once (the status guard).
 *
 * Lock order, the same everywhere so transactions never deadlock: session row, then sale row, then holds, then
 * ticket types in ascending id. (Inserting a hold locks no existing row but its ticket type's key, which no stock
 * update waits for.)
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
 * Takes a hold for every line, inside the caller's transaction: one conditional update per ticket type, so two
 * buyers can never both take the last ticket. Throws StockShortage at the first line that does not fit.
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
  // The hold rows first (their foreign key takes only a key-share lock, which the stock update does not wait for),
  // then the conditional updates, so a hot ticket row stays locked for one statement and the commit.
  await tx
    .insertInto('holds')
    .values(
      sorted.map((line) => ({
        sale_id: saleId,
        ticket_type_id: line.ticketTypeId,
        qty: line.qty,
        expires_at: expiresAt,
        created_at: now,
      })),
    )
    .execute();
  for (const line of sorted) {
    const result = await tx
      .updateTable('ticket_types')
      .set((eb) => ({ held: eb('held', '+', line.qty) }))
      .where('id', '=', line.ticketTypeId)
      .where(sql<number>`capacity - sold - held`, '>=', line.qty)
      .returning('id')
      .executeTakeFirst();
    if (!result) {
      const row = await tx
        .selectFrom('ticket_types')
        .select(sql<number>`capacity - sold - held`.as('available'))
        .where('id', '=', line.ticketTypeId)
        .executeTakeFirst();
      throw new StockShortage(line.ticketTypeId, line.name, Math.max(0, row?.available ?? 0));
    }
  }
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
  const ended = await update.returning(['ticket_type_id', 'qty']).execute();
  if (ended.length === 0) return 0;
  const byType = new Map<number, number>();
  for (const hold of ended) byType.set(hold.ticket_type_id, (byType.get(hold.ticket_type_id) ?? 0) + hold.qty);
  let tickets = 0;
  for (const [ticketTypeId, qty] of [...byType].sort((a, b) => a[0] - b[0])) {
    tickets += qty;
    await tx
      .updateTable('ticket_types')
      .set((eb) =>
        status === 'sold' ? { held: eb('held', '-', qty), sold: eb('sold', '+', qty) } : { held: eb('held', '-', qty) },
      )
      .where('id', '=', ticketTypeId)
      .execute();
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
          if (expired) await recordSaleExpired(tx, saleId, now);
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
    for (const sale of lapsed) await recordSaleExpired(tx, sale.id, now);
  });
  return result;
}

/** Tickets still free to hold: capacity less sold and held. */
export function availableOf(row: { capacity: number; sold: number; held: number }): number {
  return Math.max(0, row.capacity - row.sold - row.held);
}
