/**
 * Identification by one-time code, marketing preferences of guests, Gift Aid declarations and the sale's
 * delivery address. Plain SQL for PostgreSQL 15 and PGlite.
 * - One live code per email (the row is replaced on resend, so the old code stops working in the same statement);
 *   the table keeps an HMAC of the code, never the code.
 * - Rate limits are counters in the database, so every api replica sees the same counts.
 */
export const statements: readonly string[] = [
  `CREATE TABLE one_time_codes (
    email text PRIMARY KEY,
    code_hash text NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    used_at timestamptz
  )`,

  `CREATE TABLE rate_limit_counters (
    key text NOT NULL,
    window_start timestamptz NOT NULL,
    hits integer NOT NULL CHECK (hits >= 0),
    PRIMARY KEY (key, window_start)
  )`,

  // An email proved by code on this session (a guest about to name themself on the sale).
  `ALTER TABLE sessions ADD COLUMN verified_email text`,
  `ALTER TABLE sessions ADD COLUMN verified_at timestamptz`,

  // Marketing choices of an email without an account (a guest, or the mailing-list page); users keep theirs on users
  // and organiser_subscriptions.
  `CREATE TABLE marketing_contacts (
    email text PRIMARY KEY,
    ct_subscribed boolean NOT NULL DEFAULT false,
    event_subscribed boolean NOT NULL DEFAULT false,
    updated_at timestamptz NOT NULL
  )`,
  `CREATE TABLE marketing_contact_organisers (
    email text NOT NULL REFERENCES marketing_contacts (email) ON DELETE CASCADE,
    organiser_id integer NOT NULL REFERENCES organisers (id),
    subscribed boolean NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (email, organiser_id)
  )`,

  `CREATE TABLE gift_aid_declarations (
    sale_id integer PRIMARY KEY REFERENCES sales (id) ON DELETE CASCADE,
    uk_based boolean NOT NULL,
    address1 text,
    postcode text,
    subscribe boolean NOT NULL DEFAULT false,
    declared_at timestamptz NOT NULL
  )`,

  // The address the sale is delivered to, as given (a saved address may change or be deleted later; a guest has no
  // address book).
  `CREATE TABLE sale_delivery_addresses (
    sale_id integer PRIMARY KEY REFERENCES sales (id) ON DELETE CASCADE,
    user_address_id integer REFERENCES user_addresses (id),
    first_name text NOT NULL,
    last_name text NOT NULL,
    address_1 text NOT NULL,
    address_2 text,
    town text NOT NULL,
    postcode text NOT NULL,
    country_code integer NOT NULL,
    state text,
    updated_at timestamptz NOT NULL
  )`,
];
