-- The search map's counts per cell (0014), per filter and place term as well ("beds>=2", "pets:dogs",
-- "city:austin"), so the map of a search that is one such term adds up these rows rather than its
-- listings. The terms are a listing's `listing_facet_terms`, counted as the cells count: published
-- listings the hourly job has not found unconfirmed.
CREATE TABLE "listing_map_term_cell" (
	"term" text COLLATE "C" NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"listings" integer NOT NULL,
	"latitude_sum" double precision NOT NULL,
	"longitude_sum" double precision NOT NULL,
	CONSTRAINT "listing_map_term_cell_term_x_y_pk" PRIMARY KEY("term","x","y")
);--> statement-breakpoint
-- The filter and place terms a listing counts for on the map, none unless the map shows it: the
-- lexemes of its search vector without positions, which are those `listing_facet_terms` put there
-- (words have positions), read without building them again.
CREATE FUNCTION listing_map_terms(l listing) RETURNS SETOF text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  select t.lexeme from unnest(l.search_vector) as t
  where t.positions is null and l.status = 'published' and (l.stale_notice_sent_at is null or l.stale_notice_sent_at < l.last_confirmed_at)
$$;--> statement-breakpoint
-- Each statement that changes listings adds, per term and cell, the listings it brings and takes away
-- (in key order, so two writers lock the counts in the same order). Emptied rows stay, at zero.
CREATE FUNCTION listing_map_term_cell_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO listing_map_term_cell (term, x, y, listings, latitude_sum, longitude_sum)
    SELECT t.term, map_cell_x(n.longitude, 16), map_cell_y(n.latitude, 16), count(*), sum(n.latitude), sum(n.longitude)
    FROM new_rows AS n, listing_map_terms(n) AS t(term) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (term, x, y) DO UPDATE SET
      listings = listing_map_term_cell.listings + excluded.listings,
      latitude_sum = listing_map_term_cell.latitude_sum + excluded.latitude_sum,
      longitude_sum = listing_map_term_cell.longitude_sum + excluded.longitude_sum;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO listing_map_term_cell (term, x, y, listings, latitude_sum, longitude_sum)
    SELECT t.term, map_cell_x(o.longitude, 16), map_cell_y(o.latitude, 16), -count(*), -sum(o.latitude), -sum(o.longitude)
    FROM old_rows AS o, listing_map_terms(o) AS t(term) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (term, x, y) DO UPDATE SET
      listings = listing_map_term_cell.listings + excluded.listings,
      latitude_sum = listing_map_term_cell.latitude_sum + excluded.latitude_sum,
      longitude_sum = listing_map_term_cell.longitude_sum + excluded.longitude_sum;
  ELSE
    INSERT INTO listing_map_term_cell (term, x, y, listings, latitude_sum, longitude_sum)
    SELECT term, x, y, sum(delta), sum(delta * latitude), sum(delta * longitude) FROM (
      SELECT t.term, map_cell_x(n.longitude, 16) AS x, map_cell_y(n.latitude, 16) AS y, 1 AS delta, n.latitude, n.longitude
      FROM new_rows AS n, listing_map_terms(n) AS t(term)
      UNION ALL
      SELECT t.term, map_cell_x(o.longitude, 16), map_cell_y(o.latitude, 16), -1, o.latitude, o.longitude
      FROM old_rows AS o, listing_map_terms(o) AS t(term)
    ) AS changes
    GROUP BY term, x, y HAVING sum(delta) <> 0 OR sum(delta * latitude) <> 0 OR sum(delta * longitude) <> 0 ORDER BY term, x, y
    ON CONFLICT (term, x, y) DO UPDATE SET
      listings = listing_map_term_cell.listings + excluded.listings,
      latitude_sum = listing_map_term_cell.latitude_sum + excluded.latitude_sum,
      longitude_sum = listing_map_term_cell.longitude_sum + excluded.longitude_sum;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER listing_map_term_cell_insert AFTER INSERT ON listing REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_map_term_cell_count();--> statement-breakpoint
CREATE TRIGGER listing_map_term_cell_update AFTER UPDATE ON listing REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_map_term_cell_count();--> statement-breakpoint
CREATE TRIGGER listing_map_term_cell_delete AFTER DELETE ON listing REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_map_term_cell_count();--> statement-breakpoint
INSERT INTO listing_map_term_cell (term, x, y, listings, latitude_sum, longitude_sum)
SELECT t.term, map_cell_x(l.longitude, 16), map_cell_y(l.latitude, 16), count(*), sum(l.latitude), sum(l.longitude)
FROM listing AS l, listing_map_terms(l) AS t(term) GROUP BY 1, 2, 3;
