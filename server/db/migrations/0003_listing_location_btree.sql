DROP INDEX "listing_location_idx";--> statement-breakpoint
CREATE INDEX "listing_location_idx" ON "listing" USING btree ("latitude","longitude");