-- The rent roll's projection of the books (decision 040), kept by the database as entries are posted.
-- 1. Each tenant-receivable entry, as it is inserted, is copied with its landlord, the day its transaction takes
--    effect and the day it is due (a reversal's is the day of the charge it reverses), and added to its lease's
--    sum for that year of effect and year due. Entries are append-only, so inserts are all there is to follow.
CREATE FUNCTION ledger_receivable_project() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  landlord text;
  effective date;
  due date;
BEGIN
  SELECT l.landlord_id INTO landlord FROM lease l WHERE l.id = NEW.lease_id;
  SELECT t.effective_on, coalesce(t.due_on, o.due_on) INTO effective, due
  FROM ledger_transaction t LEFT JOIN ledger_transaction o ON o.id = t.reverses_id
  WHERE t.id = NEW.transaction_id;
  INSERT INTO ledger_receivable (entry_id, landlord_id, lease_id, effective_on, due_on, amount_cents)
  VALUES (NEW.id, landlord, NEW.lease_id, effective, due, NEW.amount_cents);
  INSERT INTO ledger_receivable_year AS y (landlord_id, lease_id, effective_year, due_year, amount_cents)
  VALUES (landlord, NEW.lease_id, extract(year FROM effective)::int, extract(year FROM due)::int, NEW.amount_cents)
  ON CONFLICT (lease_id, effective_year, due_year) DO UPDATE SET amount_cents = y.amount_cents + excluded.amount_cents;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- 2. Entries posted before this migration are projected once, the same way.
INSERT INTO ledger_receivable (entry_id, landlord_id, lease_id, effective_on, due_on, amount_cents)
SELECT e.id, l.landlord_id, e.lease_id, t.effective_on, coalesce(t.due_on, o.due_on), e.amount_cents
FROM ledger_entry e
JOIN lease l ON l.id = e.lease_id
JOIN ledger_transaction t ON t.id = e.transaction_id
LEFT JOIN ledger_transaction o ON o.id = t.reverses_id
WHERE e.account = 'tenant_receivable';--> statement-breakpoint
INSERT INTO ledger_receivable_year (landlord_id, lease_id, effective_year, due_year, amount_cents)
SELECT landlord_id, lease_id, extract(year FROM effective_on)::int, extract(year FROM due_on)::int, sum(amount_cents)
FROM ledger_receivable GROUP BY 1, 2, 3, 4;--> statement-breakpoint
CREATE TRIGGER ledger_entry_receivable_project AFTER INSERT ON ledger_entry FOR EACH ROW
WHEN (NEW.account = 'tenant_receivable') EXECUTE FUNCTION ledger_receivable_project();--> statement-breakpoint
-- 3. Nothing else writes them: both tables take rows (and the sums their additions) only from the trigger above,
--    and refuse DELETE and TRUNCATE.
CREATE FUNCTION ledger_projection_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% is kept from the books: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_receivable_guard BEFORE INSERT OR UPDATE OR DELETE ON ledger_receivable FOR EACH ROW EXECUTE FUNCTION ledger_projection_guard();--> statement-breakpoint
CREATE TRIGGER ledger_receivable_no_truncate BEFORE TRUNCATE ON ledger_receivable FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_receivable_year_guard BEFORE INSERT OR UPDATE OR DELETE ON ledger_receivable_year FOR EACH ROW EXECUTE FUNCTION ledger_projection_guard();--> statement-breakpoint
CREATE TRIGGER ledger_receivable_year_no_truncate BEFORE TRUNCATE ON ledger_receivable_year FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
