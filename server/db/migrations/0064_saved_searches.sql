CREATE TABLE "alert" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"change_id" bigint NOT NULL,
	"listing_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"saved_search_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"below_index" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "alert_kind_check" CHECK ("alert"."kind" in ('new-match', 'match-price-drop', 'saved-price-drop', 'saved-leased', 'saved-withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "alert_preference" (
	"user_id" text PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"digest_hour" smallint DEFAULT 8 NOT NULL,
	"saved_homes_frequency" text DEFAULT 'instant' NOT NULL,
	"bounced_at" timestamp with time zone,
	"last_daily_digest_at" timestamp with time zone,
	"last_weekly_digest_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_preference_digest_hour_check" CHECK ("alert_preference"."digest_hour" between 0 and 23),
	CONSTRAINT "alert_preference_saved_homes_check" CHECK ("alert_preference"."saved_homes_frequency" in ('instant', 'daily', 'weekly', 'never'))
);
--> statement-breakpoint
CREATE TABLE "listing_alert_change" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"from_cents" integer,
	"to_cents" integer,
	"title" text NOT NULL,
	"owner_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	CONSTRAINT "listing_alert_change_kind_check" CHECK ("listing_alert_change"."kind" in ('published', 'price-drop', 'leased', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "saved_search" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"frequency" text NOT NULL,
	"below_index_percent" smallint,
	"is_paused" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_name_check" CHECK (char_length("saved_search"."name") between 1 and 80),
	CONSTRAINT "saved_search_query_check" CHECK (char_length("saved_search"."query") <= 2000),
	CONSTRAINT "saved_search_frequency_check" CHECK ("saved_search"."frequency" in ('instant', 'daily', 'weekly', 'never')),
	CONSTRAINT "saved_search_below_index_check" CHECK ("saved_search"."below_index_percent" is null or "saved_search"."below_index_percent" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "saved_search_change" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"saved_search_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_hit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"saved_search_id" bigint NOT NULL,
	"listing_id" bigint NOT NULL,
	"alert_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digested_at" timestamp with time zone,
	CONSTRAINT "saved_search_hit_kind_check" CHECK ("saved_search_hit"."kind" in ('new-match', 'match-price-drop'))
);
--> statement-breakpoint
ALTER TABLE "alert" ADD CONSTRAINT "alert_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert" ADD CONSTRAINT "alert_change_id_listing_alert_change_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."listing_alert_change"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_preference" ADD CONSTRAINT "alert_preference_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search" ADD CONSTRAINT "saved_search_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hit" ADD CONSTRAINT "saved_search_hit_saved_search_id_saved_search_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_search"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hit" ADD CONSTRAINT "saved_search_hit_alert_id_alert_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alert"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_user_change_idx" ON "alert" USING btree ("user_id","change_id");--> statement-breakpoint
CREATE INDEX "alert_user_created_idx" ON "alert" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "alert_unread_idx" ON "alert" USING btree ("user_id") WHERE "alert"."read_at" is null;--> statement-breakpoint
CREATE INDEX "listing_alert_change_unqueued_idx" ON "listing_alert_change" USING btree ("id") WHERE "listing_alert_change"."queued_at" is null;--> statement-breakpoint
CREATE INDEX "saved_search_user_idx" ON "saved_search" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_search_hit_new_idx" ON "saved_search_hit" USING btree ("saved_search_id","listing_id") WHERE "saved_search_hit"."kind" = 'new-match';--> statement-breakpoint
CREATE UNIQUE INDEX "saved_search_hit_alert_idx" ON "saved_search_hit" USING btree ("saved_search_id","alert_id");--> statement-breakpoint
CREATE INDEX "saved_search_hit_search_created_idx" ON "saved_search_hit" USING btree ("saved_search_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_search_hit_undigested_idx" ON "saved_search_hit" USING btree ("saved_search_id") WHERE "saved_search_hit"."digested_at" is null;