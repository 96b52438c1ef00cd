import type { Pool } from 'pg';

export interface StockSample {
  capacity: number;
  sold: number;
  /** Tickets in active holds: the row's held less the stock parked in its buckets (0020_stock_buckets). */
  held: number;
  /** Free tickets parked in the type's stock buckets (counted in the row's held, so never oversold). */
  parked: number;
  /** The row's held column itself: active holds plus parked stock. */
  rowHeld: number;
  /** capacity - sold - held as buyers see it (what a reservation may take, parked stock included). */
  available: number;
  /** The sum of the type's active holds, read in the same statement (the same snapshot) as `held`. */
  activeHolds: number;
  /** Tickets of paid sales' lines of this type, in the same snapshot. */
  paidTickets: number;
}

/** One consistent reading of a ticket type's stock (one statement: one snapshot). */
export async function sampleStock(pool: Pool, ticketTypeId: number): Promise<StockSample> {
  const { rows } = await pool.query<StockSample>(
    `SELECT t.capacity, t.sold, t.held - p.parked AS held, p.parked, t.held AS "rowHeld",
       t.capacity - t.sold - t.held + p.parked AS available,
       (SELECT coalesce(sum(h.qty), 0)::int FROM holds h WHERE h.ticket_type_id = t.id AND h.status = 'active') AS "activeHolds",
       (SELECT coalesce(sum(h.qty), 0)::int FROM holds h WHERE h.ticket_type_id = t.id AND h.status = 'sold') AS "paidTickets"
     FROM ticket_types t,
       LATERAL (SELECT coalesce(sum(b.free), 0)::int AS parked FROM stock_buckets b WHERE b.ticket_type_id = t.id) p
     WHERE t.id = $1`,
    [ticketTypeId],
  );
  const row = rows[0];
  if (!row) throw new Error(`no ticket type ${ticketTypeId}`);
  return row;
}

/** Samples the stock every `everyMs` until stopped; answers every sample taken. */
export function sampleContinuously(pool: Pool, ticketTypeId: number, everyMs = 25): { stop(): Promise<StockSample[]> } {
  const samples: StockSample[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      samples.push(await sampleStock(pool, ticketTypeId));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return samples;
    },
  };
}

let nextId = 95_000;
/**
 * A fresh GBP ticket type (£10) with its own stock: on the seeded on-sale event (event 10, date 101, a stripe-type
 * organiser: card payments), or with `square` on the comedy night (event 11, date 111, a square-type organiser: the
 * bank transfer is offered).
 */
export async function freshTicketType(
  pool: Pool,
  capacity: number,
  name = 'Reliability',
  options: { square?: boolean; buckets?: number } = {},
): Promise<number> {
  nextId += 1;
  const [eventId, dateId] = options.square ? [11, 111] : [10, 101];
  await pool.query(
    `INSERT INTO ticket_types (id, event_id, event_date_id, name, price_minor, currency, capacity, max_per_customer) VALUES ($1, $2, $3, $4, 1000, 'GBP', $5, 10)`,
    [nextId, eventId, dateId, `${name} ${nextId}`, capacity],
  );
  if (options.buckets && options.buckets > 1) {
    // As inventory/holds.ts setStockBuckets does for a type with nothing parked yet.
    await pool.query('UPDATE ticket_types SET stock_buckets = $2 WHERE id = $1', [nextId, options.buckets]);
    await pool.query(
      'INSERT INTO stock_buckets (ticket_type_id, bucket) SELECT $1, b FROM generate_series(0, $2 - 1) AS b',
      [nextId, options.buckets],
    );
  }
  return nextId;
}
