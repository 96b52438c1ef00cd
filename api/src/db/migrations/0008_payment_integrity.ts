/**
 * Money integrity: every provider payment is made for a priced snapshot of the sale, a sale has at most one payment
 * open at a time, the settlement records the price of what was sold beside what was collected, and every movement of
 * money is a ledger row an operator can reconcile (api/README.md 'Payment integrity'). Plain SQL for PostgreSQL 15 and
 * PGlite.
 */
export const statements: readonly string[] = [
  // The snapshot a provider payment was created for: the sale's basket version and the components of its total (JSON,
  // pricing/price.ts). 'creating' holds the sale's one slot while the provider is asked; 'open' can still be paid;
  // 'cancelled' ended by a change of price (or another way of paying); 'failed' declined or abandoned with nothing
  // taken; 'settled' sold the sale; 'refunded' collected for a snapshot that no longer held and given back.
  `ALTER TABLE sale_provider_payments ALTER COLUMN provider_payment_id DROP NOT NULL`,
  `ALTER TABLE sale_provider_payments ADD COLUMN basket_version integer`,
  `ALTER TABLE sale_provider_payments ADD COLUMN components text NOT NULL DEFAULT '{}'`,
  `ALTER TABLE sale_provider_payments ADD COLUMN provider_key text`,
  `ALTER TABLE sale_provider_payments ADD COLUMN instalment boolean NOT NULL DEFAULT false`,
  `ALTER TABLE sale_provider_payments ADD COLUMN status text NOT NULL DEFAULT 'open'
    CHECK (status IN ('creating', 'open', 'cancelled', 'failed', 'settled', 'refunded'))`,
  `ALTER TABLE sale_provider_payments ADD COLUMN updated_at timestamptz`,
  `UPDATE sale_provider_payments SET updated_at = created_at`,
  `ALTER TABLE sale_provider_payments ALTER COLUMN updated_at SET NOT NULL`,
  // Payments made before snapshots existed: the newest of a reserved sale stays open for the sale's current version
  // (settling still compares its amount with the basket's total); every other one is over.
  `UPDATE sale_provider_payments p SET status = CASE
     WHEN s.status = 'paid' THEN 'settled'
     WHEN s.status = 'reserved' AND p.id = (SELECT max(q.id) FROM sale_provider_payments q WHERE q.sale_id = p.sale_id) THEN 'open'
     ELSE 'cancelled' END,
     basket_version = s.basket_version
   FROM sales s WHERE s.id = p.sale_id`,
  `CREATE UNIQUE INDEX sale_provider_payments_one_open ON sale_provider_payments (sale_id) WHERE status IN ('creating', 'open')`,
  `CREATE UNIQUE INDEX sale_provider_payments_key ON sale_provider_payments (provider_key) WHERE provider_key IS NOT NULL`,

  // The settlement keeps the price of what was sold beside what was collected: for a sale paid in full they are equal.
  `ALTER TABLE payments ADD COLUMN price_minor integer`,
  `ALTER TABLE payments ADD COLUMN components text NOT NULL DEFAULT '{}'`,
  `ALTER TABLE payments ADD COLUMN instalment boolean NOT NULL DEFAULT false`,
  `UPDATE payments p SET instalment = true, price_minor = pl.total_minor
   FROM payment_plans pl WHERE pl.sale_id = p.sale_id AND pl.status IN ('active', 'completed')`,
  `UPDATE payments SET price_minor = CASE WHEN status = 'paid' THEN amount_minor ELSE 0 END WHERE price_minor IS NULL`,
  `ALTER TABLE payments ALTER COLUMN price_minor SET NOT NULL`,
  `ALTER TABLE payments ADD CONSTRAINT payments_collected_is_price CHECK (status <> 'paid' OR instalment OR amount_minor = price_minor)`,

  // The ledger: one row per payment collected and per refund, never updated but for a refund's completion.
  `CREATE TABLE ledger_entries (
    id serial PRIMARY KEY,
    sale_id integer NOT NULL REFERENCES sales (id),
    kind text NOT NULL CHECK (kind IN ('payment', 'refund')),
    provider text NOT NULL,
    provider_reference text NOT NULL,
    amount_minor integer NOT NULL CHECK (amount_minor >= 0),
    currency text NOT NULL,
    status text NOT NULL CHECK (status IN ('done', 'pending')),
    reason text,
    created_at timestamptz NOT NULL,
    completed_at timestamptz,
    UNIQUE (kind, provider, provider_reference),
    CHECK (kind = 'refund' OR status = 'done')
  )`,
  `CREATE INDEX ledger_entries_sale ON ledger_entries (sale_id)`,
  // A refund gives back a payment the ledger holds, in its currency, never more than it collected.
  `CREATE OR REPLACE FUNCTION ledger_refund_check() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE v_paid ledger_entries%ROWTYPE;
   BEGIN
     IF NEW.kind <> 'refund' THEN RETURN NEW; END IF;
     SELECT * INTO v_paid FROM ledger_entries
      WHERE kind = 'payment' AND provider = NEW.provider AND provider_reference = NEW.provider_reference;
     IF NOT FOUND THEN RAISE EXCEPTION 'ledger: refund of % % which the ledger never collected', NEW.provider, NEW.provider_reference; END IF;
     IF v_paid.sale_id <> NEW.sale_id OR v_paid.currency <> NEW.currency OR NEW.amount_minor > v_paid.amount_minor THEN
       RAISE EXCEPTION 'ledger: refund of % % does not match its payment', NEW.provider, NEW.provider_reference;
     END IF;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER ledger_refund_check BEFORE INSERT OR UPDATE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_refund_check()`,
  `INSERT INTO ledger_entries (sale_id, kind, provider, provider_reference, amount_minor, currency, status, created_at, completed_at)
   SELECT sale_id, 'payment', provider, provider_payment_id, amount_minor, upper(currency), 'done', created_at, created_at
   FROM payments WHERE amount_minor > 0`,
  `INSERT INTO ledger_entries (sale_id, kind, provider, provider_reference, amount_minor, currency, status, reason, created_at, completed_at)
   SELECT sale_id, 'refund', provider, provider_payment_id, amount_minor, upper(currency),
          CASE WHEN status = 'refunded' THEN 'done' ELSE 'pending' END, refund_reason, created_at, refunded_at
   FROM payments WHERE amount_minor > 0 AND status IN ('refund_pending', 'refunded')`,
  `INSERT INTO ledger_entries (sale_id, kind, provider, provider_reference, amount_minor, currency, status, created_at, completed_at)
   SELECT pl.sale_id, 'payment', 'stripe', i.provider_payment_id, i.amount_minor, upper(pl.currency), 'done', i.paid_at, i.paid_at
   FROM payment_plan_instalments i JOIN payment_plans pl ON pl.id = i.plan_id
   WHERE i.seq > 1 AND i.status = 'paid' AND i.provider_payment_id IS NOT NULL
   ON CONFLICT DO NOTHING`,
];
