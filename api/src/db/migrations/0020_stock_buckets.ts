/**
 * Stock buckets: an on-sale ticket type's stock is taken from one of several rows, not from its one hot row.
 *
 * Every reservation of a ticket type used to update that type's row, so the row's lock (held from the update to the
 * commit) capped the whole type at one reservation per commit time, however many api processes ran. A type with
 * `stock_buckets` > 1 parks slices of its free stock in `stock_buckets` rows; a reservation takes from any bucket
 * with enough parked, and only a refill (a bucket ran dry), a drain (the last tickets are spread over buckets) or a
 * sale (payment is far rarer than the reservation burst) touches the type's row.
 *
 * `ticket_types.held` is now the tickets in active holds plus the tickets parked in the type's buckets, so
 * CHECK (sold + held <= capacity) still forbids overselling whatever the buckets do. Invariant:
 * held = sum(active holds' qty) + sum(stock_buckets.free); available to buyers = capacity - sold - held + parked.
 * A hold remembers its bucket (NULL: taken from the type's row) so giving it back refills that bucket, not the row.
 */
export const statements: readonly string[] = [
  `ALTER TABLE ticket_types ADD COLUMN stock_buckets integer NOT NULL DEFAULT 1
     CHECK (stock_buckets BETWEEN 1 AND 64)`,
  `CREATE TABLE stock_buckets (
    ticket_type_id integer NOT NULL REFERENCES ticket_types (id) ON DELETE CASCADE,
    bucket smallint NOT NULL CHECK (bucket BETWEEN 0 AND 63),
    free integer NOT NULL DEFAULT 0 CHECK (free >= 0),
    PRIMARY KEY (ticket_type_id, bucket)
  )`,
  `ALTER TABLE holds ADD COLUMN bucket smallint`,

  /*
   * Takes p_qty tickets of one type; returns the bucket they came from (NULL: the type's row). Raises P0001
   * 'stock_short' (DETAIL the type's id, HINT the tickets left) when they do not fit. A type with one bucket is today's conditional update.
   * For more, in order:
   * 1. any bucket with enough parked that no one else has locked (SKIP LOCKED, starting at p_hint so buyers spread):
   *    one short row lock, the type's row untouched;
   * 2. else lock the type's row; if enough is unallocated, move a chunk (at least p_qty, usually 8–32 tickets) into
   *    a bucket no one has locked and take p_qty of it (held grows by the chunk);
   * 3. else drain every bucket back into the row (held shrinks by what was parked) and take from the row, so the
   *    last tickets sell even when they lie a few per bucket; still short: 'stock_short'.
   * Deadlock-free. Per type the order is the row, then buckets: a plain take locks buckets and no row, and when it
   * finds none with enough its locks are undone before step 2; a refill locks the row, then a bucket without waiting
   * (SKIP LOCKED); only the drain, holding the row, waits for buckets. A bucket's holder never waits for its own
   * type's row (a reservation takes each type once, and a take that holds a bucket is done with that type), only for
   * later types' rows (ascending id, the lock order everywhere) or its commit; a give-back locks one bucket and no
   * row. So every wait points to a later type or to a bucket holder that waits for nothing of this type, and no cycle
   * can form.
   */
  `CREATE FUNCTION take_stock(p_type integer, p_qty integer, p_hint integer) RETURNS smallint
  LANGUAGE plpgsql AS $fn$
  DECLARE
    v_buckets integer;
    v_start integer;
    v_bucket smallint;
    v_unallocated integer;
    v_chunk integer;
    v_drained integer;
  BEGIN
    SELECT stock_buckets INTO v_buckets FROM ticket_types WHERE id = p_type;
    IF coalesce(v_buckets, 1) <= 1 THEN
      UPDATE ticket_types SET held = held + p_qty WHERE id = p_type AND capacity - sold - held >= p_qty;
      IF NOT FOUND THEN
        SELECT GREATEST(0, capacity - sold - held) INTO v_unallocated FROM ticket_types WHERE id = p_type;
        RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'stock_short', DETAIL = p_type::text,
          HINT = coalesce(v_unallocated, 0)::text;
      END IF;
      RETURN NULL;
    END IF;
    v_start := mod(abs(p_hint), v_buckets);

    -- In a subtransaction, undone when no bucket had enough: a bucket whose free changed after this statement's
    -- snapshot is locked, rechecked and passed over, and PostgreSQL keeps that lock; carried into step 2 it would make
    -- this transaction wait for the type's row while holding a bucket a drain may be waiting for (a deadlock).
    BEGIN
      UPDATE stock_buckets SET free = free - p_qty
       WHERE ticket_type_id = p_type AND bucket = (
         SELECT b.bucket FROM stock_buckets b
          WHERE b.ticket_type_id = p_type AND b.free >= p_qty
          ORDER BY mod(b.bucket - v_start + 64, 64)
          LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING bucket INTO v_bucket;
      IF FOUND THEN
        RETURN v_bucket;
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'SB000', MESSAGE = 'no bucket with enough';
    EXCEPTION WHEN SQLSTATE 'SB000' THEN
      NULL;
    END;

    SELECT capacity - sold - held,
           -- A bucket's refill: an eighth of a bucket's share of the capacity, between 8 and 32 tickets, so the row
           -- is touched once per several reservations and little stock sits idle in buckets near the end.
           GREATEST(8, LEAST(32, capacity / (stock_buckets * 8)))
      INTO v_unallocated, v_chunk
      FROM ticket_types WHERE id = p_type FOR NO KEY UPDATE;
    IF v_unallocated >= p_qty THEN
      v_chunk := LEAST(v_unallocated, GREATEST(p_qty, v_chunk));
      UPDATE stock_buckets SET free = free + v_chunk - p_qty
       WHERE ticket_type_id = p_type AND bucket = (
         SELECT b.bucket FROM stock_buckets b
          WHERE b.ticket_type_id = p_type
          ORDER BY mod(b.bucket - v_start + 64, 64)
          LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING bucket INTO v_bucket;
      IF NOT FOUND THEN
        v_chunk := p_qty;
      END IF;
      UPDATE ticket_types SET held = held + v_chunk WHERE id = p_type;
      RETURN v_bucket;
    END IF;

    WITH parked AS (
      SELECT b.bucket, b.free FROM stock_buckets b
       WHERE b.ticket_type_id = p_type AND b.free > 0
       ORDER BY b.bucket FOR UPDATE
    ), emptied AS (
      UPDATE stock_buckets s SET free = 0 FROM parked
       WHERE s.ticket_type_id = p_type AND s.bucket = parked.bucket
      RETURNING parked.free
    )
    SELECT coalesce(sum(free), 0)::integer INTO v_drained FROM emptied;
    IF v_unallocated + v_drained < p_qty THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'stock_short', DETAIL = p_type::text,
        HINT = GREATEST(0, v_unallocated + v_drained)::text;
    END IF;
    UPDATE ticket_types SET held = held - v_drained + p_qty WHERE id = p_type;
    RETURN NULL;
  END
  $fn$`,

  /*
   * Gives back p_qty tickets of a hold that ends unsold: into its bucket when it has one that still exists (the
   * type's row untouched: held counts parked stock), else off the type's row.
   */
  `CREATE FUNCTION give_stock(p_type integer, p_bucket smallint, p_qty integer) RETURNS void
  LANGUAGE plpgsql AS $fn$
  BEGIN
    IF p_bucket IS NOT NULL THEN
      UPDATE stock_buckets SET free = free + p_qty WHERE ticket_type_id = p_type AND bucket = p_bucket;
      IF FOUND THEN
        RETURN;
      END IF;
    END IF;
    UPDATE ticket_types SET held = held - p_qty WHERE id = p_type;
  END
  $fn$`,

  /*
   * Moves every ticket parked in the type's buckets back to its row and returns how many: before a capacity change,
   * a change of the bucket count, or a re-take that must see all the stock. Locks the row, then the buckets (waiting
   * for them: a bucket is held by one take or give-back, neither of which waits for this row: take_stock's lock order).
   */
  `CREATE FUNCTION drain_stock(p_type integer) RETURNS integer
  LANGUAGE plpgsql AS $fn$
  DECLARE
    v_drained integer;
  BEGIN
    PERFORM 1 FROM ticket_types WHERE id = p_type FOR NO KEY UPDATE;
    WITH parked AS (
      SELECT b.bucket, b.free FROM stock_buckets b
       WHERE b.ticket_type_id = p_type AND b.free > 0
       ORDER BY b.bucket FOR UPDATE
    ), emptied AS (
      UPDATE stock_buckets s SET free = 0 FROM parked
       WHERE s.ticket_type_id = p_type AND s.bucket = parked.bucket
      RETURNING parked.free
    )
    SELECT coalesce(sum(free), 0)::integer INTO v_drained FROM emptied;
    IF v_drained > 0 THEN
      UPDATE ticket_types SET held = held - v_drained WHERE id = p_type;
    END IF;
    RETURN v_drained;
  END
  $fn$`,

  /*
   * Reserves a basket in one statement, so the hot ticket row is locked only while this runs and its commit
   * follows at once (no client round trip while a lock is held). All or nothing: any failure raises, which rolls the
   * whole statement back.
   * - 'stale': the basket is not the one the caller checked (status or version changed): nothing done.
   * - raises P0001 'code_unavailable' (DETAIL code id): a code with a usage limit has no use left for this sale,
   *   counting paid uses and other live reservations' claims; a gift voucher code is spent or held elsewhere.
   * - raises P0001 'stock_short' (DETAIL ticket type id): a line does not fit the stock left.
   * Lock order as everywhere: sale, codes, (hold rows), ticket types by ascending id (the caller sorts the lines);
   * within a type, take_stock's own order (row before buckets; buckets never waited for).
   */
  `CREATE OR REPLACE FUNCTION reserve_sale(
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
    v_buckets smallint[] := '{}';
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
      -- The sale's id spreads buyers over a type's buckets (consecutive sales start at consecutive buckets).
      FOR i IN 1 .. array_length(p_ticket_types, 1) LOOP
        v_buckets := array_append(v_buckets, take_stock(p_ticket_types[i], p_quantities[i], p_sale + i));
      END LOOP;
      -- After the stock updates, not before: the holds' foreign key check locks each ticket row KEY SHARE, which on
      -- a row another reservation is updating would build a MultiXact on the hottest row; on a row this transaction
      -- has already updated it costs nothing. (A take from a bucket leaves the row unlocked: the key share then
      -- waits for no one, since a stock update never changes the row's key.)
      INSERT INTO holds (sale_id, ticket_type_id, qty, expires_at, created_at, bucket)
      SELECT p_sale, line.ticket_type_id, line.qty, p_expires, p_now, line.bucket
        FROM unnest(p_ticket_types, p_quantities, v_buckets) AS line(ticket_type_id, qty, bucket);
    END IF;
    RETURN 'reserved';
  END
  $fn$`,
];
