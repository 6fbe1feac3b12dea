CREATE TABLE "listing_map_cell" (
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"listings" integer NOT NULL,
	"latitude_sum" double precision NOT NULL,
	"longitude_sum" double precision NOT NULL,
	CONSTRAINT "listing_map_cell_x_y_pk" PRIMARY KEY("x","y")
);
--> statement-breakpoint
CREATE INDEX "listing_on_map_confirmed_idx" ON "listing" USING btree ("last_confirmed_at") WHERE "listing"."status" = 'published' and ("listing"."stale_notice_sent_at" is null or "listing"."stale_notice_sent_at" < "listing"."last_confirmed_at");--> statement-breakpoint
-- The column and row of a point's cell on the search map's grid at a level (common/listings/map-grid.ts).
CREATE FUNCTION map_cell_x(longitude double precision, level integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select least(2 ^ level - 1, greatest(0, floor((longitude + 180) / 360 * 2 ^ level)))::integer
$$;--> statement-breakpoint
CREATE FUNCTION map_cell_y(latitude double precision, level integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select least(2 ^ level - 1, greatest(0, floor(
    (1 - ln(tan(radians(least(85.0511287798, greatest(-85.0511287798, latitude))))
      + 1 / cos(radians(least(85.0511287798, greatest(-85.0511287798, latitude))))) / pi()) / 2 * 2 ^ level
  )))::integer
$$;--> statement-breakpoint
-- Each statement that changes listings adds, per cell, the published listings it brings and takes
-- away (in cell order, so two writers lock the counts in the same order). Emptied cells stay, at zero.
-- A listing the hourly job found unconfirmed (stale_notice_sent_at since its last confirmation) is
-- not counted: renters no longer find it.
CREATE FUNCTION listing_map_cell_count_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_map_cell (x, y, listings, latitude_sum, longitude_sum)
  SELECT x, y, sum(delta), sum(delta * latitude), sum(delta * longitude) FROM (
    SELECT map_cell_x(n.longitude, 16) AS x, map_cell_y(n.latitude, 16) AS y, 1 AS delta, n.latitude, n.longitude
    FROM new_rows AS n WHERE n.status = 'published' AND (n.stale_notice_sent_at IS NULL OR n.stale_notice_sent_at < n.last_confirmed_at)
    UNION ALL
    SELECT map_cell_x(o.longitude, 16), map_cell_y(o.latitude, 16), -1, o.latitude, o.longitude
    FROM old_rows AS o WHERE o.status = 'published' AND (o.stale_notice_sent_at IS NULL OR o.stale_notice_sent_at < o.last_confirmed_at)
  ) AS changes
  GROUP BY x, y HAVING sum(delta) <> 0 OR sum(delta * latitude) <> 0 OR sum(delta * longitude) <> 0 ORDER BY x, y
  ON CONFLICT (x, y) DO UPDATE SET
    listings = listing_map_cell.listings + excluded.listings,
    latitude_sum = listing_map_cell.latitude_sum + excluded.latitude_sum,
    longitude_sum = listing_map_cell.longitude_sum + excluded.longitude_sum;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION listing_map_cell_count_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_map_cell (x, y, listings, latitude_sum, longitude_sum)
  SELECT map_cell_x(n.longitude, 16), map_cell_y(n.latitude, 16), count(*), sum(n.latitude), sum(n.longitude)
  FROM new_rows AS n WHERE n.status = 'published' AND (n.stale_notice_sent_at IS NULL OR n.stale_notice_sent_at < n.last_confirmed_at) GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (x, y) DO UPDATE SET
    listings = listing_map_cell.listings + excluded.listings,
    latitude_sum = listing_map_cell.latitude_sum + excluded.latitude_sum,
    longitude_sum = listing_map_cell.longitude_sum + excluded.longitude_sum;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION listing_map_cell_count_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_map_cell (x, y, listings, latitude_sum, longitude_sum)
  SELECT map_cell_x(o.longitude, 16), map_cell_y(o.latitude, 16), -count(*), -sum(o.latitude), -sum(o.longitude)
  FROM old_rows AS o WHERE o.status = 'published' AND (o.stale_notice_sent_at IS NULL OR o.stale_notice_sent_at < o.last_confirmed_at) GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (x, y) DO UPDATE SET
    listings = listing_map_cell.listings + excluded.listings,
    latitude_sum = listing_map_cell.latitude_sum + excluded.latitude_sum,
    longitude_sum = listing_map_cell.longitude_sum + excluded.longitude_sum;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER listing_map_cell_insert AFTER INSERT ON listing REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_map_cell_count_insert();--> statement-breakpoint
CREATE TRIGGER listing_map_cell_update AFTER UPDATE ON listing REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_map_cell_count_update();--> statement-breakpoint
CREATE TRIGGER listing_map_cell_delete AFTER DELETE ON listing REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_map_cell_count_delete();--> statement-breakpoint
INSERT INTO listing_map_cell (x, y, listings, latitude_sum, longitude_sum)
SELECT map_cell_x(longitude, 16), map_cell_y(latitude, 16), count(*), sum(latitude), sum(longitude)
FROM listing WHERE status = 'published' AND (stale_notice_sent_at IS NULL OR stale_notice_sent_at < last_confirmed_at) GROUP BY 1, 2;
