ALTER TABLE "stay_booking" ADD COLUMN "guest_time_zone" text;--> statement-breakpoint
ALTER TABLE "stay_booking" ADD COLUMN "refund_note" text DEFAULT '' NOT NULL;