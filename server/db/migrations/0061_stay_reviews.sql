CREATE TABLE "stay_review" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" bigint NOT NULL,
	"listing_id" bigint NOT NULL,
	"side" text NOT NULL,
	"author_id" text NOT NULL,
	"cleanliness" smallint NOT NULL,
	"communication" smallint NOT NULL,
	"accuracy" smallint,
	"location" smallint,
	"value" smallint,
	"house_rules" smallint,
	"text" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"publish_by" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"answer" text,
	"answered_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"removed_by" text,
	"removal_rule" text,
	"removal_note" text,
	CONSTRAINT "stay_review_side_check" CHECK ("stay_review"."side" in ('guest', 'host')),
	CONSTRAINT "stay_review_stars_check" CHECK ("stay_review"."cleanliness" between 1 and 5 and "stay_review"."communication" between 1 and 5 and case when "stay_review"."side" = 'guest' then "stay_review"."house_rules" is null and "stay_review"."accuracy" is not null and "stay_review"."location" is not null and "stay_review"."value" is not null and "stay_review"."accuracy" between 1 and 5 and "stay_review"."location" between 1 and 5 and "stay_review"."value" between 1 and 5 else "stay_review"."accuracy" is null and "stay_review"."location" is null and "stay_review"."value" is null and "stay_review"."house_rules" is not null and "stay_review"."house_rules" between 1 and 5 end),
	CONSTRAINT "stay_review_text_check" CHECK (char_length("stay_review"."text") between 1 and 2000 and ("stay_review"."answer" is null or char_length("stay_review"."answer") between 1 and 1000)),
	CONSTRAINT "stay_review_answer_check" CHECK (("stay_review"."answer" is null) = ("stay_review"."answered_at" is null) and ("stay_review"."answer" is null or ("stay_review"."side" = 'guest' and "stay_review"."published_at" is not null))),
	CONSTRAINT "stay_review_removal_check" CHECK (("stay_review"."removed_at" is null) = ("stay_review"."removal_rule" is null) and ("stay_review"."removal_rule" is null or ("stay_review"."removal_rule" in ('stay', 'incentive', 'personal', 'respect', 'spam') and "stay_review"."removal_note" is not null and char_length("stay_review"."removal_note") <= 500)))
);
--> statement-breakpoint
ALTER TABLE "stay_review" ADD CONSTRAINT "stay_review_booking_id_stay_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."stay_booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_review" ADD CONSTRAINT "stay_review_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_review" ADD CONSTRAINT "stay_review_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_review" ADD CONSTRAINT "stay_review_removed_by_user_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stay_review_side_idx" ON "stay_review" USING btree ("booking_id","side");--> statement-breakpoint
CREATE INDEX "stay_review_listing_idx" ON "stay_review" USING btree ("listing_id","published_at") WHERE "stay_review"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "stay_review_hidden_idx" ON "stay_review" USING btree ("publish_by") WHERE "stay_review"."published_at" is null;