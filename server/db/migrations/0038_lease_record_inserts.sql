-- The signed record gains nothing afterwards (decision 036): a version and its signers are added only to
-- a draft being sent, as its current version; a seal only by the last signature of the version out for
-- signature; a consent only while the lease is out for signature.
CREATE FUNCTION lease_record_insert_check() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  current_lease lease%ROWTYPE;
BEGIN
  SELECT * INTO current_lease FROM lease WHERE id = NEW.lease_id;
  IF TG_TABLE_NAME IN ('lease_version', 'lease_signer') THEN
    IF current_lease.state <> 'draft' OR current_lease.version <> NEW.version THEN
      RAISE EXCEPTION '% rows are added only to the draft being sent', TG_TABLE_NAME USING ERRCODE = 'check_violation';
    END IF;
  ELSIF TG_TABLE_NAME = 'lease_seal' THEN
    IF current_lease.state NOT IN ('sent', 'partially_signed') OR current_lease.version <> NEW.version THEN
      RAISE EXCEPTION 'a lease is sealed only by the last signature of the version out for signature' USING ERRCODE = 'check_violation';
    END IF;
  ELSIF current_lease.state NOT IN ('sent', 'partially_signed') THEN
    RAISE EXCEPTION 'consent is given or withdrawn only while the lease is out for signature' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER lease_version_insert_check BEFORE INSERT ON lease_version FOR EACH ROW EXECUTE FUNCTION lease_record_insert_check();--> statement-breakpoint
CREATE TRIGGER lease_signer_insert_check BEFORE INSERT ON lease_signer FOR EACH ROW EXECUTE FUNCTION lease_record_insert_check();--> statement-breakpoint
CREATE TRIGGER lease_seal_insert_check BEFORE INSERT ON lease_seal FOR EACH ROW EXECUTE FUNCTION lease_record_insert_check();--> statement-breakpoint
CREATE TRIGGER lease_consent_insert_check BEFORE INSERT ON lease_consent FOR EACH ROW EXECUTE FUNCTION lease_record_insert_check();
