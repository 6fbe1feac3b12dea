CREATE TABLE "saved_listing" (
	"email" text NOT NULL,
	"listing_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_listing_email_listing_id_pk" PRIMARY KEY("email","listing_id")
);
--> statement-breakpoint
ALTER TABLE "listing_photo" DROP CONSTRAINT "listing_photo_status_check";--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "stale_notice_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "view_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_photo" ADD COLUMN "variant_widths" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_photo" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "saved_listing" ADD CONSTRAINT "saved_listing_email_list_email_fk" FOREIGN KEY ("email") REFERENCES "public"."list"("email") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "saved_listing" ADD CONSTRAINT "saved_listing_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_listing_listing_idx" ON "saved_listing" USING btree ("listing_id");--> statement-breakpoint
ALTER TABLE "listing_photo" ADD CONSTRAINT "listing_photo_status_check" CHECK ("listing_photo"."status" in ('pending', 'ready', 'failed'));