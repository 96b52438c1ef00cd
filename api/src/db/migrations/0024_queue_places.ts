/**
 * Queue places per client: an on-sale gives one client address (its group: waiting-room/client-group.ts) at most a
 * configured number of places in all (QUEUE_PLACES_PER_CLIENT), so one client cannot queue thousands of browsers and
 * keep the best of their turns. The count is a row per on-sale and client, raised in the transaction that makes the
 * place: the upsert locks the row, so two api processes never give the same client one place too many, and a place
 * whose transaction rolls back is not counted. Plain SQL for PostgreSQL 15 and PGlite.
 */
export const statements: readonly string[] = [
  `CREATE TABLE queue_client_places (
    onsale_id integer NOT NULL REFERENCES onsales (id) ON DELETE CASCADE,
    client_key text NOT NULL,
    places integer NOT NULL CHECK (places >= 1),
    PRIMARY KEY (onsale_id, client_key)
  )`,
];
