/**
 * Who each payment and refund belongs to (ledger/shares.ts): the marketplace collects one payment for a basket of
 * several organisers, and a payout reads each organiser's share from here. Plain SQL for PostgreSQL 15 and PGlite.
 * - One row per party of a ledger entry: an organiser, or the marketplace (organiser_id null).
 * - The shares of an entry add up to exactly its amount: checked at commit (a deferred constraint trigger), so an
 *   entry and its shares are written in one transaction in any order, and neither can change alone afterwards.
 * - Entries written before shares existed belong to their sale's one organiser, or to the marketplace when the sale
 *   had several (or none).
 */
export const statements: readonly string[] = [
  `CREATE TABLE ledger_shares (
    ledger_entry_id integer NOT NULL REFERENCES ledger_entries (id),
    organiser_id integer REFERENCES organisers (id),
    amount_minor integer NOT NULL CHECK (amount_minor >= 0),
    CONSTRAINT ledger_shares_one_per_party UNIQUE NULLS NOT DISTINCT (ledger_entry_id, organiser_id)
  )`,
  `CREATE INDEX ledger_shares_organiser ON ledger_shares (organiser_id)`,
  `CREATE OR REPLACE FUNCTION ledger_shares_add_up(v_entry integer) RETURNS void LANGUAGE plpgsql AS $$
   DECLARE v_amount integer; v_sum bigint;
   BEGIN
     SELECT amount_minor INTO v_amount FROM ledger_entries WHERE id = v_entry;
     IF NOT FOUND THEN RETURN; END IF;
     SELECT COALESCE(sum(amount_minor), 0) INTO v_sum FROM ledger_shares WHERE ledger_entry_id = v_entry;
     IF v_sum <> v_amount THEN
       RAISE EXCEPTION 'ledger: the shares of entry % add up to %, not its amount %', v_entry, v_sum, v_amount;
     END IF;
   END $$`,
  `CREATE OR REPLACE FUNCTION ledger_entry_shares_check() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN PERFORM ledger_shares_add_up(NEW.id); RETURN NULL; END $$`,
  `CREATE OR REPLACE FUNCTION ledger_share_check() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'DELETE' THEN PERFORM ledger_shares_add_up(OLD.ledger_entry_id);
     ELSE
       PERFORM ledger_shares_add_up(NEW.ledger_entry_id);
       IF TG_OP = 'UPDATE' AND OLD.ledger_entry_id <> NEW.ledger_entry_id THEN PERFORM ledger_shares_add_up(OLD.ledger_entry_id); END IF;
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE CONSTRAINT TRIGGER ledger_entry_shares_add_up AFTER INSERT OR UPDATE ON ledger_entries
   DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_shares_check()`,
  `CREATE CONSTRAINT TRIGGER ledger_shares_add_up AFTER INSERT OR UPDATE OR DELETE ON ledger_shares
   DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_share_check()`,
  `INSERT INTO ledger_shares (ledger_entry_id, organiser_id, amount_minor)
   SELECT le.id,
          (SELECT CASE WHEN count(DISTINCT o.organiser_id) = 1 THEN min(o.organiser_id) END
             FROM (SELECT e.organiser_id FROM sale_lines l JOIN ticket_types t ON t.id = l.ticket_type_id JOIN events e ON e.id = t.event_id WHERE l.sale_id = le.sale_id
                   UNION ALL
                   SELECT g.organiser_id FROM sale_lines l JOIN gift_vouchers g ON g.id = l.gift_voucher_id WHERE l.sale_id = le.sale_id) o),
          le.amount_minor
   FROM ledger_entries le`,
];
