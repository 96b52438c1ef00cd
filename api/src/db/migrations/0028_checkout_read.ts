/**
 * What the checkout's read (`get`, sale/checkout-read.ts) stands on.
 *
 * `catalogue_versions`: per organiser, a number that moves whenever what the checkout reads of its catalogue may have
 * changed: its row, its charity, its events and their dates, its ticket types' requirements, its events' questions and
 * after-sale messages. Row triggers move it in the transaction of the write, so the new number is visible exactly when
 * the write is, from every api process and whichever code wrote (the organiser API, the catalogue import, the seed, a
 * test or a hand-run statement). The checkout keeps those rows in memory under the organiser's number it read with its
 * sale (sale/catalogue-cache.ts) and reads them again once the number has moved. One row per organiser, so one
 * organiser's catalogue writes never wait on another's (a charity's change moves each of its organisers). Ticket types'
 * stock is read with every checkout and no part of it: reservations touch none of this.
 */
const TABLES = [
  'organisers',
  'charities',
  'events',
  'event_dates',
  'ticket_requirements',
  'questions',
  'after_sale_messages',
] as const;

/**
 * `checkout_read(token_hash)`: the session's live sale (a status of session/current-sale.ts LIVE_SALE_STATUSES) and
 * everything of it the checkout shows, as one JSON object (null without one): the sale row, the session's sign-in, the
 * catalogue versions of the basket's organisers (read in the same snapshot as the rest), the sale's ticket lines with
 * their ticket types (and each type's stock, `held` less what is parked in stock buckets, as inventory/holds.ts
 * activeHeld), events, dates and organisers, its gift voucher lines, its own active holds by type, its codes, its issued
 * seats, its delivery address's country, and whether a provider payment was started (creating, open or settled:
 * payment/cancel-open.ts LIVE and settled). A plpgsql function so that its statement is planned once per connection
 * rather than on every call: planning the same statement sent from the api took most of its time (≈ 7 of 9 ms on
 * PGlite), and as one JSON value the answer is parsed at once rather than column by column. Its shape is the
 * CheckoutReadJson type in sale/checkout-read.ts; a change to either is a new migration that replaces the function.
 * Plain SQL for PostgreSQL 15 and PGlite.
 */
