CREATE TABLE "tour_availability" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"listing_id" bigint,
	"tours_enabled" boolean NOT NULL,
	"windows" jsonb NOT NULL,
	"tour_minutes" smallint NOT NULL,
	"notice_hours" smallint NOT NULL,
	"buffer_minutes" smallint NOT NULL,
	"parties_per_slot" smallint NOT NULL,
	"blocked_dates" date[] DEFAULT '{}'::date[] NOT NULL,
	"auto_confirm" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_availability_minutes_check" CHECK ("tour_availability"."tour_minutes" between 15 and 60),
	CONSTRAINT "tour_availability_notice_check" CHECK ("tour_availability"."notice_hours" between 0 and 336),
	CONSTRAINT "tour_availability_buffer_check" CHECK ("tour_availability"."buffer_minutes" between 0 and 120),
	CONSTRAINT "tour_availability_parties_check" CHECK ("tour_availability"."parties_per_slot" between 1 and 50)
);
--> statement-breakpoint
ALTER TABLE "tour_availability" ADD CONSTRAINT "tour_availability_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_availability" ADD CONSTRAINT "tour_availability_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tour_availability_owner_listing_idx" ON "tour_availability" USING btree ("owner_id",coalesce("listing_id", 0));