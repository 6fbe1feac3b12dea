-- A maintenance request keeps its history: its events are never changed or deleted, and a request
-- is never deleted (its state moves; its history says how).
CREATE FUNCTION maintenance_record_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER maintenance_event_append_only BEFORE UPDATE OR DELETE ON maintenance_event FOR EACH ROW EXECUTE FUNCTION maintenance_record_append_only();--> statement-breakpoint
CREATE TRIGGER maintenance_event_no_truncate BEFORE TRUNCATE ON maintenance_event FOR EACH STATEMENT EXECUTE FUNCTION maintenance_record_append_only();--> statement-breakpoint
CREATE TRIGGER maintenance_request_no_delete BEFORE DELETE ON maintenance_request FOR EACH ROW EXECUTE FUNCTION maintenance_record_append_only();--> statement-breakpoint
CREATE TRIGGER maintenance_request_no_truncate BEFORE TRUNCATE ON maintenance_request FOR EACH STATEMENT EXECUTE FUNCTION maintenance_record_append_only();
--> statement-breakpoint
CREATE TRIGGER maintenance_photo_append_only BEFORE UPDATE OR DELETE ON maintenance_photo FOR EACH ROW EXECUTE FUNCTION maintenance_record_append_only();
