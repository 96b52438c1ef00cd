/**
 * The domain events outbox: every event the core publishes (domain-events/publish.ts) is a row here, written in the
 * transaction of the change it reports, beside what its subscribers wrote (webhook deliveries, mail). `data` is the
 * event without its type, as its schema describes it (domain-events/events.ts). Old rows are swept by the retention
 * sweep, which finds them by `created_at`. Plain SQL for PostgreSQL 15 and PGlite.
 */
export const statements: readonly string[] = [
  `CREATE TABLE domain_events (
    id serial PRIMARY KEY,
    type text NOT NULL,
    data jsonb NOT NULL,
    created_at timestamptz NOT NULL
  )`,
  `CREATE INDEX domain_events_type ON domain_events (type, id)`,
  `CREATE INDEX domain_events_created ON domain_events (created_at)`,
];
