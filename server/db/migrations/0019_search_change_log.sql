CREATE TABLE "listing_change" (
	"n" bigint PRIMARY KEY NOT NULL,
	"ids" bigint[] NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_change_head" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "listing_change_head_only_check" CHECK ("listing_change_head"."only")
);
--> statement-breakpoint
INSERT INTO "listing_change_head" ("only", "n") VALUES (true, 0);--> statement-breakpoint
-- Each statement that changes what search reads of published listings (or publishes or unpublishes
-- some) takes the next number from listing_change_head and logs the ids it touched under it. The head's
-- row lock is held to commit, so numbers are given in commit order and a reader that has applied
-- number n has seen every change up to it. A write that touches nothing search reads (a view count,
-- a stale notice) logs nothing and takes no lock.
CREATE FUNCTION listing_change_log() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed bigint[];
  next_n bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.id ORDER BY n.id) INTO changed FROM new_rows AS n WHERE n.status = 'published';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.id ORDER BY o.id) INTO changed FROM old_rows AS o WHERE o.status = 'published';
  ELSE
    SELECT array_agg(n.id ORDER BY n.id) INTO changed
    FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
    WHERE (n.status = 'published' OR o.status = 'published')
      AND (n.status, n.search_vector, n.created_at, n.last_confirmed_at, n.all_in_monthly_cents, n.interior_sqft,
           n.bedrooms, n.bathroom_halves, n.type, n.monthly_rent_cents, n.nightly_cents, n.allows_cats, n.allows_dogs,
           n.is_furnished, n.amenity_bits, n.available_from, n.latitude, n.longitude, n.city, n.neighbourhood, n.state, n.zip)
      IS DISTINCT FROM
          (o.status, o.search_vector, o.created_at, o.last_confirmed_at, o.all_in_monthly_cents, o.interior_sqft,
           o.bedrooms, o.bathroom_halves, o.type, o.monthly_rent_cents, o.nightly_cents, o.allows_cats, o.allows_dogs,
           o.is_furnished, o.amenity_bits, o.available_from, o.latitude, o.longitude, o.city, o.neighbourhood, o.state, o.zip);
  END IF;
  IF changed IS NOT NULL THEN
    UPDATE listing_change_head SET n = n + 1 RETURNING n INTO next_n;
    INSERT INTO listing_change (n, ids) VALUES (next_n, changed);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER listing_change_insert AFTER INSERT ON listing REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_change_log();--> statement-breakpoint
CREATE TRIGGER listing_change_update AFTER UPDATE ON listing REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_change_log();--> statement-breakpoint
CREATE TRIGGER listing_change_delete AFTER DELETE ON listing REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_change_log();
