/**
 * The door: short-lived door tokens for the scanner page, and the codes a transfer replaced. Plain SQL for PostgreSQL
 * 15 and PGlite.
 * - A door token is an organiser API key of scope 'door': stored hashed like any key, it can only admit tickets, and
 *   it always expires (keys of the other scopes never do). It may be limited to one event.
 * - An accepted transfer gives its tickets new codes; the old code is kept here, so the door can tell a transferred
 *   ticket ("ask for their new ticket") from a code that never existed.
 */
export const statements: readonly string[] = [
  `ALTER TABLE organiser_api_keys DROP CONSTRAINT organiser_api_keys_scope_check`,
  `ALTER TABLE organiser_api_keys ADD CONSTRAINT organiser_api_keys_scope_check CHECK (scope IN ('read', 'write', 'door'))`,
  `ALTER TABLE organiser_api_keys ADD COLUMN expires_at timestamptz`,
  `ALTER TABLE organiser_api_keys ADD COLUMN event_id integer REFERENCES events (id)`,
  `ALTER TABLE organiser_api_keys ADD CONSTRAINT organiser_api_keys_door_expires CHECK ((scope = 'door') = (expires_at IS NOT NULL))`,
  `ALTER TABLE organiser_api_keys ADD CONSTRAINT organiser_api_keys_door_event CHECK (event_id IS NULL OR scope = 'door')`,

  `CREATE TABLE retired_ticket_codes (
    code text PRIMARY KEY,
    ticket_id integer NOT NULL REFERENCES tickets (id),
    reason text NOT NULL CHECK (reason IN ('transferred')),
    retired_at timestamptz NOT NULL
  )`,
  `CREATE INDEX retired_ticket_codes_ticket ON retired_ticket_codes (ticket_id)`,
];
