ALTER TABLE "cooper_index_market" ADD COLUMN "base_start" date;--> statement-breakpoint
ALTER TABLE "cooper_index_market" ADD COLUMN "base_end" date;