ALTER TABLE "cooper_index_market" ADD COLUMN "level_rents" integer;--> statement-breakpoint
ALTER TABLE "cooper_index_market" ADD COLUMN "level_half_width" double precision;