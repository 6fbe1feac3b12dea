-- The rent ledger's promises, kept by the database whatever the application does (decision 037).
-- 1. Nothing posted changes: transactions, entries, payment events, receipts and notices refuse UPDATE,
--    DELETE and TRUNCATE; a correction is a reversing transaction.
CREATE FUNCTION ledger_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_transaction_append_only BEFORE UPDATE OR DELETE ON ledger_transaction FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_transaction_no_truncate BEFORE TRUNCATE ON ledger_transaction FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_entry_append_only BEFORE UPDATE OR DELETE ON ledger_entry FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_entry_no_truncate BEFORE TRUNCATE ON ledger_entry FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER rent_payment_event_append_only BEFORE UPDATE OR DELETE ON rent_payment_event FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER rent_payment_event_no_truncate BEFORE TRUNCATE ON rent_payment_event FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER rent_receipt_append_only BEFORE UPDATE OR DELETE ON rent_receipt FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER rent_receipt_no_truncate BEFORE TRUNCATE ON rent_receipt FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_notice_append_only BEFORE UPDATE OR DELETE ON ledger_notice FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_notice_no_truncate BEFORE TRUNCATE ON ledger_notice FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER rent_payment_no_truncate BEFORE TRUNCATE ON rent_payment FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
-- 2. A transaction is written whole in one database transaction: its entries are added only in the
--    database transaction that inserted it (a transaction-local mark), and only for its own lease. A
--    reversal undoes a transaction of the same lease that is not itself a reversal.
CREATE FUNCTION ledger_transaction_insert_check() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  reversed ledger_transaction%ROWTYPE;
BEGIN
  IF NEW.reverses_id IS NOT NULL THEN
    SELECT * INTO reversed FROM ledger_transaction WHERE id = NEW.reverses_id;
    IF reversed.lease_id <> NEW.lease_id THEN
      RAISE EXCEPTION 'a reversal undoes a transaction of its own lease' USING ERRCODE = 'check_violation';
    END IF;
    IF reversed.kind = 'reversal' THEN
      RAISE EXCEPTION 'a reversal cannot itself be reversed' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  PERFORM set_config('ledger.open_' || NEW.id, NEW.lease_id::text, true);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_transaction_insert_check BEFORE INSERT ON ledger_transaction FOR EACH ROW EXECUTE FUNCTION ledger_transaction_insert_check();--> statement-breakpoint
CREATE FUNCTION ledger_entry_insert_check() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('ledger.open_' || NEW.transaction_id, true), '') <> NEW.lease_id::text THEN
    RAISE EXCEPTION 'entries are added only with their transaction, for its lease' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entry_insert_check BEFORE INSERT ON ledger_entry FOR EACH ROW EXECUTE FUNCTION ledger_entry_insert_check();--> statement-breakpoint
-- 3. At commit, every transaction has at least two entries summing to zero; a reversal's entries are
--    exactly those of the transaction it undoes with their signs turned.
CREATE FUNCTION ledger_transaction_balance_check() RETURNS trigger
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
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transaction_balances AFTER INSERT ON ledger_transaction DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balance_check();--> statement-breakpoint
-- 4. A payment is never deleted and moves only along its states: pending to confirmed or rejected,
--    confirmed to reversed; nothing else of it changes.
CREATE FUNCTION rent_payment_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a payment is never deleted: reject or reverse it' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NOT ((OLD.state = 'pending' AND NEW.state IN ('confirmed', 'rejected')) OR (OLD.state = 'confirmed' AND NEW.state = 'reversed')) THEN
    RAISE EXCEPTION 'a % payment cannot become %', OLD.state, NEW.state USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW.lease_id, NEW.method, NEW.paid_on, NEW.amount_cents, NEW.reference, NEW.reported_by, NEW.reported_by_name, NEW.created_at)
    IS DISTINCT FROM (OLD.lease_id, OLD.method, OLD.paid_on, OLD.amount_cents, OLD.reference, OLD.reported_by, OLD.reported_by_name, OLD.created_at)
    OR (OLD.transaction_id IS NOT NULL AND NEW.transaction_id IS DISTINCT FROM OLD.transaction_id) THEN
    RAISE EXCEPTION 'a payment changes only its state' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER rent_payment_keep BEFORE UPDATE OR DELETE ON rent_payment FOR EACH ROW EXECUTE FUNCTION rent_payment_keep();
