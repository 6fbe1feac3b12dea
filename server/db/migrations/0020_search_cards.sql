-- Search answers with the page's cards from its in-memory index (decision 026): besides what search
-- filters and sorts by, a card shows the title, the offer's terms, the amenities as written and the
-- first ready photo. A statement that changes any of them on a published listing logs the listing, so
-- every instance's index reads it again.
-- Logs `changed` (when there are any) under the change log's next number (0019 says why its lock
-- gives numbers in commit order).
CREATE FUNCTION listing_change_append(changed bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  next_n bigint;
BEGIN
  IF changed IS NOT NULL THEN
    UPDATE listing_change_head SET n = n + 1 RETURNING n INTO next_n;
    INSERT INTO listing_change (n, ids) VALUES (next_n, changed);
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION listing_change_log() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed bigint[];
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
           n.is_furnished, n.amenity_bits, n.available_from, n.latitude, n.longitude, n.city, n.neighbourhood, n.state, n.zip,
           n.title, n.min_term_months, n.deposit_cents, n.min_nights, n.amenities)
      IS DISTINCT FROM
          (o.status, o.search_vector, o.created_at, o.last_confirmed_at, o.all_in_monthly_cents, o.interior_sqft,
           o.bedrooms, o.bathroom_halves, o.type, o.monthly_rent_cents, o.nightly_cents, o.allows_cats, o.allows_dogs,
           o.is_furnished, o.amenity_bits, o.available_from, o.latitude, o.longitude, o.city, o.neighbourhood, o.state, o.zip,
           o.title, o.min_term_months, o.deposit_cents, o.min_nights, o.amenities);
  END IF;
  PERFORM listing_change_append(changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A photo added, processed, described, moved or removed may change a published listing's card (its
-- first ready photo): the statement logs the published listings whose photos it touched.
CREATE FUNCTION listing_photo_change_log() RETURNS trigger
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
    WHERE l.status = 'published'
      AND (n.listing_id, n.status, n.position, n.alt_text, n.storage_key, n.width, n.height, n.placeholder, n.variant_widths)
      IS DISTINCT FROM
          (o.listing_id, o.status, o.position, o.alt_text, o.storage_key, o.width, o.height, o.placeholder, o.variant_widths);
  END IF;
  PERFORM listing_change_append(changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER listing_photo_change_insert AFTER INSERT ON listing_photo REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_photo_change_log();--> statement-breakpoint
CREATE TRIGGER listing_photo_change_update AFTER UPDATE ON listing_photo REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_photo_change_log();--> statement-breakpoint
CREATE TRIGGER listing_photo_change_delete AFTER DELETE ON listing_photo REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_photo_change_log();
