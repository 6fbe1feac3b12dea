CREATE TABLE "conversation" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_low_id" text NOT NULL,
	"user_high_id" text NOT NULL,
	"listing_id" bigint,
	"started_by" text NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_pair_order_check" CHECK ("conversation"."user_low_id" < "conversation"."user_high_id" collate "C")
);
--> statement-breakpoint
CREATE TABLE "conversation_notice" (
	"conversation_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "conversation_notice_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "message_report" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reporter_id" text NOT NULL,
	"kind" text NOT NULL,
	"message_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "message_report_kind_check" CHECK ("message_report"."kind" in ('direct', 'room'))
);
--> statement-breakpoint
CREATE TABLE "room" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"seq" integer NOT NULL,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"client_txn_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	CONSTRAINT "room_message_body_length_check" CHECK (("room_message"."deleted_at" is not null and "room_message"."body" = '') or char_length("room_message"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "user_block" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_block_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "user_mute" (
	"user_id" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"muted_by" text,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "conversation_id" bigint;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "sender_id" text;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "recipient_id" text;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "listing_id" bigint;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "client_txn_id" text;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
-- Messages stored before conversations existed: each pair of people gets one conversation, its
-- messages numbered in the order they were sent. Rows naming no known account cannot be shown.
UPDATE "message" m SET "sender_id" = f."id", "recipient_id" = t."id" FROM "user" f, "user" t WHERE f."email" = m."from_email" AND t."email" = m."to_email";--> statement-breakpoint
DELETE FROM "message" WHERE "sender_id" IS NULL OR "recipient_id" IS NULL OR "sender_id" = "recipient_id";--> statement-breakpoint
INSERT INTO "conversation" ("user_low_id", "user_high_id", "started_by", "created_at", "last_message_at")
  SELECT least("sender_id" COLLATE "C", "recipient_id" COLLATE "C"), greatest("sender_id" COLLATE "C", "recipient_id" COLLATE "C"), (array_agg("sender_id" ORDER BY "created_at", "id"))[1], min("created_at"), max("created_at")
  FROM "message" GROUP BY 1, 2;--> statement-breakpoint
UPDATE "message" m SET "conversation_id" = c."id" FROM "conversation" c
  WHERE c."user_low_id" = least(m."sender_id" COLLATE "C", m."recipient_id" COLLATE "C") AND c."user_high_id" = greatest(m."sender_id" COLLATE "C", m."recipient_id" COLLATE "C") AND c."listing_id" IS NULL;--> statement-breakpoint
UPDATE "message" m SET "seq" = n."seq", "client_txn_id" = 'stored-' || m."id"
  FROM (SELECT "id", row_number() OVER (PARTITION BY "conversation_id" ORDER BY "created_at", "id") AS "seq" FROM "message") n WHERE n."id" = m."id";--> statement-breakpoint
UPDATE "conversation" c SET "last_seq" = (SELECT max("seq") FROM "message" WHERE "conversation_id" = c."id");--> statement-breakpoint
ALTER TABLE "message" ALTER COLUMN "conversation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ALTER COLUMN "sender_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ALTER COLUMN "recipient_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ALTER COLUMN "client_txn_id" SET NOT NULL;--> statement-breakpoint
INSERT INTO "room" ("id", "name") VALUES ('community', 'Community');--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "send_read_receipts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "email_unread_messages" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_user_low_id_user_id_fk" FOREIGN KEY ("user_low_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_user_high_id_user_id_fk" FOREIGN KEY ("user_high_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_started_by_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_notice" ADD CONSTRAINT "conversation_notice_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_notice" ADD CONSTRAINT "conversation_notice_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_report" ADD CONSTRAINT "message_report_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_message" ADD CONSTRAINT "room_message_room_id_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_message" ADD CONSTRAINT "room_message_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_block" ADD CONSTRAINT "user_block_blocker_id_user_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_block" ADD CONSTRAINT "user_block_blocked_id_user_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_mute" ADD CONSTRAINT "user_mute_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_mute" ADD CONSTRAINT "user_mute_muted_by_user_id_fk" FOREIGN KEY ("muted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_pair_listing_idx" ON "conversation" USING btree ("user_low_id","user_high_id",coalesce("listing_id", 0));--> statement-breakpoint
CREATE INDEX "conversation_low_activity_idx" ON "conversation" USING btree ("user_low_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversation_high_activity_idx" ON "conversation" USING btree ("user_high_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversation_started_idx" ON "conversation" USING btree ("started_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_report_once_idx" ON "message_report" USING btree ("reporter_id","kind","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_message_seq_idx" ON "room_message" USING btree ("room_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "room_message_author_txn_idx" ON "room_message" USING btree ("author_id","client_txn_id");--> statement-breakpoint
CREATE INDEX "room_message_author_time_idx" ON "room_message" USING btree ("author_id","created_at");--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_recipient_id_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_conversation_seq_idx" ON "message" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "message_sender_txn_idx" ON "message" USING btree ("sender_id","client_txn_id");--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_body_length_check" CHECK (("message"."deleted_at" is not null and "message"."body" = '') or char_length("message"."body") between 1 and 4000);