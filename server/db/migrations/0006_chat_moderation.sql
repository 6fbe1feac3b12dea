ALTER TABLE "message" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_report" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "message_report" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "message_report" ADD CONSTRAINT "message_report_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_sender_time_idx" ON "message" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "message_report_open_idx" ON "message_report" USING btree ("created_at") WHERE "message_report"."resolved_at" is null;--> statement-breakpoint
ALTER TABLE "message_report" ADD CONSTRAINT "message_report_resolution_check" CHECK ("message_report"."resolution" is null or "message_report"."resolution" in ('dismissed', 'deleted', 'muted'));