/**
 * Delivery: tickets in the buyer's wallet, what has been delivered per sale, seat numbering, and
 * payment plans (instalments). Plain SQL for PostgreSQL 15 and PGlite.
 * - A sale's tickets are numbered 1..n (`position`), unique per sale: issuing twice can never add a second set.
 * - A ticket's `code` is a random bearer secret (base32, 100 bits): unique across all tickets.
 * - Seats are numbered per event date from a counter row (one conditional update takes a block of seats at once), and
 *   unique per date, so two buyers can never hold the same seat.
 * - One live payment plan per sale (a declined first payment leaves its row for the record and frees the sale).
 * - The outbox gets a channel: SMS reminders are stored there like mail (no SMS gateway is wired: see api/README.md).
 */
export const statements: readonly string[] = [
  `CREATE TABLE tickets (
    id serial PRIMARY KEY,
    sale_id integer NOT NULL REFERENCES sales (id),
    position integer NOT NULL CHECK (position >= 1),
    ticket_type_id integer NOT NULL REFERENCES ticket_types (id),
    event_date_id integer NOT NULL REFERENCES event_dates (id),
    code text NOT NULL UNIQUE,
    seat_number integer,
    seat_label text,
    owner_user_id integer REFERENCES users (id),
    owner_email text,
    issued_at timestamptz NOT NULL,
    UNIQUE (sale_id, position)
  )`,
  `CREATE UNIQUE INDEX tickets_seat_per_date ON tickets (event_date_id, seat_number) WHERE seat_number IS NOT NULL`,
  `CREATE INDEX tickets_owner_user ON tickets (owner_user_id) WHERE owner_user_id IS NOT NULL`,
  `CREATE INDEX tickets_owner_email ON tickets (lower(owner_email)) WHERE owner_email IS NOT NULL`,

  `CREATE TABLE seat_counters (
    event_date_id integer PRIMARY KEY REFERENCES event_dates (id),
    next_seat integer NOT NULL CHECK (next_seat >= 0)
  )`,

  // What has been delivered for a sale: each step happens once (a conditional update claims it).
  `CREATE TABLE sale_deliveries (
    sale_id integer PRIMARY KEY REFERENCES sales (id),
    tickets_issued_at timestamptz,
    wallet_emailed_at timestamptz,
    wallet_outbox_id integer
  )`,

  `CREATE TABLE payment_plans (
    id serial PRIMARY KEY,
    sale_id integer NOT NULL REFERENCES sales (id),
    status text NOT NULL CHECK (status IN ('charging', 'active', 'completed', 'declined', 'failed')),
    idempotency_key text NOT NULL,
    request_hash text NOT NULL,
    response text,
    user_id integer REFERENCES users (id),
    email text NOT NULL,
    contact_number text NOT NULL,
    provider text NOT NULL,
    customer_ref text NOT NULL,
    payment_method_ref text NOT NULL,
    currency text NOT NULL,
    months integer NOT NULL CHECK (months >= 2),
    total_minor integer NOT NULL CHECK (total_minor > 0),
    created_at timestamptz NOT NULL,
    completed_at timestamptz,
    UNIQUE (sale_id, idempotency_key)
  )`,
  `CREATE UNIQUE INDEX payment_plans_live_per_sale ON payment_plans (sale_id) WHERE status IN ('charging', 'active', 'completed')`,

  `CREATE TABLE payment_plan_instalments (
    plan_id integer NOT NULL REFERENCES payment_plans (id),
    seq integer NOT NULL CHECK (seq >= 1),
    due_at timestamptz NOT NULL,
    amount_minor integer NOT NULL CHECK (amount_minor > 0),
    status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'paid', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    provider_payment_id text,
    last_error text,
    paid_at timestamptz,
    PRIMARY KEY (plan_id, seq)
  )`,

  // Payment reminders by SMS are outbox rows too (to_address is the mobile number); the mailer only sends 'email'.
  `ALTER TABLE outbox ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms'))`,
];
