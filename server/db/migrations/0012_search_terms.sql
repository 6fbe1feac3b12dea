-- The filter terms of a listing, for its search vector: one GIN lookup then intersects words and filters.
CREATE FUNCTION listing_facet_terms(type text, bedrooms smallint, bathroom_halves smallint, monthly_rent_cents integer, nightly_cents integer, allows_cats boolean, allows_dogs boolean, is_furnished boolean, amenities text[], city text, zip text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select array_to_tsvector(array_remove(array[
    'type:' || type,
    case when monthly_rent_cents is not null then 'offer:lease' end,
    case when nightly_cents is not null then 'offer:short-term' end,
    case when allows_cats then 'pets:cats' end,
    case when allows_dogs then 'pets:dogs' end,
    'furnished:' || is_furnished,
    'city:' || lower(city),
    'zip:' || zip
  ], null)
  -- "At least n" bedrooms and bathroom halves, one term each, so a minimum is one term to look up.
  || array(select 'beds>=' || n from generate_series(1, bedrooms) as n)
  || array(select 'baths>=' || n from generate_series(1, bathroom_halves) as n)
  || array(select 'amenity:' || a from unnest(amenities) as a))
$$;--> statement-breakpoint
CREATE TABLE "listing_search_term" (
	"term" text COLLATE "C" PRIMARY KEY NOT NULL,
	"listings" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("city", '') || ' ' || coalesce("neighbourhood", '') || ' ' || coalesce("zip", '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'C') || listing_facet_terms("type", "bedrooms", "bathroom_halves", "monthly_rent_cents", "nightly_cents", "allows_cats", "allows_dogs", "is_furnished", "amenities", "city", "zip")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "listing_search_vector_idx" ON "listing" USING gin ("search_vector");--> statement-breakpoint
-- Each statement that writes listings adds, per term, the published listings it brings and takes away
-- (in term order, so two writers lock the counts in the same order).
CREATE FUNCTION listing_search_term_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO listing_search_term (term, listings)
    SELECT t.lexeme, count(*) FROM new_rows AS n, unnest(n.search_vector) AS t WHERE n.status = 'published'
    GROUP BY t.lexeme ORDER BY t.lexeme
    ON CONFLICT (term) DO UPDATE SET listings = listing_search_term.listings + excluded.listings;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO listing_search_term (term, listings)
    SELECT t.lexeme, -count(*) FROM old_rows AS o, unnest(o.search_vector) AS t WHERE o.status = 'published'
    GROUP BY t.lexeme ORDER BY t.lexeme
    ON CONFLICT (term) DO UPDATE SET listings = listing_search_term.listings + excluded.listings;
  ELSE
    INSERT INTO listing_search_term (term, listings)
    SELECT term, sum(delta) FROM (
      SELECT t.lexeme AS term, 1 AS delta FROM new_rows AS n, unnest(n.search_vector) AS t WHERE n.status = 'published'
      UNION ALL
      SELECT t.lexeme, -1 FROM old_rows AS o, unnest(o.search_vector) AS t WHERE o.status = 'published'
    ) AS changes
    GROUP BY term HAVING sum(delta) <> 0 ORDER BY term
    ON CONFLICT (term) DO UPDATE SET listings = listing_search_term.listings + excluded.listings;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER listing_search_term_insert AFTER INSERT ON listing REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_search_term_count();--> statement-breakpoint
CREATE TRIGGER listing_search_term_update AFTER UPDATE ON listing REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_search_term_count();--> statement-breakpoint
CREATE TRIGGER listing_search_term_delete AFTER DELETE ON listing REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_search_term_count();--> statement-breakpoint
INSERT INTO listing_search_term (term, listings)
SELECT t.lexeme, count(*) FROM listing AS l, unnest(l.search_vector) AS t WHERE l.status = 'published' GROUP BY t.lexeme;
