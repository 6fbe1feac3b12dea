CREATE TABLE "ledger_receivable" (
	"entry_id" bigint PRIMARY KEY NOT NULL,
	"landlord_id" text NOT NULL,
	"lease_id" bigint NOT NULL,
	"effective_on" date NOT NULL,
	"due_on" date,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_receivable_year" (
	"landlord_id" text NOT NULL,
	"lease_id" bigint NOT NULL,
	"effective_year" integer NOT NULL,
	"due_year" integer,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "ledger_receivable_year_key" UNIQUE NULLS NOT DISTINCT("lease_id","effective_year","due_year")
);
--> statement-breakpoint
ALTER TABLE "ledger_receivable" ADD CONSTRAINT "ledger_receivable_entry_id_ledger_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_receivable_effective_idx" ON "ledger_receivable" USING btree ("landlord_id","effective_on");--> statement-breakpoint
CREATE INDEX "ledger_receivable_due_idx" ON "ledger_receivable" USING btree ("landlord_id","due_on");--> statement-breakpoint
CREATE INDEX "ledger_receivable_backdated_idx" ON "ledger_receivable" USING btree ("landlord_id","effective_on") WHERE "ledger_receivable"."due_on" < "ledger_receivable"."effective_on";--> statement-breakpoint
CREATE INDEX "ledger_receivable_year_landlord_idx" ON "ledger_receivable_year" USING btree ("landlord_id","effective_year");