/**
 * The basket's rules, codes, delivery, captcha and a one-statement reservation.
 * Plain SQL that PostgreSQL 15 and PGlite both run (PL/pgSQL is part of both).
 */
export const statements: readonly string[] = [
  // Bumped by every change of a basket's lines or codes: a reservation takes the basket exactly as its rules were
  // checked, or not at all (reserve_sale below compares it).
  `ALTER TABLE sales ADD COLUMN basket_version integer NOT NULL DEFAULT 0`,
  // Why the last code was refused; shown in basket_errors until the basket changes again.
  `ALTER TABLE sales ADD COLUMN code_error text`,
  // Posted tickets: charged once per event in the basket.
  `ALTER TABLE events ADD COLUMN delivery_fee_minor integer NOT NULL DEFAULT 0 CHECK (delivery_fee_minor >= 0)`,
  // Live claims on a code are counted per code (usage limits).
  `CREATE INDEX sale_codes_code ON sale_codes (code_id)`,

  // The offline captcha's tokens (captcha/sandbox.ts): random, single use, short-lived; only their hash is kept.
  `CREATE TABLE captcha_tokens (
    token_hash text PRIMARY KEY,
    sitekey text NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  )`,
  `CREATE INDEX captcha_tokens_expiry ON captcha_tokens (expires_at)`,

  /*
   * Reserves a basket in one statement, so the hot ticket row is locked only while this runs and its commit
   * follows at once (no client round trip while a lock is held). All or nothing: any failure raises, which rolls the
   * whole statement back.
   * - 'stale': the basket is not the one the caller checked (status or version changed): nothing done.
   * - raises P0001 'code_unavailable' (DETAIL code id): a code with a usage limit has no use left for this sale,
   *   counting paid uses and other live reservations' claims; a gift voucher code is spent or held elsewhere.
   * - raises P0001 'stock_short' (DETAIL ticket type id): a line does not fit the stock left.
   * Lock order as everywhere: sale, codes, (hold rows), ticket types by ascending id (the caller sorts the lines).
   */
  `CREATE FUNCTION reserve_sale(
    p_sale integer,
    p_version integer,
    p_ticket_types integer[],
    p_quantities integer[],
    p_expires timestamptz,
    p_now timestamptz
  ) RETURNS text LANGUAGE plpgsql AS $fn$
  DECLARE
    v_code record;
    v_claims integer;
  BEGIN
    UPDATE sales
       SET status = 'reserved', hold_expires_at = p_expires, reserved_at = p_now, reserving_error = NULL, updated_at = p_now
     WHERE id = p_sale AND status IN ('basket', 'expired') AND basket_version = p_version;
    IF NOT FOUND THEN
      RETURN 'stale';
    END IF;
    -- The commit does not wait for the WAL flush, so the hot ticket row is free again at once (a synchronous commit
    -- would keep it locked through an fsync, and every reservation of an on-sale queues behind that). A crash can lose
    -- the last few reservations, never their consistency: the sale, its holds and the stock roll back together, the
    -- stock is free again and nothing is oversold; the buyer reserves again. Payment commits synchronously, which
    -- also makes every earlier reservation durable.
    PERFORM set_config('synchronous_commit', 'off', true);

    FOR v_code IN
      SELECT c.id, c.kind, c.max_uses, c.uses, c.balance_minor
        FROM codes c JOIN sale_codes sc ON sc.code_id = c.id
       WHERE sc.sale_id = p_sale AND (c.max_uses IS NOT NULL OR c.kind = 'gift_voucher')
       ORDER BY c.id
         FOR UPDATE OF c
    LOOP
      SELECT count(*) INTO v_claims
        FROM sale_codes sc JOIN sales s ON s.id = sc.sale_id
       WHERE sc.code_id = v_code.id AND sc.sale_id <> p_sale AND s.status = 'reserved' AND s.hold_expires_at > p_now;
      IF (v_code.kind = 'gift_voucher' AND (v_claims > 0 OR coalesce(v_code.balance_minor, 0) <= 0))
         OR (v_code.max_uses IS NOT NULL AND v_code.uses + v_claims >= v_code.max_uses) THEN
        RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'code_unavailable', DETAIL = v_code.id::text;
      END IF;
    END LOOP;

    IF coalesce(array_length(p_ticket_types, 1), 0) > 0 THEN
      FOR i IN 1 .. array_length(p_ticket_types, 1) LOOP
        UPDATE ticket_types SET held = held + p_quantities[i]
         WHERE id = p_ticket_types[i] AND capacity - sold - held >= p_quantities[i];
        IF NOT FOUND THEN
          RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'stock_short', DETAIL = p_ticket_types[i]::text;
        END IF;
      END LOOP;
      -- After the stock updates, not before: the holds' foreign key check locks each ticket row KEY SHARE, which on
      -- a row another reservation is updating would build a MultiXact on the hottest row; on a row this transaction
      -- has already updated it costs nothing.
      INSERT INTO holds (sale_id, ticket_type_id, qty, expires_at, created_at)
      SELECT p_sale, line.ticket_type_id, line.qty, p_expires, p_now
        FROM unnest(p_ticket_types, p_quantities) AS line(ticket_type_id, qty);
    END IF;
    RETURN 'reserved';
  END
  $fn$`,

  /*
   * The reservation's fast path: the session's sale read, checked and reserved in one round trip (plans of the
   * statements inside are prepared once per connection). Only a plain basket is reserved here without the
   * application's checks: ticket lines only, each within its per-customer limits, no companion rule, no event that
   * demands a captcha, and the caller not asking for checks (p_check: a captcha may be due). Anything else answers
   * 'check' and the application takes the full path (sale/reserve.ts), which words every refusal.
   * Outcomes: 'empty' (no sale), 'paid', 'held' (a live reservation: its expiry returned), 'reserved', 'check'.
   * Raises like reserve_sale.
   */
  `CREATE FUNCTION reserve_basket(
    p_token_hash text,
    p_expires timestamptz,
    p_now timestamptz,
    p_check boolean,
    OUT outcome text,
    OUT sale_id integer,
    OUT reference text,
    OUT hold_expires_at timestamptz
  ) LANGUAGE plpgsql AS $fn$
  DECLARE
    v_sale record;
    v_types integer[];
    v_quantities integer[];
    v_plain boolean;
  BEGIN
    SELECT sa.id, sa.reference, sa.status, sa.hold_expires_at, sa.basket_version INTO v_sale
      FROM sessions s JOIN sales sa ON sa.id = s.sale_id
     WHERE s.token_hash = p_token_hash AND sa.status IN ('basket', 'reserved', 'paid', 'expired');
    IF NOT FOUND THEN
      outcome := 'empty';
      RETURN;
    END IF;
    sale_id := v_sale.id;
    reference := v_sale.reference;
    hold_expires_at := v_sale.hold_expires_at;
    IF v_sale.status = 'paid' THEN
      outcome := 'paid';
    ELSIF v_sale.status = 'reserved' THEN
      outcome := CASE WHEN v_sale.hold_expires_at > p_now THEN 'held' ELSE 'check' END;
    ELSIF p_check THEN
      outcome := 'check';
    ELSE
      SELECT array_agg(l.ticket_type_id ORDER BY l.ticket_type_id), array_agg(l.qty ORDER BY l.ticket_type_id),
             bool_and(l.ticket_type_id IS NOT NULL AND l.qty BETWEEN t.min_per_customer AND t.max_per_customer
                      AND NOT e.captcha_required
                      AND NOT EXISTS (SELECT 1 FROM ticket_requirements r WHERE r.ticket_type_id = l.ticket_type_id))
        INTO v_types, v_quantities, v_plain
        FROM sale_lines l
        LEFT JOIN ticket_types t ON t.id = l.ticket_type_id
        LEFT JOIN events e ON e.id = t.event_id
       WHERE l.sale_id = v_sale.id;
      IF coalesce(v_plain, false) THEN
        outcome := reserve_sale(v_sale.id, v_sale.basket_version, v_types, v_quantities, p_expires, p_now);
        IF outcome = 'stale' THEN
          outcome := 'check';
        END IF;
      ELSE
        outcome := 'check';
      END IF;
    END IF;
  END
  $fn$`,
];
