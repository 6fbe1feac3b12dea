-- Saved searches and alerts (issue 37). The listing's news renters may hear of is recorded by the
-- database in the write's own transaction, whatever made the write (a page, the API, a script, a bulk
-- import in SQL): gone on the market, its all-in price lowered while on it, leased, withdrawn. One
-- alert job works each change (server/alerts/). Statement triggers with transition tables, so a
-- bulk import of thousands of homes is one insert of their changes.
CREATE FUNCTION listing_alert_change_log() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO listing_alert_change (listing_id, kind, to_cents, title, owner_id)
    SELECT n.id, 'published', n.all_in_monthly_cents, n.title, n.owner_id FROM new_rows AS n
    WHERE n.status = 'published' ORDER BY n.id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO listing_alert_change (listing_id, kind, from_cents, title, owner_id)
    SELECT o.id, 'withdrawn', o.all_in_monthly_cents, o.title, o.owner_id FROM old_rows AS o
    WHERE o.status = 'published' ORDER BY o.id;
  ELSE
    INSERT INTO listing_alert_change (listing_id, kind, from_cents, to_cents, title, owner_id)
    SELECT n.id,
      CASE
        WHEN o.status <> 'published' AND n.status = 'published' THEN 'published'
        WHEN o.status = 'published' AND n.status = 'leased' THEN 'leased'
        WHEN o.status = 'published' AND n.status <> 'published' THEN 'withdrawn'
        ELSE 'price-drop'
      END,
      CASE WHEN o.status = 'published' THEN o.all_in_monthly_cents END,
      CASE WHEN n.status = 'published' THEN n.all_in_monthly_cents END,
      n.title, n.owner_id
    FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
    WHERE (o.status = 'published') <> (n.status = 'published')
       OR (o.status = 'published' AND n.status = 'published' AND n.all_in_monthly_cents < o.all_in_monthly_cents)
    ORDER BY n.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER listing_alert_change_insert AFTER INSERT ON listing REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_alert_change_log();--> statement-breakpoint
CREATE TRIGGER listing_alert_change_update AFTER UPDATE ON listing REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_alert_change_log();--> statement-breakpoint
CREATE TRIGGER listing_alert_change_delete AFTER DELETE ON listing REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_alert_change_log();--> statement-breakpoint
-- Every saved search written or deleted, in order: each instance's matcher reads this log to keep its
-- index of saved searches as the database has them, however they were written.
CREATE FUNCTION saved_search_change_log() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO saved_search_change (saved_search_id) SELECT o.id FROM old_rows AS o ORDER BY o.id;
  ELSE
    INSERT INTO saved_search_change (saved_search_id) SELECT n.id FROM new_rows AS n ORDER BY n.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER saved_search_change_insert AFTER INSERT ON saved_search REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION saved_search_change_log();--> statement-breakpoint
CREATE TRIGGER saved_search_change_update AFTER UPDATE ON saved_search REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION saved_search_change_log();--> statement-breakpoint
CREATE TRIGGER saved_search_change_delete AFTER DELETE ON saved_search REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION saved_search_change_log();
