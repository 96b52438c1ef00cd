/**
 * The domain events' after-commit relay (domain-events/relay.ts): an event is relayed once, by whichever api process
 * claims it first, to what must only react to committed work (the metrics counters, which live in process memory).
 * `relayed_at` is when it was claimed; the partial index keeps finding the unclaimed ones cheap however many relayed
 * rows the table holds. The rows published before this migration reported nothing after commit, so they count as
 * relayed when published (a first start would otherwise count 30 days of history). Plain SQL for PostgreSQL 15 and
 * PGlite.
 */
export const statements: readonly string[] = [
  `ALTER TABLE domain_events ADD COLUMN relayed_at timestamptz`,
  `UPDATE domain_events SET relayed_at = created_at`,
  `CREATE INDEX domain_events_unrelayed ON domain_events (id) WHERE relayed_at IS NULL`,
];
