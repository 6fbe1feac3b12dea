-- A booking keeps the check-in and check-out times it was made under. Bookings made before take their
-- listing's times now (its rules, or the defaults of common/stays/rules.ts: 15:00 and 11:00).
ALTER TABLE "stay_booking" ADD COLUMN "check_in_time" text;--> statement-breakpoint
ALTER TABLE "stay_booking" ADD COLUMN "check_out_time" text;--> statement-breakpoint
UPDATE "stay_booking" b SET
  "check_in_time" = coalesce((SELECT r."check_in_time" FROM "stay_rules" r WHERE r."listing_id" = b."listing_id"), '15:00'),
  "check_out_time" = coalesce((SELECT r."check_out_time" FROM "stay_rules" r WHERE r."listing_id" = b."listing_id"), '11:00');--> statement-breakpoint
ALTER TABLE "stay_booking" ALTER COLUMN "check_in_time" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stay_booking" ALTER COLUMN "check_out_time" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stay_booking" ADD CONSTRAINT "stay_booking_times_check" CHECK ("stay_booking"."check_in_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "stay_booking"."check_out_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