export const statements: readonly string[] = [
  `CREATE TABLE catalogue_versions (
    organiser_id integer PRIMARY KEY,
    version bigint NOT NULL
  )`,
  `CREATE FUNCTION catalogue_row_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
  DECLARE
    v_rows jsonb[] := ARRAY[]::jsonb[];
    v_row jsonb;
    v_organisers integer[] := ARRAY[]::integer[];
  BEGIN
    IF TG_OP <> 'INSERT' THEN v_rows := v_rows || to_jsonb(OLD); END IF;
    IF TG_OP <> 'DELETE' THEN v_rows := v_rows || to_jsonb(NEW); END IF;
    FOREACH v_row IN ARRAY v_rows LOOP
      v_organisers := v_organisers || CASE TG_TABLE_NAME
        WHEN 'organisers' THEN ARRAY[(v_row->>'id')::integer]
        WHEN 'events' THEN ARRAY[(v_row->>'organiser_id')::integer]
        WHEN 'charities' THEN ARRAY(SELECT o.id FROM organisers o WHERE o.charity_id = (v_row->>'id')::integer)
        WHEN 'ticket_requirements' THEN ARRAY(
          SELECT e.organiser_id FROM ticket_types t JOIN events e ON e.id = t.event_id
          WHERE t.id = (v_row->>'ticket_type_id')::integer)
        -- event_dates, questions, after_sale_messages: their event's organiser
        ELSE ARRAY(SELECT e.organiser_id FROM events e WHERE e.id = (v_row->>'event_id')::integer)
      END;
    END LOOP;
    INSERT INTO catalogue_versions (organiser_id, version)
      SELECT DISTINCT o, 1 FROM unnest(v_organisers) AS o WHERE o IS NOT NULL
      ON CONFLICT (organiser_id) DO UPDATE SET version = catalogue_versions.version + 1;
    RETURN NULL;
  END
  $fn$`,
  `CREATE FUNCTION catalogue_truncated() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    UPDATE catalogue_versions SET version = version + 1;
    RETURN NULL;
  END
  $fn$`,
  ...TABLES.flatMap((table) => [
    `CREATE TRIGGER ${table}_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
      FOR EACH ROW EXECUTE FUNCTION catalogue_row_changed()`,
    `CREATE TRIGGER ${table}_catalogue_truncated AFTER TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_truncated()`,
  ]),
  `CREATE FUNCTION checkout_read(p_token_hash text) RETURNS json LANGUAGE plpgsql STABLE AS $fn$
  DECLARE
    v_read json;
  BEGIN
    SELECT json_build_object(
      'sale', to_json(s),
      'session', json_build_object(
        'user_id', ss.user_id,
        'verified_email', ss.verified_email,
        'verified_at', ss.verified_at
      ),
      'catalogue_versions', (
        SELECT coalesce(json_object_agg(v.organiser_id, v.version::text), '{}')
        FROM catalogue_versions v
        WHERE v.organiser_id IN (
          SELECT e.organiser_id FROM sale_lines l JOIN ticket_types t ON t.id = l.ticket_type_id
            JOIN events e ON e.id = t.event_id WHERE l.sale_id = s.id
          UNION
          SELECT g.organiser_id FROM sale_lines l JOIN gift_vouchers g ON g.id = l.gift_voucher_id WHERE l.sale_id = s.id
        )
      ),
      'tickets', (
        SELECT coalesce(json_agg(json_build_object(
          'qty', l.qty,
          'ticket_id', t.id,
          'ticket_name', t.name,
          'price_minor', t.price_minor,
          'booking_fee_minor', t.booking_fee_minor,
          'absorb_fee', t.absorb_fee,
          'hide_booking_fee', t.hide_booking_fee,
          'capacity', t.capacity,
          'sold', t.sold,
          'held', t.held - coalesce((SELECT sum(sb.free) FROM stock_buckets sb WHERE sb.ticket_type_id = t.id), 0)::int,
          'max_per_customer', t.max_per_customer,
          'min_per_customer', t.min_per_customer,
          'non_refundable', t.non_refundable,
          'seated', t.seated,
          'waiver_id', t.waiver_id,
          'event_id', e.id,
          'event_slug', e.slug,
          'event_title', e.title,
          'thumbnail', e.thumbnail,
          'timezone', e.timezone,
          'refund_protection', e.refund_protection,
          'delivery_fee_minor', e.delivery_fee_minor,
          'hold_extension_minutes', e.hold_extension_minutes,
          'date_id', d.id,
          'starts_at', d.starts_at,
          'organiser_id', o.id,
          'organiser_slug', o.slug,
          'organiser_name', o.name,
          'custom_refund_policy', o.custom_refund_policy
        ) ORDER BY l.id), '[]')
        FROM sale_lines l
        JOIN ticket_types t ON t.id = l.ticket_type_id
        JOIN events e ON e.id = t.event_id
        JOIN event_dates d ON d.id = t.event_date_id
        JOIN organisers o ON o.id = e.organiser_id
        WHERE l.sale_id = s.id
      ),
      'vouchers', (
        SELECT coalesce(json_agg(json_build_object(
          'qty', l.qty,
          'value_minor', l.value_minor,
          'id', g.id,
          'name', g.name,
          'thumbnail', g.thumbnail,
          'valid_months', g.valid_months,
          'organiser_id', o.id,
          'organiser_name', o.name,
          'organiser_slug', o.slug
        ) ORDER BY l.id), '[]')
        FROM sale_lines l
        JOIN gift_vouchers g ON g.id = l.gift_voucher_id
        JOIN organisers o ON o.id = g.organiser_id
        WHERE l.sale_id = s.id
      ),
      'held_by_sale', (
        SELECT coalesce(json_agg(json_build_object('ticket_type_id', h.ticket_type_id, 'qty', h.qty)), '[]')
        FROM (
          SELECT ticket_type_id, sum(qty)::int AS qty FROM holds
          WHERE sale_id = s.id AND status = 'active' GROUP BY ticket_type_id
        ) h
      ),
      'codes', (
        SELECT coalesce(json_agg(to_json(c) ORDER BY sc.created_at, c.id), '[]')
        FROM sale_codes sc JOIN codes c ON c.id = sc.code_id
        WHERE sc.sale_id = s.id
      ),
      'seats', (
        SELECT coalesce(json_agg(json_build_object('ticket_type_id', k.ticket_type_id, 'seat_label', k.seat_label)
          ORDER BY k.position), '[]')
        FROM tickets k
        WHERE k.sale_id = s.id AND k.seat_label IS NOT NULL
      ),
      'delivery_country', (SELECT a.country_code FROM sale_delivery_addresses a WHERE a.sale_id = s.id LIMIT 1),
      'payment_started', EXISTS (
        SELECT 1 FROM sale_provider_payments p
        WHERE p.sale_id = s.id AND p.status IN ('creating', 'open', 'settled')
      )
    ) INTO v_read
    FROM sessions ss
    JOIN sales s ON s.id = ss.sale_id
    WHERE ss.token_hash = p_token_hash AND s.status IN ('basket', 'reserved', 'paid', 'expired');
    RETURN v_read;
  END
  $fn$`,
];
