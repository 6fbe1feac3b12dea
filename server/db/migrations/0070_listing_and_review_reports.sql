CREATE TABLE "listing_report" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolution" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"resolution_note" text,
	CONSTRAINT "listing_report_reason_check" CHECK ("listing_report"."reason" in ('scam', 'not-available', 'wrong-details', 'discriminatory', 'other')),
	CONSTRAINT "listing_report_text_check" CHECK (char_length("listing_report"."text") <= 1000 and ("listing_report"."reason" <> 'other' or char_length("listing_report"."text") > 0)),
	CONSTRAINT "listing_report_resolution_check" CHECK (("listing_report"."resolution" is null) = ("listing_report"."resolved_at" is null) and ("listing_report"."resolution" is null or "listing_report"."resolution" in ('approved', 'unpublished', 'removed')) and ("listing_report"."resolution_note" is null or char_length("listing_report"."resolution_note") <= 1000))
);
--> statement-breakpoint
CREATE TABLE "review_report" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"review_id" bigint NOT NULL,
	"reporter_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolution" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"resolution_note" text,
	CONSTRAINT "review_report_text_check" CHECK (char_length("review_report"."text") between 1 and 1000),
	CONSTRAINT "review_report_resolution_check" CHECK (("review_report"."resolution" is null) = ("review_report"."resolved_at" is null) and ("review_report"."resolution" is null or "review_report"."resolution" in ('dismissed', 'review-removed')) and ("review_report"."resolution_note" is null or char_length("review_report"."resolution_note") <= 1000))
);
--> statement-breakpoint
ALTER TABLE "listing" DROP CONSTRAINT "listing_status_check";--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "approved_text_sha256" text;--> statement-breakpoint
ALTER TABLE "listing_report" ADD CONSTRAINT "listing_report_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_report" ADD CONSTRAINT "listing_report_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_report" ADD CONSTRAINT "listing_report_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_report" ADD CONSTRAINT "review_report_review_id_stay_review_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."stay_review"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_report" ADD CONSTRAINT "review_report_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_report" ADD CONSTRAINT "review_report_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_report_once_idx" ON "listing_report" USING btree ("reporter_id","listing_id");--> statement-breakpoint
CREATE INDEX "listing_report_listing_idx" ON "listing_report" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "listing_report_open_idx" ON "listing_report" USING btree ("created_at") WHERE "listing_report"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "review_report_once_idx" ON "review_report" USING btree ("reporter_id","review_id");--> statement-breakpoint
CREATE INDEX "review_report_open_idx" ON "review_report" USING btree ("created_at") WHERE "review_report"."resolved_at" is null;--> statement-breakpoint
ALTER TABLE "listing" ADD CONSTRAINT "listing_held_check" CHECK (("listing"."status" = 'held') = ("listing"."held_reason" is not null and "listing"."held_reason" <> 'removed') and ("listing"."held_reason" is null) = ("listing"."held_at" is null) and ("listing"."held_reason" is null or "listing"."held_reason" in ('reports', 'payment-words', 'owner-banned', 'removed')));--> statement-breakpoint
ALTER TABLE "listing" ADD CONSTRAINT "listing_status_check" CHECK ("listing"."status" in ('draft', 'published', 'leased', 'archived', 'held'));