CREATE TABLE "inspection" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lease_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone,
	CONSTRAINT "inspection_kind_check" CHECK ("inspection"."kind" in ('move_in', 'move_out')),
	CONSTRAINT "inspection_state_check" CHECK ("inspection"."state" in ('open', 'signing', 'signed'))
);
--> statement-breakpoint
CREATE TABLE "inspection_comment" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inspection_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_consent" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inspection_id" bigint NOT NULL,
	"email" text NOT NULL,
	"user_id" text NOT NULL,
	"disclosure_version" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_document" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inspection_id" bigint NOT NULL,
	"revision" integer NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_document_sha256_check" CHECK ("inspection_document"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "inspection_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inspection_id" bigint NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_event_action_check" CHECK ("inspection_event"."action" in ('started', 'room_added', 'room_removed', 'item_added', 'item_removed', 'item_updated', 'commented', 'photo_added', 'photo_removed', 'ready', 'reopened', 'consented', 'signed', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "inspection_item" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inspection_id" bigint NOT NULL,
	"room_id" bigint NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"condition" text,
	"notes" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_item_condition_check" CHECK ("inspection_item"."condition" is null or "inspection_item"."condition" in ('new', 'good', 'fair', 'poor', 'damaged', 'missing', 'not_applicable'))
);
--> statement-breakpoint
CREATE TABLE "inspection_room" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inspection_id" bigint NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_signature" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inspection_id" bigint NOT NULL,
	"revision" integer NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"typed_name" text NOT NULL,
	"document_sha256" text NOT NULL,
	"consent_source" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"sign_in_method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_signature_role_check" CHECK ("inspection_signature"."role" in ('landlord', 'tenant')),
	CONSTRAINT "inspection_signature_consent_check" CHECK ("inspection_signature"."consent_source" in ('lease', 'inspection'))
);
--> statement-breakpoint
ALTER TABLE "inspection" ADD CONSTRAINT "inspection_lease_id_lease_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."lease"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_comment" ADD CONSTRAINT "inspection_comment_inspection_id_inspection_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspection"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_comment" ADD CONSTRAINT "inspection_comment_item_id_inspection_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inspection_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_consent" ADD CONSTRAINT "inspection_consent_inspection_id_inspection_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspection"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_document" ADD CONSTRAINT "inspection_document_inspection_id_inspection_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspection"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_event" ADD CONSTRAINT "inspection_event_inspection_id_inspection_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspection"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_item" ADD CONSTRAINT "inspection_item_inspection_id_inspection_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspection"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_item" ADD CONSTRAINT "inspection_item_room_id_inspection_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."inspection_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_room" ADD CONSTRAINT "inspection_room_inspection_id_inspection_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspection"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_signature" ADD CONSTRAINT "inspection_signature_inspection_id_inspection_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspection"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_lease_kind_idx" ON "inspection" USING btree ("lease_id","kind");--> statement-breakpoint
CREATE INDEX "inspection_comment_item_idx" ON "inspection_comment" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "inspection_comment_inspection_idx" ON "inspection_comment" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "inspection_consent_inspection_idx" ON "inspection_consent" USING btree ("inspection_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_document_revision_idx" ON "inspection_document" USING btree ("inspection_id","revision");--> statement-breakpoint
CREATE INDEX "inspection_event_inspection_idx" ON "inspection_event" USING btree ("inspection_id","id");--> statement-breakpoint
CREATE INDEX "inspection_item_room_idx" ON "inspection_item" USING btree ("room_id","position");--> statement-breakpoint
CREATE INDEX "inspection_item_inspection_idx" ON "inspection_item" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "inspection_room_inspection_idx" ON "inspection_room" USING btree ("inspection_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_signature_signer_idx" ON "inspection_signature" USING btree ("inspection_id","revision","email");