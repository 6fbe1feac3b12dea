-- The landlord's adjustments (decision 037, "Adjustments"): a waiver forgives part or all of one charge of
-- its own lease (rent, a fee or a late fee; never the deposit), dated with that charge's due day; its
-- entries undo the charge's, never beyond what the charge is; a waiver is final (never reversed) and a
-- waived charge is no longer reversed (its waivers would then forgive what is not charged).
CREATE OR REPLACE FUNCTION ledger_transaction_insert_check() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  reversed ledger_transaction%ROWTYPE;
  waived ledger_transaction%ROWTYPE;
BEGIN
  IF NEW.reverses_id IS NOT NULL THEN
    SELECT * INTO reversed FROM ledger_transaction WHERE id = NEW.reverses_id;
    IF reversed.lease_id <> NEW.lease_id THEN
      RAISE EXCEPTION 'a reversal undoes a transaction of its own lease' USING ERRCODE = 'check_violation';
    END IF;
    IF reversed.kind = 'reversal' THEN
      RAISE EXCEPTION 'a reversal cannot itself be reversed' USING ERRCODE = 'check_violation';
    END IF;
    IF reversed.kind = 'waiver' THEN
      RAISE EXCEPTION 'a waiver is final: it is not reversed' USING ERRCODE = 'check_violation';
    END IF;
    IF EXISTS (SELECT 1 FROM ledger_transaction WHERE waives_id = NEW.reverses_id) THEN
      RAISE EXCEPTION 'a waived charge is not reversed' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF NEW.waives_id IS NOT NULL THEN
    SELECT * INTO waived FROM ledger_transaction WHERE id = NEW.waives_id;
    IF waived.lease_id IS DISTINCT FROM NEW.lease_id OR waived.kind NOT IN ('rent', 'fee', 'late_fee') THEN
      RAISE EXCEPTION 'a waiver forgives a rent, fee or late fee of its own lease' USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.due_on IS DISTINCT FROM waived.due_on THEN
      RAISE EXCEPTION 'a waiver is dated with the due day of its charge' USING ERRCODE = 'check_violation';
    END IF;
    IF EXISTS (SELECT 1 FROM ledger_transaction WHERE reverses_id = NEW.waives_id) THEN
      RAISE EXCEPTION 'a reversed charge is not waived' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_transaction_balance_check() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  entry_count integer;
  total numeric;
BEGIN
  SELECT count(*), coalesce(sum(amount_cents), 0) INTO entry_count, total FROM ledger_entry WHERE transaction_id = NEW.id;
  IF entry_count < 2 THEN
    RAISE EXCEPTION 'ledger transaction % has % entries: at least two are needed', NEW.id, entry_count USING ERRCODE = 'check_violation';
  END IF;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: its entries sum to %', NEW.id, total USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.reverses_id IS NOT NULL AND EXISTS (
    SELECT account, sum(amount) FROM (
      SELECT account, amount_cents AS amount FROM ledger_entry WHERE transaction_id = NEW.id
      UNION ALL
      SELECT account, amount_cents FROM ledger_entry WHERE transaction_id = NEW.reverses_id
    ) AS both_sides GROUP BY account HAVING sum(amount) <> 0
  ) THEN
    RAISE EXCEPTION 'a reversal must undo exactly the entries of transaction %', NEW.reverses_id USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.waives_id IS NOT NULL THEN
    IF EXISTS (
      SELECT 1 FROM ledger_entry w WHERE w.transaction_id = NEW.id AND NOT EXISTS (
        SELECT 1 FROM ledger_entry c WHERE c.transaction_id = NEW.waives_id AND c.account = w.account AND sign(c.amount_cents) = -sign(w.amount_cents))
    ) THEN
      RAISE EXCEPTION 'a waiver must undo entries of charge %', NEW.waives_id USING ERRCODE = 'check_violation';
    END IF;
    IF (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entry e JOIN ledger_transaction t ON t.id = e.transaction_id
        WHERE e.account = 'tenant_receivable' AND (t.id = NEW.waives_id OR t.waives_id = NEW.waives_id)) < 0 THEN
      RAISE EXCEPTION 'charge % is waived beyond its amount', NEW.waives_id USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NULL;
END
$$;
