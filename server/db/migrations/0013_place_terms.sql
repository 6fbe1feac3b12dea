-- Places as search terms: besides its city and ZIP, a listing's search vector carries its state
-- ("state:tx") and its neighbourhood ("hood:park slope"), so "Austin, TX", "Texas" and "Park Slope"
-- are terms with exact counts, and place suggestions and spelling corrections read those counts.
ALTER TABLE "listing" DROP COLUMN "search_vector";--> statement-breakpoint
DROP FUNCTION listing_facet_terms(text, smallint, smallint, integer, integer, boolean, boolean, boolean, text[], text, text);--> statement-breakpoint
CREATE FUNCTION listing_facet_terms(type text, bedrooms smallint, bathroom_halves smallint, monthly_rent_cents integer, nightly_cents integer, allows_cats boolean, allows_dogs boolean, is_furnished boolean, amenities text[], city text, zip text, state text, neighbourhood text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select array_to_tsvector(array_remove(array[
    'type:' || type,
    case when monthly_rent_cents is not null then 'offer:lease' end,
    case when nightly_cents is not null then 'offer:short-term' end,
    case when allows_cats then 'pets:cats' end,
    case when allows_dogs then 'pets:dogs' end,
    'furnished:' || is_furnished,
    'city:' || lower(city),
    'zip:' || zip,
    'state:' || lower(state),
    case when neighbourhood <> '' then 'hood:' || lower(neighbourhood) end
  ], null)
  -- "At least n" bedrooms and bathroom halves, one term each, so a minimum is one term to look up.
  || array(select 'beds>=' || n from generate_series(1, bedrooms) as n)
  || array(select 'baths>=' || n from generate_series(1, bathroom_halves) as n)
  || array(select 'amenity:' || a from unnest(amenities) as a))
$$;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("city", '') || ' ' || coalesce("neighbourhood", '') || ' ' || coalesce("zip", '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'C') || listing_facet_terms("type", "bedrooms", "bathroom_halves", "monthly_rent_cents", "nightly_cents", "allows_cats", "allows_dogs", "is_furnished", "amenities", "city", "zip", "state", "neighbourhood")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "listing_search_vector_idx" ON "listing" USING gin ("search_vector");--> statement-breakpoint
-- The counts start again from the new vectors.
TRUNCATE listing_search_term;--> statement-breakpoint
INSERT INTO listing_search_term (term, listings)
SELECT t.lexeme, count(*) FROM listing AS l, unnest(l.search_vector) AS t WHERE l.status = 'published' GROUP BY t.lexeme;
