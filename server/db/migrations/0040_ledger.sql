CREATE TABLE "ledger_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"lease_id" bigint NOT NULL,
	"account" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entry_account_check" CHECK ("ledger_entry"."account" in ('tenant_receivable', 'rent_income', 'fee_income', 'late_fee_income', 'deposit_held', 'cash_received', 'deduction_income', 'cash_refunded')),
	CONSTRAINT "ledger_entry_amount_check" CHECK ("ledger_entry"."amount_cents" <> 0 and abs("ledger_entry"."amount_cents") <= 100000000000)
);
--> statement-breakpoint
CREATE TABLE "ledger_notice" (
	"key" text PRIMARY KEY NOT NULL,
	"lease_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_notice_kind_check" CHECK ("ledger_notice"."kind" in ('due_soon', 'late'))
);
--> statement-breakpoint
CREATE TABLE "ledger_transaction" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lease_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"effective_on" date NOT NULL,
	"due_on" date,
	"idempotency_key" text NOT NULL,
	"reverses_id" bigint,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transaction_kind_check" CHECK ("ledger_transaction"."kind" in ('rent', 'fee', 'deposit', 'late_fee', 'payment', 'reversal', 'deposit_deduction', 'deposit_refund')),
	CONSTRAINT "ledger_transaction_currency_check" CHECK ("ledger_transaction"."currency" = 'USD'),
	CONSTRAINT "ledger_transaction_reversal_check" CHECK (("ledger_transaction"."kind" = 'reversal') = ("ledger_transaction"."reverses_id" is not null)),
	CONSTRAINT "ledger_transaction_due_check" CHECK (("ledger_transaction"."kind" in ('rent', 'fee', 'deposit', 'late_fee')) = ("ledger_transaction"."due_on" is not null))
);
--> statement-breakpoint
CREATE TABLE "rent_payment" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lease_id" bigint NOT NULL,
	"state" text NOT NULL,
	"method" text NOT NULL,
	"paid_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"reported_by" text NOT NULL,
	"reported_by_name" text NOT NULL,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_payment_state_check" CHECK ("rent_payment"."state" in ('pending', 'confirmed', 'rejected', 'reversed')),
	CONSTRAINT "rent_payment_method_check" CHECK ("rent_payment"."method" in ('bank_transfer', 'check', 'cash', 'money_order', 'card', 'other')),
	CONSTRAINT "rent_payment_amount_check" CHECK ("rent_payment"."amount_cents" between 1 and 100000000),
	CONSTRAINT "rent_payment_posted_check" CHECK (("rent_payment"."state" in ('confirmed', 'reversed')) = ("rent_payment"."transaction_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "rent_payment_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"lease_id" bigint NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_payment_event_action_check" CHECK ("rent_payment_event"."action" in ('recorded', 'reported', 'confirmed', 'rejected', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "rent_receipt" (
	"payment_id" bigint PRIMARY KEY NOT NULL,
	"lease_id" bigint NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_receipt_sha256_check" CHECK ("rent_receipt"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_lease_id_lease_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."lease"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_lease_id_lease_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."lease"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_reverses_id_ledger_transaction_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment" ADD CONSTRAINT "rent_payment_lease_id_lease_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."lease"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment" ADD CONSTRAINT "rent_payment_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment_event" ADD CONSTRAINT "rent_payment_event_payment_id_rent_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."rent_payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_receipt" ADD CONSTRAINT "rent_receipt_payment_id_rent_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."rent_payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entry_transaction_idx" ON "ledger_entry" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entry_lease_account_idx" ON "ledger_entry" USING btree ("lease_id","account");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transaction_key_idx" ON "ledger_transaction" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transaction_reverses_idx" ON "ledger_transaction" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "ledger_transaction_lease_idx" ON "ledger_transaction" USING btree ("lease_id","due_on");--> statement-breakpoint
CREATE INDEX "rent_payment_lease_idx" ON "rent_payment" USING btree ("lease_id","id");--> statement-breakpoint
CREATE INDEX "rent_payment_event_payment_idx" ON "rent_payment_event" USING btree ("payment_id","id");