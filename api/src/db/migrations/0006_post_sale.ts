/**
 * Questions and post-sale: answers to ticket questions, customer feedback and referral links.
 * Plain SQL for PostgreSQL 15 and PGlite.
 * - One answer per sale, ticket type, question and ticket counter (0 for a once-per-checkout question): saving again
 *   replaces the answers of that timing.
 * - Ticket transfers: the recipient accepts with the transfer's random token; until then the tickets stay the
 *   sender's, and a ticket in a pending or accepted transfer cannot be transferred again from this sale.
 * - A referral link's token is random (unguessable) and there is one per buyer (email) and event, so it is stable.
 */
export const statements: readonly string[] = [
  `CREATE TABLE question_answers (
    sale_id integer NOT NULL REFERENCES sales (id),
    ticket_type_id integer NOT NULL REFERENCES ticket_types (id),
    question_id integer NOT NULL REFERENCES questions (id),
    ticket_counter integer NOT NULL CHECK (ticket_counter >= 0),
    answer text NOT NULL,
    answered_at timestamptz NOT NULL,
    PRIMARY KEY (sale_id, ticket_type_id, question_id, ticket_counter)
  )`,
  `CREATE TABLE sale_feedback (
    id serial PRIMARY KEY,
    sale_id integer NOT NULL REFERENCES sales (id),
    message text NOT NULL,
    created_at timestamptz NOT NULL
  )`,
  `CREATE INDEX sale_feedback_sale ON sale_feedback (sale_id)`,
  `CREATE TABLE referral_links (
    token text PRIMARY KEY,
    email text NOT NULL,
    event_id integer NOT NULL REFERENCES events (id),
    created_at timestamptz NOT NULL,
    UNIQUE (email, event_id)
  )`,
  `CREATE TABLE ticket_transfers (
    id serial PRIMARY KEY,
    token text NOT NULL UNIQUE,
    sale_id integer NOT NULL REFERENCES sales (id),
    ticket_type_id integer NOT NULL REFERENCES ticket_types (id),
    qty integer NOT NULL CHECK (qty >= 1),
    recipient_name text NOT NULL,
    recipient_email text NOT NULL,
    message text,
    is_gift boolean NOT NULL,
    deliver_at timestamptz NOT NULL,
    notified_at timestamptz,
    accepted_at timestamptz,
    created_at timestamptz NOT NULL
  )`,
  `CREATE INDEX ticket_transfers_sale ON ticket_transfers (sale_id)`,
  `CREATE TABLE transfer_tickets (
    transfer_id integer NOT NULL REFERENCES ticket_transfers (id),
    ticket_id integer NOT NULL REFERENCES tickets (id),
    PRIMARY KEY (transfer_id, ticket_id)
  )`,
  `CREATE INDEX transfer_tickets_ticket ON transfer_tickets (ticket_id)`,
];
