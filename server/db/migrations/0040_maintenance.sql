CREATE TABLE "maintenance_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"scheduled_for" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_event_action_check" CHECK ("maintenance_event"."action" in ('filed', 'acknowledged', 'scheduled', 'started', 'completed', 'closed', 'reopened', 'cancelled', 'escalated'))
);
--> statement-breakpoint
CREATE TABLE "maintenance_photo" (
	"request_id" bigint NOT NULL,
	"photo_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_photo_request_id_photo_id_pk" PRIMARY KEY("request_id","photo_id")
);
--> statement-breakpoint
CREATE TABLE "maintenance_request" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lease_id" bigint NOT NULL,
	"landlord_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"category" text NOT NULL,
	"urgency" text NOT NULL,
	"title" text NOT NULL,
	"location" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"entry_allowed" boolean NOT NULL,
	"entry_notes" text DEFAULT '' NOT NULL,
	"windows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"scheduled_for" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_request_state_check" CHECK ("maintenance_request"."state" in ('new', 'acknowledged', 'scheduled', 'in_progress', 'completed', 'reopened', 'closed', 'cancelled')),
	CONSTRAINT "maintenance_request_category_check" CHECK ("maintenance_request"."category" in ('plumbing', 'electrical', 'heating_cooling', 'appliance', 'pests', 'locks_security', 'structural', 'water_leak', 'outdoor', 'other')),
	CONSTRAINT "maintenance_request_urgency_check" CHECK ("maintenance_request"."urgency" in ('emergency', 'urgent', 'routine')),
	CONSTRAINT "maintenance_request_scheduled_check" CHECK (("maintenance_request"."state" <> 'scheduled') or ("maintenance_request"."scheduled_for" is not null))
);
--> statement-breakpoint
DROP INDEX "conversation_pair_listing_idx";--> statement-breakpoint
ALTER TABLE "conversation" ADD COLUMN "maintenance_request_id" bigint;--> statement-breakpoint
ALTER TABLE "maintenance_event" ADD CONSTRAINT "maintenance_event_request_id_maintenance_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."maintenance_request"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_photo" ADD CONSTRAINT "maintenance_photo_request_id_maintenance_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."maintenance_request"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_photo" ADD CONSTRAINT "maintenance_photo_photo_id_tenancy_photo_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."tenancy_photo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_request" ADD CONSTRAINT "maintenance_request_lease_id_lease_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."lease"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_event_request_idx" ON "maintenance_event" USING btree ("request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_photo_photo_idx" ON "maintenance_photo" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "maintenance_request_landlord_idx" ON "maintenance_request" USING btree ("landlord_id","state");--> statement-breakpoint
CREATE INDEX "maintenance_request_lease_idx" ON "maintenance_request" USING btree ("lease_id","created_at");--> statement-breakpoint
CREATE INDEX "maintenance_request_unacknowledged_idx" ON "maintenance_request" USING btree ("created_at") WHERE "maintenance_request"."urgency" = 'emergency' and "maintenance_request"."state" = 'new' and "maintenance_request"."escalated_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_pair_listing_idx" ON "conversation" USING btree ("user_low_id","user_high_id",coalesce("listing_id", 0),coalesce("maintenance_request_id", 0));