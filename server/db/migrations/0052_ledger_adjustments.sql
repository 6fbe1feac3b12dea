ALTER TABLE "ledger_notice" DROP CONSTRAINT "ledger_notice_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_transaction" DROP CONSTRAINT "ledger_transaction_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_transaction" DROP CONSTRAINT "ledger_transaction_due_check";--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD COLUMN "waives_id" bigint;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_waives_id_ledger_transaction_id_fk" FOREIGN KEY ("waives_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_transaction_waives_idx" ON "ledger_transaction" USING btree ("waives_id");--> statement-breakpoint
ALTER TABLE "ledger_notice" ADD CONSTRAINT "ledger_notice_kind_check" CHECK ("ledger_notice"."kind" in ('due_soon', 'late', 'adjustment'));--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_waiver_check" CHECK (("ledger_transaction"."kind" = 'waiver') = ("ledger_transaction"."waives_id" is not null));--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_kind_check" CHECK ("ledger_transaction"."kind" in ('rent', 'fee', 'deposit', 'late_fee', 'payment', 'reversal', 'deposit_deduction', 'deposit_refund', 'waiver'));--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_due_check" CHECK (("ledger_transaction"."kind" in ('rent', 'fee', 'deposit', 'late_fee', 'waiver')) = ("ledger_transaction"."due_on" is not null));