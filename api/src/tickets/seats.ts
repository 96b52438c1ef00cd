import type { Tx } from '../db/schema';

/** Seats are allocated in order along rows of this many seats (the demo venues have no seat plans). */
export const SEATS_PER_ROW = 20;

/** Row letters as in a theatre: A … Z, then AA, AB, … */
function rowName(index: number): string {
  let name = '';
  let n = index;
  do {
    name = String.fromCharCode(65 + (n % 26)) + name;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return name;
}

/** Seat number 0, 1, … of a date as the buyer reads it: 'Row A, Seat 1'. */
export function seatLabel(seatNumber: number): string {
  return `Row ${rowName(Math.floor(seatNumber / SEATS_PER_ROW))}, Seat ${(seatNumber % SEATS_PER_ROW) + 1}`;
}

/**
 * Takes `count` consecutive seat numbers of an event date in one statement (the counter row is locked only while it
 * runs), so two sales issued at once never get the same seat; the unique index on tickets is the backstop.
 * Callers take dates in ascending id order (the lock order).
 */
export async function takeSeats(tx: Tx, eventDateId: number, count: number): Promise<number> {
  const row = await tx
    .insertInto('seat_counters')
    .values({ event_date_id: eventDateId, next_seat: count })
    .onConflict((oc) =>
      oc.column('event_date_id').doUpdateSet((eb) => ({ next_seat: eb('seat_counters.next_seat', '+', count) })),
    )
    .returning('next_seat')
    .executeTakeFirstOrThrow();
  return row.next_seat - count;
}
