CREATE TABLE "ledger_receivable_month" (
	"lease_id" bigint NOT NULL,
	"month" date NOT NULL,
	"landlord_id" text NOT NULL,
	"e_before" bigint NOT NULL,
	"e_through" bigint NOT NULL,
	"n_before" bigint NOT NULL,
	"n_through" bigint NOT NULL,
	"d_before" bigint NOT NULL,
	"d_through" bigint NOT NULL,
	CONSTRAINT "ledger_receivable_month_lease_id_month_pk" PRIMARY KEY("lease_id","month")
);
--> statement-breakpoint
CREATE TABLE "ledger_receivable_span" (
	"lease_id" bigint PRIMARY KEY NOT NULL,
	"landlord_id" text NOT NULL,
	"first_month" date NOT NULL,
	"last_month" date NOT NULL,
	"e_total" bigint NOT NULL,
	"n_total" bigint NOT NULL,
	"d_total" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lease_version" ADD COLUMN "tenant_names" jsonb GENERATED ALWAYS AS (jsonb_path_query_array(terms, '$.tenants[*].name')) STORED;--> statement-breakpoint
ALTER TABLE "lease_version" ADD COLUMN "grace_days" integer GENERATED ALWAYS AS ((terms->>'graceDays')::int) STORED;--> statement-breakpoint
CREATE INDEX "ledger_receivable_month_landlord_idx" ON "ledger_receivable_month" USING btree ("landlord_id","month");--> statement-breakpoint
CREATE INDEX "ledger_receivable_span_landlord_idx" ON "ledger_receivable_span" USING btree ("landlord_id");