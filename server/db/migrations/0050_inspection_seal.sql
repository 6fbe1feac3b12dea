CREATE TABLE "inspection_seal" (
	"inspection_id" bigint PRIMARY KEY NOT NULL,
	"revision" integer NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"document_sha256" text NOT NULL,
	"sealed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inspection_seal_sha256_check" CHECK ("inspection_seal"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "inspection_event" DROP CONSTRAINT "inspection_event_action_check";--> statement-breakpoint
ALTER TABLE "inspection_consent" ADD COLUMN "given" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "inspection_seal" ADD CONSTRAINT "inspection_seal_inspection_id_inspection_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspection"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_seal_sha256_idx" ON "inspection_seal" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "inspection_document_sha256_idx" ON "inspection_document" USING btree ("sha256");--> statement-breakpoint
ALTER TABLE "inspection_event" ADD CONSTRAINT "inspection_event_action_check" CHECK ("inspection_event"."action" in ('started', 'room_added', 'room_removed', 'item_added', 'item_removed', 'item_updated', 'commented', 'photo_added', 'photo_removed', 'ready', 'reopened', 'consented', 'consent_withdrawn', 'signed', 'completed'));