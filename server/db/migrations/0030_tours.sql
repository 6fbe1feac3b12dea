CREATE TABLE "tour" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"renter_id" text NOT NULL,
	"landlord_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"party_size" smallint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"answer_by" timestamp with time zone NOT NULL,
	"uid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_state_check" CHECK ("tour"."state" in ('requested', 'confirmed', 'declined', 'expired', 'completed', 'cancelled', 'no_show')),
	CONSTRAINT "tour_party_check" CHECK ("tour"."party_size" between 1 and 10),
	CONSTRAINT "tour_note_check" CHECK (char_length("tour"."note") <= 500 and char_length("tour"."reason") <= 500),
	CONSTRAINT "tour_times_check" CHECK ("tour"."ends_at" > "tour"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "tour_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tour_id" bigint NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_event_action_check" CHECK ("tour_event"."action" in ('requested', 'confirmed', 'declined', 'expired', 'completed', 'cancelled', 'no_show', 'rescheduled'))
);
--> statement-breakpoint
CREATE TABLE "tour_slot" (
	"listing_id" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"capacity" smallint NOT NULL,
	"booked" smallint NOT NULL,
	CONSTRAINT "tour_slot_listing_id_starts_at_pk" PRIMARY KEY("listing_id","starts_at"),
	CONSTRAINT "tour_slot_capacity_check" CHECK ("tour_slot"."booked" >= 0 and "tour_slot"."booked" <= "tour_slot"."capacity")
);
--> statement-breakpoint
ALTER TABLE "tour" ADD CONSTRAINT "tour_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour" ADD CONSTRAINT "tour_renter_id_user_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour" ADD CONSTRAINT "tour_landlord_id_user_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_event" ADD CONSTRAINT "tour_event_tour_id_tour_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tour"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_slot" ADD CONSTRAINT "tour_slot_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tour_uid_idx" ON "tour" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "tour_active_renter_listing_idx" ON "tour" USING btree ("listing_id","renter_id") WHERE "tour"."state" in ('requested', 'confirmed');--> statement-breakpoint
CREATE INDEX "tour_renter_starts_idx" ON "tour" USING btree ("renter_id","starts_at");--> statement-breakpoint
CREATE INDEX "tour_landlord_starts_idx" ON "tour" USING btree ("landlord_id","starts_at");--> statement-breakpoint
CREATE INDEX "tour_listing_starts_idx" ON "tour" USING btree ("listing_id","starts_at");--> statement-breakpoint
CREATE INDEX "tour_unanswered_idx" ON "tour" USING btree ("answer_by") WHERE "tour"."state" = 'requested';--> statement-breakpoint
CREATE INDEX "tour_event_tour_idx" ON "tour_event" USING btree ("tour_id","id");--> statement-breakpoint
-- A tour's history is append-only, and the database keeps it so: no row of tour_event is changed,
-- and none is deleted while its tour exists (deleting the tour, as deleting an account does, takes
-- its history with it through the foreign key's cascade, which runs after the tour row is gone).
CREATE FUNCTION tour_event_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM tour WHERE id = OLD.tour_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'tour_event is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER tour_event_append_only BEFORE UPDATE OR DELETE ON tour_event
FOR EACH ROW EXECUTE FUNCTION tour_event_append_only();--> statement-breakpoint
CREATE TRIGGER tour_event_no_truncate BEFORE TRUNCATE ON tour_event
FOR EACH STATEMENT EXECUTE FUNCTION tour_event_append_only();
