-- The deposit's return (decision 039): a statement is drafted only for a fully signed lease; once sent it
-- is final: neither it nor its deductions change or go, and no deduction is added to it. While drafting,
-- the lease and the end of tenancy stay what they were recorded as.
CREATE FUNCTION deposit_return_keep_record() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM lease WHERE id = NEW.lease_id AND state = 'fully_signed' AND kind = 'lease') THEN
      RAISE EXCEPTION 'a deposit return needs a fully signed lease' USING ERRCODE = 'restrict_violation';
    END IF;
    IF NEW.state <> 'drafting' THEN
      RAISE EXCEPTION 'a deposit return starts as a draft' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF OLD.state = 'sent' THEN
    RAISE EXCEPTION 'a sent deposit statement is final: % refused', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a deposit return is never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.lease_id IS DISTINCT FROM OLD.lease_id OR NEW.id IS DISTINCT FROM OLD.id OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
    RAISE EXCEPTION 'a deposit return keeps its lease' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER deposit_return_keep_record BEFORE INSERT OR UPDATE OR DELETE ON deposit_return FOR EACH ROW EXECUTE FUNCTION deposit_return_keep_record();--> statement-breakpoint
CREATE FUNCTION deposit_deduction_while_drafting() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  parent_state text;
BEGIN
  SELECT state INTO parent_state FROM deposit_return WHERE id = (CASE WHEN TG_OP = 'INSERT' THEN NEW.return_id ELSE OLD.return_id END);
  IF parent_state IS DISTINCT FROM 'drafting' THEN
    RAISE EXCEPTION 'the deductions of a sent deposit statement are final: % refused', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.return_id IS DISTINCT FROM OLD.return_id THEN
    RAISE EXCEPTION 'a deduction keeps its statement' USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER deposit_deduction_while_drafting BEFORE INSERT OR UPDATE OR DELETE ON deposit_deduction FOR EACH ROW EXECUTE FUNCTION deposit_deduction_while_drafting();--> statement-breakpoint
CREATE FUNCTION deposit_no_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% keeps the deposit statements: TRUNCATE refused', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER deposit_return_no_truncate BEFORE TRUNCATE ON deposit_return FOR EACH STATEMENT EXECUTE FUNCTION deposit_no_truncate();--> statement-breakpoint
CREATE TRIGGER deposit_deduction_no_truncate BEFORE TRUNCATE ON deposit_deduction FOR EACH STATEMENT EXECUTE FUNCTION deposit_no_truncate();
