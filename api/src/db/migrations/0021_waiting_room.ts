/**
 * The waiting room of an on-sale: an organiser names an event (or some ticket types), an opening time and an
 * admission rate; buyers queue for a place, and a place admitted in turn gets a short-lived pass that one reservation
 * uses. Plain SQL for PostgreSQL 15 and PGlite.
 * - No background job: every replica computes who is admitted from the on-sale row and the clock
 *   (waiting-room/admission.ts). A rate change rebases the count (admission_base_at, admission_base_count), so no one
 *   already admitted is un-admitted.
 * - Arrivals before the opening get a random draw and no place; the first join at or after the opening places them
 *   by draw (early_assigned), and later arrivals take next_position + 1 in order. Places are never reused.
 * - The gate is a trigger on holds, so every way a reservation takes stock (reserve_basket's fast path, the full path
 *   in sale/reserve.ts) passes it, in the reservation's own transaction: a reservation refused for any other reason
 *   rolls back and leaves the pass unused.
 */
export const statements: readonly string[] = [
  `CREATE TABLE onsales (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organiser_id integer NOT NULL REFERENCES organisers (id),
    event_id integer REFERENCES events (id),
    opens_at timestamptz NOT NULL,
    ends_at timestamptz,
    admission_per_second numeric NOT NULL CHECK (admission_per_second > 0 AND admission_per_second <= 10000),
    pass_seconds integer NOT NULL DEFAULT 600 CHECK (pass_seconds BETWEEN 60 AND 3600),
    admission_base_at timestamptz NOT NULL,
    admission_base_count numeric NOT NULL DEFAULT 1,
    early_assigned boolean NOT NULL DEFAULT false,
    next_position integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
  `CREATE INDEX onsales_organiser ON onsales (organiser_id, id)`,
  `CREATE INDEX onsales_event ON onsales (event_id) WHERE event_id IS NOT NULL`,

  // The gated ticket types of an on-sale that names no event.
  `CREATE TABLE onsale_ticket_types (
    onsale_id integer NOT NULL REFERENCES onsales (id) ON DELETE CASCADE,
    ticket_type_id integer NOT NULL REFERENCES ticket_types (id),
    PRIMARY KEY (onsale_id, ticket_type_id)
  )`,
  `CREATE INDEX onsale_ticket_types_ticket_type ON onsale_ticket_types (ticket_type_id)`,

  // One entry per browser (session) and on-sale. The pass is stored as its SHA-256 (hex) only.
  `CREATE TABLE queue_entries (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    onsale_id integer NOT NULL REFERENCES onsales (id) ON DELETE CASCADE,
    session_id integer NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    joined_at timestamptz NOT NULL,
    draw double precision,
    position integer CHECK (position >= 1),
    pass_hash text UNIQUE,
    pass_expires_at timestamptz,
    claimed_sale_id integer,
    pass_used_at timestamptz,
    UNIQUE (onsale_id, session_id),
    UNIQUE (onsale_id, position)
  )`,
  `CREATE INDEX queue_entries_claimed ON queue_entries (claimed_sale_id) WHERE claimed_sale_id IS NOT NULL`,
  `CREATE INDEX queue_entries_session ON queue_entries (session_id)`,

  /*
   * The on-sales that gate a ticket type at a moment: it is listed, or its event is the on-sale's event, and the
   * on-sale has not ended. Before its opening it gates too (no one reserves before the opening).
   */
  `CREATE FUNCTION onsales_gating(p_ticket_type integer, p_at timestamptz) RETURNS SETOF integer
   LANGUAGE sql STABLE AS $fn$
    SELECT o.id FROM onsales o
     WHERE (o.ends_at IS NULL OR o.ends_at > p_at)
       AND (o.event_id = (SELECT t.event_id FROM ticket_types t WHERE t.id = p_ticket_type)
            OR EXISTS (SELECT 1 FROM onsale_ticket_types ot WHERE ot.onsale_id = o.id AND ot.ticket_type_id = p_ticket_type))
     ORDER BY o.id
  $fn$`,

  /*
   * A hold of a gated ticket type needs a pass of one of its on-sales, claimed for this sale (sale/reserve.ts claims
   * the cookie's pass), unexpired, and unused, or used by this same reservation (its other holds share created_at).
   * The pass is marked used here, in the reservation's transaction. Otherwise P0001 'queue_required', DETAIL the
   * on-sale's id. Only active holds are gated: a sold record written by a payment that arrived after its
   * reservation lapsed (payment/settle.ts) is a reservation the pass already paid for.
   */
  `CREATE FUNCTION holds_queue_gate() RETURNS trigger LANGUAGE plpgsql AS $fn$
   DECLARE
     v_onsales integer[];
     v_entry integer;
   BEGIN
     IF NEW.status <> 'active' THEN
       RETURN NEW;
     END IF;
     SELECT array_agg(g) INTO v_onsales FROM onsales_gating(NEW.ticket_type_id, NEW.created_at) AS g;
     IF v_onsales IS NULL THEN
       RETURN NEW;
     END IF;
     UPDATE queue_entries SET pass_used_at = NEW.created_at
      WHERE id = (SELECT q.id FROM queue_entries q
                   WHERE q.claimed_sale_id = NEW.sale_id AND q.onsale_id = ANY (v_onsales)
                     AND q.pass_expires_at > NEW.created_at
                     AND (q.pass_used_at IS NULL OR q.pass_used_at = NEW.created_at)
                   ORDER BY q.id LIMIT 1)
      RETURNING id INTO v_entry;
     IF v_entry IS NULL THEN
       RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'queue_required', DETAIL = v_onsales[1]::text;
     END IF;
     RETURN NEW;
   END
   $fn$`,
  `CREATE TRIGGER holds_queue_gate BEFORE INSERT ON holds FOR EACH ROW EXECUTE FUNCTION holds_queue_gate()`,
];
