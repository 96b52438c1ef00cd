/**
 * Refunds an organiser asks for through its API: some tickets of a paid sale, or all of them. Plain SQL for
 * PostgreSQL 15 and PGlite.
 * - A refund belongs to one organiser and one sale; its Idempotency-Key is unique per organiser, so a repeat finds the
 *   first request's answer and the hash of its body.
 * - A ticket is refunded at most once: `order_refund_tickets.ticket_id` is unique, whatever two requests do at once.
 * - A refund's money is a ledger entry of its own (`provider_reference` the refund's `orf_…` id) that names the payment
 *   it gives back in `refund_of`; a payment can be given back in several parts, never more than it collected in all.
 */
export const statements: readonly string[] = [
  `CREATE TABLE order_refunds (
    id serial PRIMARY KEY,
    public_id text NOT NULL UNIQUE,
    sale_id integer NOT NULL REFERENCES sales (id),
    organiser_id integer NOT NULL REFERENCES organisers (id),
    idempotency_key text NOT NULL,
    request_hash text NOT NULL,
    answer jsonb NOT NULL,
    amount_minor integer NOT NULL CHECK (amount_minor > 0),
    currency text NOT NULL,
    whole_order boolean NOT NULL,
    reason text,
    status text NOT NULL CHECK (status IN ('pending', 'completed')),
    created_at timestamptz NOT NULL,
    completed_at timestamptz,
    UNIQUE (organiser_id, idempotency_key),
    CHECK ((status = 'completed') = (completed_at IS NOT NULL))
  )`,
  `CREATE INDEX order_refunds_sale ON order_refunds (sale_id)`,
  `CREATE TABLE order_refund_tickets (
    refund_id integer NOT NULL REFERENCES order_refunds (id),
    ticket_id integer NOT NULL UNIQUE REFERENCES tickets (id)
  )`,
  `CREATE INDEX order_refund_tickets_refund ON order_refund_tickets (refund_id)`,

  `ALTER TABLE ledger_entries ADD COLUMN refund_of text`,
  `ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_refund_of CHECK (refund_of IS NULL OR kind = 'refund')`,
  // The payment a refund gives back is its own reference, or `refund_of` for a part; all the refunds of a payment
  // together never exceed it.
  `CREATE OR REPLACE FUNCTION ledger_refund_check() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE v_paid ledger_entries%ROWTYPE; v_of text; v_refunded bigint;
   BEGIN
     IF NEW.kind <> 'refund' THEN RETURN NEW; END IF;
     v_of := COALESCE(NEW.refund_of, NEW.provider_reference);
     SELECT * INTO v_paid FROM ledger_entries
      WHERE kind = 'payment' AND provider = NEW.provider AND provider_reference = v_of;
     IF NOT FOUND THEN RAISE EXCEPTION 'ledger: refund of % % which the ledger never collected', NEW.provider, v_of; END IF;
     SELECT COALESCE(sum(amount_minor), 0) INTO v_refunded FROM ledger_entries
      WHERE kind = 'refund' AND provider = NEW.provider AND COALESCE(refund_of, provider_reference) = v_of
        AND id <> NEW.id;
     IF v_paid.sale_id <> NEW.sale_id OR v_paid.currency <> NEW.currency
        OR v_refunded + NEW.amount_minor > v_paid.amount_minor THEN
       RAISE EXCEPTION 'ledger: refund of % % does not match its payment', NEW.provider, v_of;
     END IF;
     RETURN NEW;
   END $$`,
];
