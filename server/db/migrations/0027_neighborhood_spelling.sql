-- The site is written in American English: the listing's column takes the spelling its pages and API
-- use ("neighborhood"). The generated search columns follow a renamed column by themselves; the
-- change log's trigger names the column in its body, so it is defined again with the new name.
ALTER TABLE "listing" RENAME COLUMN "neighbourhood" TO "neighborhood";--> statement-breakpoint
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
           n.is_furnished, n.amenity_bits, n.available_from, n.latitude, n.longitude, n.city, n.neighborhood, n.state, n.zip,
           n.title, n.min_term_months, n.deposit_cents, n.min_nights, n.amenities)
      IS DISTINCT FROM
          (o.status, o.search_vector, o.created_at, o.last_confirmed_at, o.all_in_monthly_cents, o.interior_sqft,
           o.bedrooms, o.bathroom_halves, o.type, o.monthly_rent_cents, o.nightly_cents, o.allows_cats, o.allows_dogs,
           o.is_furnished, o.amenity_bits, o.available_from, o.latitude, o.longitude, o.city, o.neighborhood, o.state, o.zip,
           o.title, o.min_term_months, o.deposit_cents, o.min_nights, o.amenities);
  END IF;
  PERFORM listing_change_append(changed);
  RETURN NULL;
END
$$;
