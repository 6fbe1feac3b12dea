-- Each asking price says where it stood in the home's marketing, so the Cooper Index counts one rent per
-- letting (the last ask before the home was let) and leaves out rent reviews of let homes. What a price
-- written before this column was cannot be told now: those rows read 'asking', and the index splits them
-- into lettings by the gap between asks (docs/cooper-index-method.md).
ALTER TABLE "listing_price_history" ADD COLUMN "market_phase" text DEFAULT 'asking' NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_price_history" ADD CONSTRAINT "listing_price_history_market_phase_check" CHECK ("listing_price_history"."market_phase" in ('listed', 'asking', 'off-market'));