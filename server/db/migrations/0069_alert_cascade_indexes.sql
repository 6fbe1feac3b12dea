CREATE INDEX "alert_change_idx" ON "alert" USING btree ("change_id");--> statement-breakpoint
CREATE INDEX "saved_search_hit_alert_id_idx" ON "saved_search_hit" USING btree ("alert_id");