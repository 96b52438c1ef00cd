/**
 * Every attempt at a webhook delivery, for the delivery log: when, the receiver's status or why there was none, and
 * how long it took. The delivery row keeps the latest of these; this keeps them all. Plain SQL for PostgreSQL 15 and
 * PGlite.
 */
export const statements: readonly string[] = [
  `CREATE TABLE webhook_delivery_attempts (
    id serial PRIMARY KEY,
    delivery_id integer NOT NULL REFERENCES webhook_deliveries (id),
    attempted_at timestamptz NOT NULL,
    status_code integer,
    error text,
    duration_ms integer NOT NULL CHECK (duration_ms >= 0),
    CHECK (status_code IS NOT NULL OR error IS NOT NULL)
  )`,
  `CREATE INDEX webhook_delivery_attempts_delivery ON webhook_delivery_attempts (delivery_id, id)`,
];
