-- Search is answered from each app process's memory (docs/decisions/026-search-served-from-memory.md):
-- the map's cell counts, the words' signatures and the four covering search indexes go, with the
-- triggers and functions that kept them; a plain index on the published listings' prices stays for a
-- listing page's similar homes.
DROP TRIGGER listing_map_cell_insert ON listing;--> statement-breakpoint
DROP TRIGGER listing_map_cell_update ON listing;--> statement-breakpoint
DROP TRIGGER listing_map_cell_delete ON listing;--> statement-breakpoint
DROP TRIGGER listing_map_term_cell_insert ON listing;--> statement-breakpoint
DROP TRIGGER listing_map_term_cell_update ON listing;--> statement-breakpoint
DROP TRIGGER listing_map_term_cell_delete ON listing;--> statement-breakpoint
DROP FUNCTION listing_map_cell_count_update();--> statement-breakpoint
DROP FUNCTION listing_map_cell_count_insert();--> statement-breakpoint
DROP FUNCTION listing_map_cell_count_delete();--> statement-breakpoint
DROP FUNCTION listing_map_term_cell_count();--> statement-breakpoint
DROP FUNCTION listing_map_terms(listing);--> statement-breakpoint
DROP FUNCTION map_cell_x(double precision, integer);--> statement-breakpoint
DROP FUNCTION map_cell_y(double precision, integer);--> statement-breakpoint
DROP TABLE "listing_map_cell";--> statement-breakpoint
DROP TABLE "listing_map_term_cell";--> statement-breakpoint
DROP INDEX "listing_search_newest_idx";--> statement-breakpoint
DROP INDEX "listing_search_price_idx";--> statement-breakpoint
DROP INDEX "listing_search_largest_idx";--> statement-breakpoint
DROP INDEX "listing_search_location_idx";--> statement-breakpoint
ALTER TABLE "listing" DROP COLUMN "word_signature";--> statement-breakpoint
DROP FUNCTION listing_word_signature(tsvector);--> statement-breakpoint
DROP FUNCTION listing_word_bits(text);--> statement-breakpoint
CREATE INDEX "listing_published_price_idx" ON "listing" USING btree ("all_in_monthly_cents","id") WHERE "listing"."status" = 'published';
