-- A stay review is never deleted (only with its booking, listing or author, through the foreign keys'
-- cascade) and never edited: an UPDATE may only set, once, its publication, the host's answer or an
-- administrator's removal, and let the foreign key clear the remover of a deleted account.
CREATE FUNCTION stay_review_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM stay_booking WHERE id = OLD.booking_id)
      OR NOT EXISTS (SELECT 1 FROM listing WHERE id = OLD.listing_id)
      OR NOT EXISTS (SELECT 1 FROM "user" WHERE id = OLD.author_id) THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'a stay review is never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'a stay review is never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW.id, NEW.booking_id, NEW.listing_id, NEW.side, NEW.author_id, NEW.cleanliness, NEW.communication, NEW.accuracy,
      NEW.location, NEW.value, NEW.house_rules, NEW.text, NEW.submitted_at, NEW.publish_by)
     IS DISTINCT FROM
     (OLD.id, OLD.booking_id, OLD.listing_id, OLD.side, OLD.author_id, OLD.cleanliness, OLD.communication, OLD.accuracy,
      OLD.location, OLD.value, OLD.house_rules, OLD.text, OLD.submitted_at, OLD.publish_by) THEN
    RAISE EXCEPTION 'a submitted stay review cannot be edited' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.published_at IS NOT NULL AND NEW.published_at IS DISTINCT FROM OLD.published_at THEN
    RAISE EXCEPTION 'a stay review is published once' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.answer IS NOT NULL AND (NEW.answer, NEW.answered_at) IS DISTINCT FROM (OLD.answer, OLD.answered_at) THEN
    RAISE EXCEPTION 'a stay review is answered once' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.removed_at IS NOT NULL AND ((NEW.removed_at, NEW.removal_rule, NEW.removal_note) IS DISTINCT FROM (OLD.removed_at, OLD.removal_rule, OLD.removal_note)
      OR (NEW.removed_by IS NOT NULL AND NEW.removed_by IS DISTINCT FROM OLD.removed_by)) THEN
    RAISE EXCEPTION 'a stay review is removed once' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER stay_review_guard BEFORE UPDATE OR DELETE ON stay_review
FOR EACH ROW EXECUTE FUNCTION stay_review_guard();--> statement-breakpoint
CREATE TRIGGER stay_review_no_truncate BEFORE TRUNCATE ON stay_review
FOR EACH STATEMENT EXECUTE FUNCTION stay_review_guard();
