ALTER TABLE "listing_alert_change" ADD COLUMN "saver_emails" text[];--> statement-breakpoint
-- A deleted listing's savers hear it was withdrawn: the delete's foreign key removes its saved_listing
-- rows in the same statement, before any AFTER trigger could read them, so a row trigger BEFORE the
-- delete records the change with their e-mails (issue 37, decision 047). The statement trigger keeps
-- inserts and updates.
CREATE FUNCTION listing_alert_change_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'published' THEN
    INSERT INTO listing_alert_change (listing_id, kind, from_cents, title, owner_id, saver_emails)
    VALUES (OLD.id, 'withdrawn', OLD.all_in_monthly_cents, OLD.title, OLD.owner_id,
      ARRAY(SELECT s.email FROM saved_listing AS s WHERE s.listing_id = OLD.id ORDER BY s.email));
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
DROP TRIGGER listing_alert_change_delete ON listing;--> statement-breakpoint
CREATE TRIGGER listing_alert_change_delete BEFORE DELETE ON listing
  FOR EACH ROW EXECUTE FUNCTION listing_alert_change_deleted();
