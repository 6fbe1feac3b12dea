-- The administrators' audit log is append-only, and the database keeps it so: no row of admin_audit
-- is changed or deleted, and the table is not truncated, whoever asks (the application included).
CREATE FUNCTION admin_audit_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER admin_audit_append_only BEFORE UPDATE OR DELETE ON admin_audit
FOR EACH ROW EXECUTE FUNCTION admin_audit_append_only();--> statement-breakpoint
CREATE TRIGGER admin_audit_no_truncate BEFORE TRUNCATE ON admin_audit
FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_append_only();--> statement-breakpoint
-- The console's people search (server/console/people.server.ts): a name or e-mail starting with a
-- short query walks these byte-ordered indexes (which also give the list its order); a query of three
-- characters or more is found anywhere in either through one trigram index over both (one index scan,
-- not two; chr(1), which no query holds, keeps them apart).
CREATE INDEX "user_name_console_idx" ON "user" USING btree (lower("name") COLLATE "C", "id");--> statement-breakpoint
CREATE INDEX "user_email_console_idx" ON "user" USING btree ("email" COLLATE "C");--> statement-breakpoint
CREATE INDEX "user_search_trgm_idx" ON "user" USING gin ((lower("name") || chr(1) || "email") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "user_banned_idx" ON "user" USING btree ("ban_expires") WHERE "banned";
