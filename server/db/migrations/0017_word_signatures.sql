-- A signature of each listing's words in the search's covering indexes, so a walk along a sort checks
-- a search's words against the index entries before reading rows: 256 bits, three set per word (by
-- the md5 of its lexeme, the same on every PostgreSQL), over the words of the title, place and
-- description. A listing whose signature lacks a word's bits cannot have the word; one that has them
-- may, and its row is read to know. Negated words, phrases' order and a city's prefix are checked on
-- the row and the index as before.
CREATE FUNCTION listing_word_bits(lexeme text) RETURNS bit(256)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select set_bit(set_bit(set_bit(repeat('0', 256)::bit(256), get_byte(d, 0), 1), get_byte(d, 1), 1), get_byte(d, 2), 1)
  from (select decode(md5(lexeme), 'hex') as d) as digest
$$;--> statement-breakpoint
CREATE FUNCTION listing_word_signature(words tsvector) RETURNS bit(256)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select coalesce(bit_or(listing_word_bits(t.lexeme)), repeat('0', 256)::bit(256)) from unnest(words) as t
$$;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "word_signature" bit(256) GENERATED ALWAYS AS (listing_word_signature(to_tsvector('english'::regconfig, coalesce("title", '')) || to_tsvector('english'::regconfig, coalesce("city", '') || ' ' || coalesce("neighbourhood", '') || ' ' || coalesce("zip", '')) || to_tsvector('english'::regconfig, coalesce("description", '')))) STORED NOT NULL;--> statement-breakpoint
DROP INDEX "listing_search_largest_idx";--> statement-breakpoint
DROP INDEX "listing_search_location_idx";--> statement-breakpoint
DROP INDEX "listing_search_newest_idx";--> statement-breakpoint
DROP INDEX "listing_search_price_idx";--> statement-breakpoint
CREATE INDEX "listing_search_largest_idx" ON "listing" USING btree (interior_sqft DESC NULLS LAST, id DESC NULLS LAST) INCLUDE (last_confirmed_at, bedrooms, bathroom_halves, type, monthly_rent_cents, nightly_cents, allows_cats, allows_dogs, is_furnished, amenity_bits, available_from, city, zip, all_in_monthly_cents, latitude, longitude, word_signature) WHERE (status = 'published'::text);
--> statement-breakpoint
CREATE INDEX "listing_search_location_idx" ON "listing" USING btree (latitude, longitude) INCLUDE (id, last_confirmed_at, bedrooms, bathroom_halves, type, monthly_rent_cents, nightly_cents, allows_cats, allows_dogs, is_furnished, amenity_bits, available_from, city, zip, all_in_monthly_cents, created_at, interior_sqft, word_signature) WHERE (status = 'published'::text);
--> statement-breakpoint
CREATE INDEX "listing_search_newest_idx" ON "listing" USING btree (created_at DESC NULLS LAST, id DESC NULLS LAST) INCLUDE (last_confirmed_at, bedrooms, bathroom_halves, type, monthly_rent_cents, nightly_cents, allows_cats, allows_dogs, is_furnished, amenity_bits, available_from, city, zip, all_in_monthly_cents, latitude, longitude, word_signature) WHERE (status = 'published'::text);
--> statement-breakpoint
CREATE INDEX "listing_search_price_idx" ON "listing" USING btree (all_in_monthly_cents, id) INCLUDE (last_confirmed_at, bedrooms, bathroom_halves, type, monthly_rent_cents, nightly_cents, allows_cats, allows_dogs, is_furnished, amenity_bits, available_from, city, zip, latitude, longitude, word_signature) WHERE (status = 'published'::text);
