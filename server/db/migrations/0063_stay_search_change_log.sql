-- Search by dates (decision 044): each app process's search index keeps a short-term listing's taken
-- nights and the rules it checks (maximum guests and nights), read with the listing. A statement that
-- takes or frees nights (a booking's hold written or deleted, a host's block, an iCal import) or
-- changes those rules logs the published listings it touched in the same change log as listing writes
-- (0019–0021), in the same transaction: every instance reads them again before it answers a search.
CREATE FUNCTION stay_hold_change_log() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT l.id ORDER BY l.id) INTO changed
    FROM new_rows AS n JOIN listing AS l ON l.id = n.listing_id WHERE l.status = 'published';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT l.id ORDER BY l.id) INTO changed
    FROM old_rows AS o JOIN listing AS l ON l.id = o.listing_id WHERE l.status = 'published';
  ELSE
    SELECT array_agg(DISTINCT l.id ORDER BY l.id) INTO changed
    FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id JOIN listing AS l ON l.id IN (n.listing_id, o.listing_id)
    WHERE l.status = 'published' AND (n.listing_id, n.nights) IS DISTINCT FROM (o.listing_id, o.nights);
  END IF;
  PERFORM listing_change_append(changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER stay_hold_change_insert AFTER INSERT ON stay_hold REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stay_hold_change_log();--> statement-breakpoint
CREATE TRIGGER stay_hold_change_update AFTER UPDATE ON stay_hold REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stay_hold_change_log();--> statement-breakpoint
CREATE TRIGGER stay_hold_change_delete AFTER DELETE ON stay_hold REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stay_hold_change_log();--> statement-breakpoint
CREATE FUNCTION stay_rules_change_log() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT l.id ORDER BY l.id) INTO changed
    FROM new_rows AS n JOIN listing AS l ON l.id = n.listing_id WHERE l.status = 'published';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT l.id ORDER BY l.id) INTO changed
    FROM old_rows AS o JOIN listing AS l ON l.id = o.listing_id WHERE l.status = 'published';
  ELSE
    SELECT array_agg(DISTINCT l.id ORDER BY l.id) INTO changed
    FROM new_rows AS n JOIN old_rows AS o ON o.listing_id = n.listing_id JOIN listing AS l ON l.id = n.listing_id
    WHERE l.status = 'published' AND (n.max_guests, n.max_nights) IS DISTINCT FROM (o.max_guests, o.max_nights);
  END IF;
  PERFORM listing_change_append(changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER stay_rules_change_insert AFTER INSERT ON stay_rules REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stay_rules_change_log();--> statement-breakpoint
CREATE TRIGGER stay_rules_change_update AFTER UPDATE ON stay_rules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stay_rules_change_log();--> statement-breakpoint
CREATE TRIGGER stay_rules_change_delete AFTER DELETE ON stay_rules REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stay_rules_change_log();
