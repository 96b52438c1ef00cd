/**
 * The organiser API: keys, webhooks and what the door needs on a ticket. Plain SQL for PostgreSQL 15 and PGlite.
 * - A key is shown once and stored as its SHA-256 (a key is 160 random bits, so a slow hash adds nothing); its first
 *   characters (`prefix`) find the row, the hash is compared in constant time. Revoked keys stay for the record.
 * - A webhook event is written in the same transaction as the change it reports (an outbox): it exists exactly when
 *   the change does. Each endpoint subscribed to its type gets a delivery, attempted by durable jobs.
 * - A ticket is admitted once (`checked_in_at` is set by one conditional update) and can be voided (refunded,
 *   transferred away); a void ticket's code is refused at the door with the reason.
 */
export const statements: readonly string[] = [
  `CREATE TABLE organiser_api_keys (
    id serial PRIMARY KEY,
    organiser_id integer NOT NULL REFERENCES organisers (id),
    name text NOT NULL DEFAULT '',
    prefix text NOT NULL UNIQUE,
    key_hash text NOT NULL,
    scope text NOT NULL CHECK (scope IN ('read', 'write')),
    created_at timestamptz NOT NULL,
    last_used_at timestamptz,
    revoked_at timestamptz
  )`,
  `CREATE INDEX organiser_api_keys_organiser ON organiser_api_keys (organiser_id)`,

  `CREATE TABLE webhook_endpoints (
    id serial PRIMARY KEY,
    organiser_id integer NOT NULL REFERENCES organisers (id),
    url text NOT NULL,
    events text[] NOT NULL CHECK (cardinality(events) > 0),
    secret text NOT NULL,
    created_at timestamptz NOT NULL,
    disabled_at timestamptz
  )`,
  `CREATE INDEX webhook_endpoints_organiser ON webhook_endpoints (organiser_id)`,

  `CREATE TABLE webhook_events (
    id serial PRIMARY KEY,
    public_id text NOT NULL UNIQUE,
    organiser_id integer NOT NULL REFERENCES organisers (id),
    type text NOT NULL CHECK (type IN ('order.paid', 'order.refunded', 'ticket.transferred', 'ticket.checked_in', 'sale.expired')),
    data jsonb NOT NULL,
    created_at timestamptz NOT NULL
  )`,
  `CREATE INDEX webhook_events_organiser ON webhook_events (organiser_id, id)`,

  `CREATE TABLE webhook_deliveries (
    id serial PRIMARY KEY,
    event_id integer NOT NULL REFERENCES webhook_events (id),
    endpoint_id integer NOT NULL REFERENCES webhook_endpoints (id),
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    last_status_code integer,
    last_error text,
    last_attempt_at timestamptz,
    delivered_at timestamptz,
    created_at timestamptz NOT NULL,
    UNIQUE (event_id, endpoint_id)
  )`,
  `CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id)`,

  `ALTER TABLE tickets ADD COLUMN checked_in_at timestamptz`,
  `ALTER TABLE tickets ADD COLUMN checked_in_by text`,
  `ALTER TABLE tickets ADD COLUMN voided_at timestamptz`,
  `ALTER TABLE tickets ADD COLUMN void_reason text CHECK (void_reason IN ('refunded', 'transferred'))`,
  `ALTER TABLE tickets ADD CONSTRAINT tickets_void_reason CHECK ((voided_at IS NULL) = (void_reason IS NULL))`,
];
