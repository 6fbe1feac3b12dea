CREATE TABLE "stay_booking" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"guest_id" text NOT NULL,
	"host_id" text NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"guests" smallint NOT NULL,
	"time_zone" text NOT NULL,
	"state" text NOT NULL,
	"instant" boolean NOT NULL,
	"quote" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"cancellation_policy" text NOT NULL,
	"refund_cents" integer,
	"message" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"answer_by" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_booking_state_check" CHECK ("stay_booking"."state" in ('requested', 'declined', 'expired', 'confirmed', 'checked_in', 'completed', 'cancelled')),
	CONSTRAINT "stay_booking_dates_check" CHECK ("stay_booking"."check_out" > "stay_booking"."check_in"),
	CONSTRAINT "stay_booking_guests_check" CHECK ("stay_booking"."guests" between 1 and 50),
	CONSTRAINT "stay_booking_money_check" CHECK ("stay_booking"."total_cents" >= 0 and ("stay_booking"."refund_cents" is null or "stay_booking"."refund_cents" between 0 and "stay_booking"."total_cents")),
	CONSTRAINT "stay_booking_text_check" CHECK (char_length("stay_booking"."message") <= 1000 and char_length("stay_booking"."reason") <= 500),
	CONSTRAINT "stay_booking_policy_check" CHECK ("stay_booking"."cancellation_policy" in ('flexible', 'moderate', 'strict'))
);
--> statement-breakpoint
CREATE TABLE "stay_booking_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" bigint NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_booking_event_action_check" CHECK ("stay_booking_event"."action" in ('requested', 'instant_booked', 'accepted', 'declined', 'expired', 'checked_in', 'completed', 'cancelled_by_guest', 'cancelled_by_host'))
);
--> statement-breakpoint
CREATE TABLE "stay_calendar_feed" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"last_imported_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"conflicts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_calendar_feed_name_check" CHECK (char_length("stay_calendar_feed"."name") between 1 and 80),
	CONSTRAINT "stay_calendar_feed_url_check" CHECK (char_length("stay_calendar_feed"."url") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "stay_hold" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"nights" daterange NOT NULL,
	"kind" text NOT NULL,
	"booking_id" bigint,
	"feed_id" bigint,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_hold_kind_check" CHECK ("stay_hold"."kind" in ('booking', 'host_block', 'import')),
	CONSTRAINT "stay_hold_owner_check" CHECK (("stay_hold"."kind" = 'booking') = ("stay_hold"."booking_id" is not null) and ("stay_hold"."kind" = 'import') = ("stay_hold"."feed_id" is not null)),
	CONSTRAINT "stay_hold_bounded_check" CHECK (not isempty("stay_hold"."nights") and lower_inc("stay_hold"."nights") and not upper_inc("stay_hold"."nights") and not lower_inf("stay_hold"."nights") and not upper_inf("stay_hold"."nights"))
);
--> statement-breakpoint
CREATE TABLE "stay_rules" (
	"listing_id" bigint PRIMARY KEY NOT NULL,
	"instant_book" boolean NOT NULL,
	"max_nights" smallint NOT NULL,
	"max_guests" smallint NOT NULL,
	"advance_notice_days" smallint NOT NULL,
	"preparation_days" smallint NOT NULL,
	"booking_window_days" smallint NOT NULL,
	"check_in_time" text NOT NULL,
	"check_out_time" text NOT NULL,
	"cleaning_fee_cents" integer NOT NULL,
	"weekend_nightly_cents" integer,
	"weekly_discount_percent" smallint NOT NULL,
	"cancellation_policy" text NOT NULL,
	"check_in_details" text DEFAULT '' NOT NULL,
	"ical_export_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_rules_nights_check" CHECK ("stay_rules"."max_nights" between 1 and 365),
	CONSTRAINT "stay_rules_guests_check" CHECK ("stay_rules"."max_guests" between 1 and 50),
	CONSTRAINT "stay_rules_notice_check" CHECK ("stay_rules"."advance_notice_days" between 0 and 30),
	CONSTRAINT "stay_rules_preparation_check" CHECK ("stay_rules"."preparation_days" between 0 and 7),
	CONSTRAINT "stay_rules_window_check" CHECK ("stay_rules"."booking_window_days" between 1 and 730),
	CONSTRAINT "stay_rules_times_check" CHECK ("stay_rules"."check_in_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "stay_rules"."check_out_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "stay_rules_money_check" CHECK ("stay_rules"."cleaning_fee_cents" >= 0 and ("stay_rules"."weekend_nightly_cents" is null or "stay_rules"."weekend_nightly_cents" > 0)),
	CONSTRAINT "stay_rules_discount_check" CHECK ("stay_rules"."weekly_discount_percent" between 0 and 90),
	CONSTRAINT "stay_rules_policy_check" CHECK ("stay_rules"."cancellation_policy" in ('flexible', 'moderate', 'strict'))
);
--> statement-breakpoint
ALTER TABLE "stay_booking" ADD CONSTRAINT "stay_booking_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_booking" ADD CONSTRAINT "stay_booking_guest_id_user_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_booking" ADD CONSTRAINT "stay_booking_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_booking_event" ADD CONSTRAINT "stay_booking_event_booking_id_stay_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."stay_booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_calendar_feed" ADD CONSTRAINT "stay_calendar_feed_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_hold" ADD CONSTRAINT "stay_hold_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_hold" ADD CONSTRAINT "stay_hold_booking_id_stay_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."stay_booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_hold" ADD CONSTRAINT "stay_hold_feed_id_stay_calendar_feed_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."stay_calendar_feed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_rules" ADD CONSTRAINT "stay_rules_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stay_booking_guest_idx" ON "stay_booking" USING btree ("guest_id","check_in");--> statement-breakpoint
CREATE INDEX "stay_booking_host_idx" ON "stay_booking" USING btree ("host_id","check_in");--> statement-breakpoint
CREATE INDEX "stay_booking_listing_idx" ON "stay_booking" USING btree ("listing_id","check_in");--> statement-breakpoint
CREATE INDEX "stay_booking_unanswered_idx" ON "stay_booking" USING btree ("answer_by") WHERE "stay_booking"."state" = 'requested';--> statement-breakpoint
CREATE INDEX "stay_booking_event_booking_idx" ON "stay_booking_event" USING btree ("booking_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stay_calendar_feed_listing_url_idx" ON "stay_calendar_feed" USING btree ("listing_id","url");--> statement-breakpoint
CREATE UNIQUE INDEX "stay_hold_booking_idx" ON "stay_hold" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "stay_hold_feed_idx" ON "stay_hold" USING btree ("feed_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stay_rules_ical_token_idx" ON "stay_rules" USING btree ("ical_export_token");