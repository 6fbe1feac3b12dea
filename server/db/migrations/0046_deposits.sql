CREATE TABLE "deposit_deduction" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"return_id" bigint NOT NULL,
	"category" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"evidence_item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_deduction_category_check" CHECK ("deposit_deduction"."category" in ('unpaid_rent', 'cleaning', 'damage', 'keys', 'other')),
	CONSTRAINT "deposit_deduction_amount_check" CHECK ("deposit_deduction"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_notice" (
	"key" text PRIMARY KEY NOT NULL,
	"return_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_return" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lease_id" bigint NOT NULL,
	"state" text DEFAULT 'drafting' NOT NULL,
	"ended_on" date NOT NULL,
	"due_on" date,
	"recorded_by" text NOT NULL,
	"held_cents" integer,
	"refund_cents" integer,
	"refund_method" text,
	"refund_paid_on" date,
	"refund_reference" text,
	"sent_late" boolean,
	"sent_at" timestamp with time zone,
	"sent_by" text,
	"pdf" "bytea",
	"sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_return_state_check" CHECK ("deposit_return"."state" in ('drafting', 'sent')),
	CONSTRAINT "deposit_return_refund_method_check" CHECK ("deposit_return"."refund_method" is null or "deposit_return"."refund_method" in ('bank_transfer', 'check', 'cash', 'money_order', 'card', 'other')),
	CONSTRAINT "deposit_return_sent_check" CHECK ("deposit_return"."state" = 'drafting' or ("deposit_return"."sent_at" is not null and "deposit_return"."pdf" is not null and "deposit_return"."sha256" ~ '^[0-9a-f]{64}$' and "deposit_return"."held_cents" >= 0 and "deposit_return"."refund_cents" >= 0))
);
--> statement-breakpoint
ALTER TABLE "deposit_deduction" ADD CONSTRAINT "deposit_deduction_return_id_deposit_return_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."deposit_return"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_notice" ADD CONSTRAINT "deposit_notice_return_id_deposit_return_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."deposit_return"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_return" ADD CONSTRAINT "deposit_return_lease_id_lease_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."lease"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_deduction_return_idx" ON "deposit_deduction" USING btree ("return_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_return_lease_idx" ON "deposit_return" USING btree ("lease_id");--> statement-breakpoint
CREATE INDEX "deposit_return_due_idx" ON "deposit_return" USING btree ("state","due_on");