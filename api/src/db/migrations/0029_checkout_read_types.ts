/**
 * The checkout's read, lighter (sale/checkout-read.ts): a ticket type's own words and terms (name, prices, fees,
 * limits, refund rule, seating, waiver, event and date) join the catalogue the checkout keeps in memory under each
 * organiser's version (0028_checkout_read, sale/catalogue-cache.ts), so `checkout_read` gives of each line only what
 * sales move (the type's capacity, sold and held) and what finds the rest: the type, its event and organiser, and that
 * organiser's catalogue version, read per line instead of by a second pass over the lines (the two cut the function's
 * time by about a third on PostgreSQL).
 *
 * A ticket type's row is the busiest the checkout reads: every reservation, payment and release writes its stock. The
 * version trigger therefore fires only on the columns the cache keeps (`UPDATE OF`: a statement that sets one of them,
 * whatever its value), never on `held`, `sold`, `stock_buckets` or `capacity`, which stay in every read. A column the
 * cache reads must be in TICKET_TYPE_CATALOGUE_COLUMNS; a test compares the trigger's columns with what the cache
 * selects. Plain SQL for PostgreSQL 15 and PGlite.
 */
export const TICKET_TYPE_CATALOGUE_COLUMNS = [
  'name',
  'price_minor',
  'booking_fee_minor',
  'absorb_fee',
  'hide_booking_fee',
  'max_per_customer',
  'min_per_customer',
  'non_refundable',
  'seated',
  'waiver_id',
  'event_id',
  'event_date_id',
] as const;

export const statements: readonly string[] = [
  `CREATE TRIGGER ticket_types_catalogue_version
    AFTER INSERT OR DELETE OR UPDATE OF ${TICKET_TYPE_CATALOGUE_COLUMNS.join(', ')} ON ticket_types
    FOR EACH ROW EXECUTE FUNCTION catalogue_row_changed()`,
  `CREATE TRIGGER ticket_types_catalogue_truncated AFTER TRUNCATE ON ticket_types
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_truncated()`,
  `CREATE OR REPLACE FUNCTION checkout_read(p_token_hash text) RETURNS json LANGUAGE plpgsql STABLE AS $fn$
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
      'tickets', (
        SELECT coalesce(json_agg(json_build_object(
          'qty', l.qty,
          'ticket_id', t.id,
          'capacity', t.capacity,
          'sold', t.sold,
          'held', t.held - coalesce((SELECT sum(sb.free) FROM stock_buckets sb WHERE sb.ticket_type_id = t.id), 0)::int,
          'event_id', t.event_id,
          'organiser_id', e.organiser_id,
          'catalogue_version', (SELECT v.version::text FROM catalogue_versions v WHERE v.organiser_id = e.organiser_id)
        ) ORDER BY l.id), '[]')
        FROM sale_lines l
        JOIN ticket_types t ON t.id = l.ticket_type_id
        JOIN events e ON e.id = t.event_id
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
          'organiser_slug', o.slug,
          'catalogue_version', (SELECT v.version::text FROM catalogue_versions v WHERE v.organiser_id = o.id)
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
