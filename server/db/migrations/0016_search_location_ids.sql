-- The search's covering index on the location carries the listing's id as well, so a search within a
-- small map area (the area plan) finds its listings, filters and sorts them from this index alone,
-- reading no row but the page's: without the id each listing in the area cost a read of its row.
DROP INDEX "listing_search_location_idx";--> statement-breakpoint
CREATE INDEX "listing_search_location_idx" ON "listing" USING btree ("latitude", "longitude") INCLUDE ("id", "last_confirmed_at", "bedrooms", "bathroom_halves", "type", "monthly_rent_cents", "nightly_cents", "allows_cats", "allows_dogs", "is_furnished", "amenity_bits", "available_from", "city", "zip", "all_in_monthly_cents", "created_at", "interior_sqft") WHERE "status" = 'published';
