CREATE TABLE "application" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"renter_id" text NOT NULL,
	"landlord_id" text NOT NULL,
	"criteria_id" bigint,
	"state" text NOT NULL,
	"snapshot" jsonb,
	"move_in_date" date,
	"lease_months" smallint,
	"note" text DEFAULT '' NOT NULL,
	"rent_cents" integer,
	"info_request" text DEFAULT '' NOT NULL,
	"decline_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"conditions" text[] DEFAULT '{}'::text[] NOT NULL,
	"decision_text" text DEFAULT '' NOT NULL,
	"deposit_cents" integer,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"home_taken_told_at" timestamp with time zone,
	"documents_deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_state_check" CHECK ("application"."state" in ('draft', 'submitted', 'under_review', 'info_requested', 'approved', 'conditionally_approved', 'declined', 'withdrawn', 'expired')),
	CONSTRAINT "application_note_check" CHECK (char_length("application"."note") <= 1000 and char_length("application"."info_request") <= 2000 and char_length("application"."decision_text") <= 2000),
	CONSTRAINT "application_lease_check" CHECK ("application"."lease_months" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "application_criteria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"income_multiple_tenths" smallint,
	"pet_policy" text NOT NULL,
	"max_occupants" smallint,
	"move_in_from" date,
	"move_in_to" date,
	"other_requirements" text DEFAULT '' NOT NULL,
	"accepting" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_criteria_pet_check" CHECK ("application_criteria"."pet_policy" in ('none', 'cats', 'dogs', 'cats_and_dogs', 'any')),
	CONSTRAINT "application_criteria_income_check" CHECK ("application_criteria"."income_multiple_tenths" between 1 and 100),
	CONSTRAINT "application_criteria_occupants_check" CHECK ("application_criteria"."max_occupants" between 1 and 30),
	CONSTRAINT "application_criteria_text_check" CHECK (char_length("application_criteria"."other_requirements") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "application_document" (
	"application_id" bigint NOT NULL,
	"document_id" bigint NOT NULL,
	CONSTRAINT "application_document_application_id_document_id_pk" PRIMARY KEY("application_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "application_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_event_action_check" CHECK ("application_event"."action" in ('drafted', 'submitted', 'review_started', 'info_requested', 'info_provided', 'approved', 'conditionally_approved', 'declined', 'withdrawn', 'expired', 'home_taken_notice', 'documents_deleted'))
);
--> statement-breakpoint
CREATE TABLE "application_invite" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" text,
	"snapshot" jsonb,
	"accepted_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "private_document" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "private_document_type_check" CHECK ("private_document"."content_type" in ('application/pdf', 'image/jpeg', 'image/png')),
	CONSTRAINT "private_document_name_check" CHECK (char_length("private_document"."file_name") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "renter_application" (
	"user_id" text PRIMARY KEY NOT NULL,
	"profile" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_renter_id_user_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_landlord_id_user_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_criteria_id_application_criteria_id_fk" FOREIGN KEY ("criteria_id") REFERENCES "public"."application_criteria"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_criteria" ADD CONSTRAINT "application_criteria_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_document" ADD CONSTRAINT "application_document_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_document" ADD CONSTRAINT "application_document_document_id_private_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."private_document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_event" ADD CONSTRAINT "application_event_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_invite" ADD CONSTRAINT "application_invite_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_invite" ADD CONSTRAINT "application_invite_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_document" ADD CONSTRAINT "private_document_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renter_application" ADD CONSTRAINT "renter_application_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_live_renter_listing_idx" ON "application" USING btree ("listing_id","renter_id") WHERE "application"."state" in ('draft', 'submitted', 'under_review', 'info_requested');--> statement-breakpoint
CREATE INDEX "application_listing_idx" ON "application" USING btree ("listing_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "application_landlord_state_idx" ON "application" USING btree ("landlord_id","state");--> statement-breakpoint
CREATE INDEX "application_renter_idx" ON "application" USING btree ("renter_id","updated_at");--> statement-breakpoint
CREATE INDEX "application_open_expiry_idx" ON "application" USING btree ("expires_at") WHERE "application"."state" in ('submitted', 'under_review', 'info_requested');--> statement-breakpoint
CREATE UNIQUE INDEX "application_criteria_listing_version_idx" ON "application_criteria" USING btree ("listing_id","version");--> statement-breakpoint
CREATE INDEX "application_document_document_idx" ON "application_document" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "application_event_application_idx" ON "application_event" USING btree ("application_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_invite_token_idx" ON "application_invite" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "application_invite_email_idx" ON "application_invite" USING btree ("application_id","email");--> statement-breakpoint
CREATE INDEX "private_document_owner_idx" ON "private_document" USING btree ("owner_id","id");--> statement-breakpoint
-- An application's history is append-only, and the database keeps it so: no row of application_event
-- is changed, and none is deleted while its application exists (deleting the application, as deleting
-- an account does, takes its history with it through the foreign key's cascade).
CREATE FUNCTION application_event_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM application WHERE id = OLD.application_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'application_event is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER application_event_append_only BEFORE UPDATE OR DELETE ON application_event
FOR EACH ROW EXECUTE FUNCTION application_event_append_only();--> statement-breakpoint
CREATE TRIGGER application_event_no_truncate BEFORE TRUNCATE ON application_event
FOR EACH STATEMENT EXECUTE FUNCTION application_event_append_only();
