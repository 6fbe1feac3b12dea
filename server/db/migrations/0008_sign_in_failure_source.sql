DROP INDEX "sign_in_failure_email_idx";--> statement-breakpoint
ALTER TABLE "sign_in_failure" ADD COLUMN "ip_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "sign_in_failure_email_ip_idx" ON "sign_in_failure" USING btree ("email","ip_address","created_at");