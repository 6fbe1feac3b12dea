-- The signed inspection's seal (decision 038): the last signature appends the certificate to the document
-- everyone signed and keeps the sealed file in inspection_seal. A seal is added once, only for the
-- revision out for signature, over its stored document, once every party has signed; it never changes;
-- and an inspection becomes signed only with its seal. A consent given for an inspection may be
-- withdrawn (a row with given = false) only by a party who has not signed the revision out for signature.
CREATE TRIGGER inspection_seal_append_only BEFORE UPDATE OR DELETE ON inspection_seal FOR EACH ROW EXECUTE FUNCTION inspection_append_only();--> statement-breakpoint
CREATE TRIGGER inspection_seal_no_truncate BEFORE TRUNCATE ON inspection_seal FOR EACH STATEMENT EXECUTE FUNCTION inspection_append_only();--> statement-breakpoint
CREATE FUNCTION inspection_seal_check() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  current_inspection inspection%ROWTYPE;
  parties integer;
BEGIN
  SELECT * INTO current_inspection FROM inspection WHERE id = NEW.inspection_id;
  IF current_inspection.state IS DISTINCT FROM 'signing' OR current_inspection.revision <> NEW.revision THEN
    RAISE EXCEPTION 'an inspection is sealed only by the last signature of the revision out for signature' USING ERRCODE = 'check_violation';
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM inspection_document WHERE inspection_id = NEW.inspection_id AND revision = NEW.revision AND sha256 = NEW.document_sha256
  ) THEN
    RAISE EXCEPTION 'a seal must be over the document stored for this revision' USING ERRCODE = 'check_violation';
  END IF;
  -- The parties: the landlord and the tenants of the lease's signed version.
  SELECT 1 + count(*) INTO parties
    FROM lease_signer s JOIN lease l ON l.id = s.lease_id AND l.version = s.version
    WHERE l.id = current_inspection.lease_id AND s.role = 'tenant';
  IF (SELECT count(*) FROM inspection_signature WHERE inspection_id = NEW.inspection_id AND revision = NEW.revision) < parties THEN
    RAISE EXCEPTION 'an inspection is sealed only once every party has signed' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER inspection_seal_insert_check BEFORE INSERT ON inspection_seal FOR EACH ROW EXECUTE FUNCTION inspection_seal_check();--> statement-breakpoint
-- As in inspections_rules, and: an inspection out for signature becomes signed only with its seal.
CREATE OR REPLACE FUNCTION inspection_keep_record() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM lease WHERE id = NEW.lease_id AND state = 'fully_signed' AND kind = 'lease') THEN
      RAISE EXCEPTION 'an inspection is opened only for a fully signed lease' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'an inspection is never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.state = 'signed' THEN
    RAISE EXCEPTION 'a signed inspection cannot be changed' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.lease_id <> OLD.lease_id OR NEW.kind <> OLD.kind OR NEW.revision < OLD.revision THEN
    RAISE EXCEPTION 'an inspection keeps its lease, kind and revisions' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.state = 'signing' THEN
    IF NEW.revision <> OLD.revision OR NEW.state = 'signing' THEN
      RAISE EXCEPTION 'an inspection out for signature only moves to signed or back to open' USING ERRCODE = 'restrict_violation';
    END IF;
    IF NEW.state = 'open' AND EXISTS (SELECT 1 FROM inspection_signature WHERE inspection_id = OLD.id AND revision = OLD.revision) THEN
      RAISE EXCEPTION 'a signed revision cannot be reopened' USING ERRCODE = 'restrict_violation';
    END IF;
    IF NEW.state = 'signed' AND NOT EXISTS (SELECT 1 FROM inspection_seal WHERE inspection_id = OLD.id AND revision = OLD.revision) THEN
      RAISE EXCEPTION 'an inspection is signed only with its seal' USING ERRCODE = 'restrict_violation';
    END IF;
  ELSIF NEW.state = 'signed' THEN
    RAISE EXCEPTION 'an inspection is signed only after it is out for signature' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- As in inspections_rules, and: a withdrawal of consent only from a party who has not signed the
-- revision out for signature.
CREATE OR REPLACE FUNCTION inspection_signing_check() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  current_inspection inspection%ROWTYPE;
BEGIN
  SELECT * INTO current_inspection FROM inspection WHERE id = NEW.inspection_id;
  IF TG_TABLE_NAME = 'inspection_consent' THEN
    IF current_inspection.state = 'signed' THEN
      RAISE EXCEPTION 'a signed inspection takes no more consents' USING ERRCODE = 'check_violation';
    END IF;
    IF NOT NEW.given AND EXISTS (
      SELECT 1 FROM inspection_signature
      WHERE inspection_id = NEW.inspection_id AND revision = current_inspection.revision AND email = NEW.email
    ) THEN
      RAISE EXCEPTION 'a signer cannot withdraw consent: a signature is never undone' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF current_inspection.state <> 'signing' OR current_inspection.revision <> NEW.revision THEN
    RAISE EXCEPTION '% rows are added only to the revision out for signature', TG_TABLE_NAME USING ERRCODE = 'check_violation';
  END IF;
  IF TG_TABLE_NAME = 'inspection_signature' THEN
    IF NOT EXISTS (
      SELECT 1 FROM inspection_document WHERE inspection_id = NEW.inspection_id AND revision = NEW.revision AND sha256 = NEW.document_sha256
    ) THEN
      RAISE EXCEPTION 'a signature must be over the document stored for this revision' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
