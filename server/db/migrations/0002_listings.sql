CREATE TABLE "listing" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"monthly_rent_cents" integer,
	"min_term_months" smallint,
	"deposit_cents" integer,
	"nightly_cents" integer,
	"min_nights" smallint,
	"currency" text DEFAULT 'USD' NOT NULL,
	"all_in_monthly_cents" integer NOT NULL,
	"included_utilities" text[] DEFAULT '{}'::text[] NOT NULL,
	"street" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"neighbourhood" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"bedrooms" smallint NOT NULL,
	"bathroom_halves" smallint NOT NULL,
	"interior_sqft" integer NOT NULL,
	"year_built" smallint,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"allows_cats" boolean DEFAULT false NOT NULL,
	"allows_dogs" boolean DEFAULT false NOT NULL,
	"pet_policy" text DEFAULT '' NOT NULL,
	"is_furnished" boolean DEFAULT false NOT NULL,
	"available_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("city", '') || ' ' || coalesce("neighbourhood", '') || ' ' || coalesce("zip", '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'C')) STORED NOT NULL,
	CONSTRAINT "listing_type_check" CHECK ("listing"."type" in ('apartment', 'house', 'condo', 'townhouse', 'studio', 'room')),
	CONSTRAINT "listing_status_check" CHECK ("listing"."status" in ('draft', 'published', 'leased', 'archived')),
	CONSTRAINT "listing_offer_check" CHECK ("listing"."monthly_rent_cents" is not null or "listing"."nightly_cents" is not null),
	CONSTRAINT "listing_lease_check" CHECK (("listing"."monthly_rent_cents" is null) = ("listing"."min_term_months" is null) and ("listing"."monthly_rent_cents" is null) = ("listing"."deposit_cents" is null) and coalesce("listing"."monthly_rent_cents", 0) >= 0 and coalesce("listing"."deposit_cents", 0) >= 0 and coalesce("listing"."min_term_months", 1) >= 1),
	CONSTRAINT "listing_short_term_check" CHECK (("listing"."nightly_cents" is null) = ("listing"."min_nights" is null) and coalesce("listing"."nightly_cents", 0) >= 0 and coalesce("listing"."min_nights", 1) >= 1),
	CONSTRAINT "listing_currency_check" CHECK ("listing"."currency" = 'USD'),
	CONSTRAINT "listing_state_check" CHECK ("listing"."state" ~ '^[A-Z]{2}$'),
	CONSTRAINT "listing_zip_check" CHECK ("listing"."zip" ~ '^[0-9]{5}$'),
	CONSTRAINT "listing_coordinates_check" CHECK ("listing"."latitude" between -90 and 90 and "listing"."longitude" between -180 and 180),
	CONSTRAINT "listing_bedrooms_check" CHECK ("listing"."bedrooms" between 0 and 20),
	CONSTRAINT "listing_bathrooms_check" CHECK ("listing"."bathroom_halves" between 0 and 40),
	CONSTRAINT "listing_sqft_check" CHECK ("listing"."interior_sqft" between 1 and 100000),
	CONSTRAINT "listing_amenities_check" CHECK ("listing"."amenities" <@ array['in-unit-laundry', 'parking', 'air-conditioning', 'dishwasher', 'elevator', 'gym', 'pool', 'doorman', 'ev-charging', 'outdoor-space', 'wheelchair-access', 'storage']::text[]),
	CONSTRAINT "listing_utilities_check" CHECK ("listing"."included_utilities" <@ array['water', 'sewer', 'trash', 'gas', 'electricity', 'heat', 'internet']::text[])
);
--> statement-breakpoint
CREATE TABLE "listing_fee" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"name" text NOT NULL,
	"monthly_cents" integer NOT NULL,
	CONSTRAINT "listing_fee_amount_check" CHECK ("listing_fee"."monthly_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "listing_photo" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	"storage_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"width" integer,
	"height" integer,
	"placeholder" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_photo_status_check" CHECK ("listing_photo"."status" in ('pending', 'ready'))
);
--> statement-breakpoint
CREATE TABLE "listing_price_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_price_history_kind_check" CHECK ("listing_price_history"."kind" in ('lease', 'short-term'))
);
--> statement-breakpoint
ALTER TABLE "listing" ADD CONSTRAINT "listing_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_fee" ADD CONSTRAINT "listing_fee_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_photo" ADD CONSTRAINT "listing_photo_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_price_history" ADD CONSTRAINT "listing_price_history_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_owner_id_idx" ON "listing" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "listing_status_price_idx" ON "listing" USING btree ("status","all_in_monthly_cents","id");--> statement-breakpoint
CREATE INDEX "listing_status_created_idx" ON "listing" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_status_sqft_idx" ON "listing" USING btree ("status","interior_sqft" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_search_vector_idx" ON "listing" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "listing_amenities_idx" ON "listing" USING gin ("amenities");--> statement-breakpoint
CREATE INDEX "listing_zip_prefix_idx" ON "listing" USING btree ("zip" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "listing_city_prefix_idx" ON "listing" USING btree (lower("city") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "listing_location_idx" ON "listing" USING gist (point("longitude", "latitude"));--> statement-breakpoint
CREATE INDEX "listing_fee_listing_id_idx" ON "listing_fee" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "listing_photo_listing_idx" ON "listing_photo" USING btree ("listing_id","position");--> statement-breakpoint
CREATE INDEX "listing_price_history_listing_idx" ON "listing_price_history" USING btree ("listing_id","changed_at");