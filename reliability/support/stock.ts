import type { Pool } from 'pg';

export interface StockSample {
  capacity: number;
  sold: number;
  held: number;
  /** capacity - sold - held as the database says it (what a reservation may take). */
  available: number;
  /** The sum of the type's active holds, read in the same statement (the same snapshot) as `held`. */
  activeHolds: number;
  /** Tickets of paid sales' lines of this type, in the same snapshot. */
  paidTickets: number;
}

/** One consistent reading of a ticket type's stock (one statement: one snapshot). */
export async function sampleStock(pool: Pool, ticketTypeId: number): Promise<StockSample> {
  const { rows } = await pool.query<StockSample>(
    `SELECT t.capacity, t.sold, t.held, t.capacity - t.sold - t.held AS available,
       (SELECT coalesce(sum(h.qty), 0)::int FROM holds h WHERE h.ticket_type_id = t.id AND h.status = 'active') AS "activeHolds",
       (SELECT coalesce(sum(h.qty), 0)::int FROM holds h WHERE h.ticket_type_id = t.id AND h.status = 'sold') AS "paidTickets"
     FROM ticket_types t WHERE t.id = $1`,
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
  options: { square?: boolean } = {},
): Promise<number> {
  nextId += 1;
  const [eventId, dateId] = options.square ? [11, 111] : [10, 101];
  await pool.query(
    `INSERT INTO ticket_types (id, event_id, event_date_id, name, price_minor, currency, capacity, max_per_customer) VALUES ($1, $2, $3, $4, 1000, 'GBP', $5, 10)`,
    [nextId, eventId, dateId, `${name} ${nextId}`, capacity],
  );
  return nextId;
}
