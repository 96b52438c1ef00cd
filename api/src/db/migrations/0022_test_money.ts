/**
 * Test money in the ledger. A payment the offline sandboxes took (test cards, the pretend bank) is no money at all, so
 * the ledger marks it, and every entry of its sale, as test money (`test_money`), and `npm run reconcile` reports it
 * apart from real money. The database decides, not the code that writes the entry: a trigger sets the mark from the
 * sandboxes' own tables, whatever the insert says.
 * - The square-type sandbox now records the payments it makes (it kept only its card tokens), so they can be told.
 * - Entries written before: the card and bank sandboxes' payments are found in their tables; the square-type
 *   sandbox's by the id it gave them ('sqpay_…', which Square's own payment ids never start with).
 * Plain SQL for PostgreSQL 15 and PGlite.
 */
export const statements: readonly string[] = [
  `CREATE TABLE sandbox_square_payments (
    id text PRIMARY KEY,
    amount_minor integer NOT NULL CHECK (amount_minor >= 0),
    currency text NOT NULL,
    created_at timestamptz NOT NULL
  )`,
  `ALTER TABLE ledger_entries ADD COLUMN test_money boolean NOT NULL DEFAULT false`,
  `INSERT INTO sandbox_square_payments (id, amount_minor, currency, created_at)
    SELECT provider_reference, amount_minor, currency, created_at FROM ledger_entries
    WHERE kind = 'payment' AND provider = 'square' AND provider_reference LIKE 'sqpay\\_%'
    ON CONFLICT DO NOTHING`,
  `UPDATE ledger_entries SET test_money = true
    WHERE provider_reference IN (
      SELECT id FROM sandbox_payment_intents
      UNION ALL SELECT id FROM sandbox_bank_payments
      UNION ALL SELECT id FROM sandbox_square_payments
    )`,
  `UPDATE ledger_entries SET test_money = true
    WHERE sale_id IN (SELECT sale_id FROM ledger_entries WHERE kind = 'payment' AND test_money)`,
  // The mark is the database's from now on: set on every insert, and kept right should anything try to change it.
  `CREATE FUNCTION ledger_entry_test_money() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    NEW.test_money :=
      EXISTS (SELECT 1 FROM sandbox_payment_intents WHERE id = NEW.provider_reference)
      OR EXISTS (SELECT 1 FROM sandbox_bank_payments WHERE id = NEW.provider_reference)
      OR EXISTS (SELECT 1 FROM sandbox_square_payments WHERE id = NEW.provider_reference)
      -- A refund (or a later entry) of a sale that test money paid for is test money too.
      OR EXISTS (SELECT 1 FROM ledger_entries WHERE sale_id = NEW.sale_id AND kind = 'payment' AND test_money);
    RETURN NEW;
  END
  $fn$`,
  `CREATE TRIGGER ledger_entries_test_money BEFORE INSERT OR UPDATE OF test_money, provider_reference ON ledger_entries
    FOR EACH ROW EXECUTE FUNCTION ledger_entry_test_money()`,
];
