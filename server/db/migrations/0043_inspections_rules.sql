-- Inspections (decision 038): the checklist changes only while the inspection is open; freezing it for
-- signature stores its document, and from then on nothing of it changes but its state; a signed
-- inspection is final. Comments, documents, consents, signatures and events are append-only.
CREATE FUNCTION inspection_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER inspection_comment_append_only BEFORE UPDATE OR DELETE ON inspection_comment FOR EACH ROW EXECUTE FUNCTION inspection_append_only();--> statement-breakpoint
CREATE TRIGGER inspection_comment_no_truncate BEFORE TRUNCATE ON inspection_comment FOR EACH STATEMENT EXECUTE FUNCTION inspection_append_only();--> statement-breakpoint
CREATE TRIGGER inspection_document_append_only BEFORE UPDATE OR DELETE ON inspection_document FOR EACH ROW EXECUTE FUNCTION inspection_append_only();--> statement-breakpoint
CREATE TRIGGER inspection_document_no_truncate BEFORE TRUNCATE ON inspection_document FOR EACH STATEMENT EXECUTE FUNCTION inspection_append_only();--> statement-breakpoint
CREATE TRIGGER inspection_consent_append_only BEFORE UPDATE OR DELETE ON inspection_consent FOR EACH ROW EXECUTE FUNCTION inspection_append_only();--> statement-breakpoint
CREATE TRIGGER inspection_consent_no_truncate BEFORE TRUNCATE ON inspection_consent FOR EACH STATEMENT EXECUTE FUNCTION inspection_append_only();--> statement-breakpoint
CREATE TRIGGER inspection_signature_append_only BEFORE UPDATE OR DELETE ON inspection_signature FOR EACH ROW EXECUTE FUNCTION inspection_append_only();--> statement-breakpoint
CREATE TRIGGER inspection_signature_no_truncate BEFORE TRUNCATE ON inspection_signature FOR EACH STATEMENT EXECUTE FUNCTION inspection_append_only();--> statement-breakpoint
CREATE TRIGGER inspection_event_append_only BEFORE UPDATE OR DELETE ON inspection_event FOR EACH ROW EXECUTE FUNCTION inspection_append_only();--> statement-breakpoint
CREATE TRIGGER inspection_event_no_truncate BEFORE TRUNCATE ON inspection_event FOR EACH STATEMENT EXECUTE FUNCTION inspection_append_only();--> statement-breakpoint
CREATE TRIGGER inspection_no_truncate BEFORE TRUNCATE ON inspection FOR EACH STATEMENT EXECUTE FUNCTION inspection_append_only();--> statement-breakpoint
CREATE TRIGGER inspection_room_no_truncate BEFORE TRUNCATE ON inspection_room FOR EACH STATEMENT EXECUTE FUNCTION inspection_append_only();--> statement-breakpoint
CREATE TRIGGER inspection_item_no_truncate BEFORE TRUNCATE ON inspection_item FOR EACH STATEMENT EXECUTE FUNCTION inspection_append_only();--> statement-breakpoint
-- An inspection is opened only for a fully signed lease; it is never deleted; it keeps its lease and kind;
-- once frozen for signature only its state moves (reopened only before anyone signed), and once signed
-- nothing changes.
CREATE FUNCTION inspection_keep_record() RETURNS trigger
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
  ELSIF NEW.state = 'signed' THEN
    RAISE EXCEPTION 'an inspection is signed only after it is out for signature' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER inspection_keep_record BEFORE INSERT OR UPDATE OR DELETE ON inspection FOR EACH ROW EXECUTE FUNCTION inspection_keep_record();--> statement-breakpoint
-- The checklist (rooms, items) and its comments change only while the inspection is open.
CREATE FUNCTION inspection_checklist_check() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  target bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN target := OLD.inspection_id; ELSE target := NEW.inspection_id; END IF;
  IF NOT EXISTS (SELECT 1 FROM inspection WHERE id = target AND state = 'open') THEN
    RAISE EXCEPTION '% changes only while the inspection is open', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.inspection_id <> OLD.inspection_id THEN
    RAISE EXCEPTION '% stays in its inspection', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER inspection_room_check BEFORE INSERT OR UPDATE OR DELETE ON inspection_room FOR EACH ROW EXECUTE FUNCTION inspection_checklist_check();--> statement-breakpoint
CREATE TRIGGER inspection_item_check BEFORE INSERT OR UPDATE OR DELETE ON inspection_item FOR EACH ROW EXECUTE FUNCTION inspection_checklist_check();--> statement-breakpoint
CREATE TRIGGER inspection_comment_check BEFORE INSERT ON inspection_comment FOR EACH ROW EXECUTE FUNCTION inspection_checklist_check();--> statement-breakpoint
-- A document is stored only for the revision being frozen; a signature only over that revision's
-- document while it is out for signature; a consent only before the inspection is signed.
CREATE FUNCTION inspection_signing_check() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  current_inspection inspection%ROWTYPE;
BEGIN
  SELECT * INTO current_inspection FROM inspection WHERE id = NEW.inspection_id;
  IF TG_TABLE_NAME = 'inspection_consent' THEN
    IF current_inspection.state = 'signed' THEN
      RAISE EXCEPTION 'a signed inspection takes no more consents' USING ERRCODE = 'check_violation';
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
$$;--> statement-breakpoint
CREATE TRIGGER inspection_document_insert_check BEFORE INSERT ON inspection_document FOR EACH ROW EXECUTE FUNCTION inspection_signing_check();--> statement-breakpoint
CREATE TRIGGER inspection_signature_insert_check BEFORE INSERT ON inspection_signature FOR EACH ROW EXECUTE FUNCTION inspection_signing_check();--> statement-breakpoint
CREATE TRIGGER inspection_consent_insert_check BEFORE INSERT ON inspection_consent FOR EACH ROW EXECUTE FUNCTION inspection_signing_check();
