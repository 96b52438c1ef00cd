/**
 * The ledger records a refund at most once per key (kind, provider, provider_reference): a second recording of the
 * same refund, as when the payment job and the buyer's own request both find a collected payment that sells nothing,
 * is an INSERT … ON CONFLICT DO NOTHING. A BEFORE INSERT trigger runs before that conflict is seen, so the check that a
 * payment's refunds never exceed it counted the first recording against the repeat and refused it (a 500 where nothing
 * was wrong). A row repeating an existing refund's key now passes the trigger unchanged: the unique constraint then
 * drops it, or refuses it for a plain INSERT. Every other refund is checked as before.
 */
export const statements: readonly string[] = [
  `CREATE OR REPLACE FUNCTION ledger_refund_check() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE v_paid ledger_entries%ROWTYPE; v_of text; v_refunded bigint;
   BEGIN
     IF NEW.kind <> 'refund' THEN RETURN NEW; END IF;
     IF EXISTS (SELECT 1 FROM ledger_entries
                 WHERE kind = 'refund' AND provider = NEW.provider AND provider_reference = NEW.provider_reference
                   AND id <> NEW.id) THEN
       RETURN NEW;
     END IF;
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
