-- Leases signed on the site (decision 036): the lease, its versions, signers, consents, signatures, seal and event log; the administrators' lease template; the sign-in method of a session.
CREATE TABLE "lease" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'lease' NOT NULL,
	"amends_lease_id" bigint,
	"listing_id" bigint NOT NULL,
	"application_id" bigint,
	"landlord_id" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"terms" jsonb NOT NULL,
	"premises" jsonb NOT NULL,
	"amendment_text" text,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_state_check" CHECK ("lease"."state" in ('draft', 'sent', 'partially_signed', 'fully_signed', 'declined', 'voided', 'expired')),
	CONSTRAINT "lease_kind_check" CHECK ("lease"."kind" in ('lease', 'amendment')),
	CONSTRAINT "lease_amends_check" CHECK (("lease"."kind" = 'amendment') = ("lease"."amends_lease_id" is not null)),
	CONSTRAINT "lease_version_check" CHECK ("lease"."version" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "lease_consent" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lease_id" bigint NOT NULL,
	"email" text NOT NULL,
	"user_id" text NOT NULL,
	"given" boolean NOT NULL,
	"disclosure_version" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lease_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_event_action_check" CHECK ("lease_event"."action" in ('created', 'edited', 'sent', 'viewed', 'consented', 'consent_withdrawn', 'signed', 'completed', 'declined', 'voided', 'expired', 'new_version', 'applicants_told'))
);
--> statement-breakpoint
CREATE TABLE "lease_seal" (
	"lease_id" bigint PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"document_sha256" text NOT NULL,
	"sealed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_signature" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lease_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"signer_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"typed_name" text NOT NULL,
	"drawing" text DEFAULT '' NOT NULL,
	"document_sha256" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"sign_in_method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_signer" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lease_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"role" text NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_signer_role_check" CHECK ("lease_signer"."role" in ('landlord', 'tenant', 'guarantor'))
);
--> statement-breakpoint
CREATE TABLE "lease_template" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_template_label_unique" UNIQUE("label"),
	CONSTRAINT "lease_template_status_check" CHECK ("lease_template"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "lease_version" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lease_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"terms" jsonb NOT NULL,
	"document" jsonb NOT NULL,
	"template_id" bigint,
	"template_version" integer,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"rendered_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_version_sha256_check" CHECK ("lease_version"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "sign_in_method" text;--> statement-breakpoint
ALTER TABLE "lease_consent" ADD CONSTRAINT "lease_consent_lease_id_lease_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."lease"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_event" ADD CONSTRAINT "lease_event_lease_id_lease_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."lease"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_seal" ADD CONSTRAINT "lease_seal_lease_id_lease_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."lease"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_signature" ADD CONSTRAINT "lease_signature_lease_id_lease_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."lease"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_signature" ADD CONSTRAINT "lease_signature_signer_id_lease_signer_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."lease_signer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_signer" ADD CONSTRAINT "lease_signer_lease_id_lease_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."lease"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_version" ADD CONSTRAINT "lease_version_lease_id_lease_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."lease"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lease_landlord_idx" ON "lease" USING btree ("landlord_id","updated_at");--> statement-breakpoint
CREATE INDEX "lease_listing_idx" ON "lease" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "lease_application_idx" ON "lease" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "lease_open_expiry_idx" ON "lease" USING btree ("expires_at") WHERE "lease"."state" in ('sent', 'partially_signed');--> statement-breakpoint
CREATE INDEX "lease_consent_lease_idx" ON "lease_consent" USING btree ("lease_id","email","id");--> statement-breakpoint
CREATE INDEX "lease_event_lease_idx" ON "lease_event" USING btree ("lease_id","id");--> statement-breakpoint
CREATE INDEX "lease_seal_sha256_idx" ON "lease_seal" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_signature_signer_idx" ON "lease_signature" USING btree ("signer_id");--> statement-breakpoint
CREATE INDEX "lease_signature_lease_idx" ON "lease_signature" USING btree ("lease_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_signer_email_idx" ON "lease_signer" USING btree ("lease_id","version","email");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_signer_position_idx" ON "lease_signer" USING btree ("lease_id","version","position");--> statement-breakpoint
CREATE INDEX "lease_signer_by_email_idx" ON "lease_signer" USING btree ("email","lease_id");--> statement-breakpoint
CREATE INDEX "lease_template_published_idx" ON "lease_template" USING btree ("status","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_version_lease_version_idx" ON "lease_version" USING btree ("lease_id","version");--> statement-breakpoint
CREATE INDEX "lease_version_sha256_idx" ON "lease_version" USING btree ("sha256");--> statement-breakpoint
-- Leases keep their record (decision 036): versions, signers, consents, signatures, seals and events
-- are never changed or deleted; a lease is never deleted, and one in a final state never changed.
CREATE FUNCTION lease_record_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER lease_version_append_only BEFORE UPDATE OR DELETE ON lease_version FOR EACH ROW EXECUTE FUNCTION lease_record_append_only();--> statement-breakpoint
CREATE TRIGGER lease_version_no_truncate BEFORE TRUNCATE ON lease_version FOR EACH STATEMENT EXECUTE FUNCTION lease_record_append_only();--> statement-breakpoint
CREATE TRIGGER lease_signer_append_only BEFORE UPDATE OR DELETE ON lease_signer FOR EACH ROW EXECUTE FUNCTION lease_record_append_only();--> statement-breakpoint
CREATE TRIGGER lease_signer_no_truncate BEFORE TRUNCATE ON lease_signer FOR EACH STATEMENT EXECUTE FUNCTION lease_record_append_only();--> statement-breakpoint
CREATE TRIGGER lease_consent_append_only BEFORE UPDATE OR DELETE ON lease_consent FOR EACH ROW EXECUTE FUNCTION lease_record_append_only();--> statement-breakpoint
CREATE TRIGGER lease_consent_no_truncate BEFORE TRUNCATE ON lease_consent FOR EACH STATEMENT EXECUTE FUNCTION lease_record_append_only();--> statement-breakpoint
CREATE TRIGGER lease_signature_append_only BEFORE UPDATE OR DELETE ON lease_signature FOR EACH ROW EXECUTE FUNCTION lease_record_append_only();--> statement-breakpoint
CREATE TRIGGER lease_signature_no_truncate BEFORE TRUNCATE ON lease_signature FOR EACH STATEMENT EXECUTE FUNCTION lease_record_append_only();--> statement-breakpoint
CREATE TRIGGER lease_seal_append_only BEFORE UPDATE OR DELETE ON lease_seal FOR EACH ROW EXECUTE FUNCTION lease_record_append_only();--> statement-breakpoint
CREATE TRIGGER lease_seal_no_truncate BEFORE TRUNCATE ON lease_seal FOR EACH STATEMENT EXECUTE FUNCTION lease_record_append_only();--> statement-breakpoint
CREATE TRIGGER lease_event_append_only BEFORE UPDATE OR DELETE ON lease_event FOR EACH ROW EXECUTE FUNCTION lease_record_append_only();--> statement-breakpoint
CREATE TRIGGER lease_event_no_truncate BEFORE TRUNCATE ON lease_event FOR EACH STATEMENT EXECUTE FUNCTION lease_record_append_only();--> statement-breakpoint
CREATE TRIGGER lease_no_truncate BEFORE TRUNCATE ON lease FOR EACH STATEMENT EXECUTE FUNCTION lease_record_append_only();--> statement-breakpoint
CREATE FUNCTION lease_keep_final() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a lease is never deleted: void it instead' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.state IN ('fully_signed', 'declined', 'voided', 'expired') THEN
    RAISE EXCEPTION 'a % lease cannot be changed: amend it instead', OLD.state USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.id <> OLD.id OR NEW.landlord_id <> OLD.landlord_id OR NEW.listing_id <> OLD.listing_id OR NEW.kind <> OLD.kind
     OR NEW.version < OLD.version THEN
    RAISE EXCEPTION 'a lease keeps its landlord, home, kind and versions' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.state IN ('sent', 'partially_signed') AND NEW.version = OLD.version AND NEW.terms IS DISTINCT FROM OLD.terms THEN
    RAISE EXCEPTION 'a sent lease changes only as a new version' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER lease_keep_final BEFORE UPDATE OR DELETE ON lease FOR EACH ROW EXECUTE FUNCTION lease_keep_final();--> statement-breakpoint
-- A signature is over the document of the lease's current version, while it is out for signature, by
-- one of that version's signers who has consented (and not withdrawn) to sign electronically.
CREATE FUNCTION lease_signature_check() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  current_lease lease%ROWTYPE;
  signer lease_signer%ROWTYPE;
BEGIN
  SELECT * INTO current_lease FROM lease WHERE id = NEW.lease_id;
  IF current_lease.state NOT IN ('sent', 'partially_signed') OR current_lease.version <> NEW.version THEN
    RAISE EXCEPTION 'this lease is not out for signature in version %', NEW.version USING ERRCODE = 'check_violation';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM lease_version v WHERE v.lease_id = NEW.lease_id AND v.version = NEW.version AND v.sha256 = NEW.document_sha256) THEN
    RAISE EXCEPTION 'a signature must be over the document stored for this version' USING ERRCODE = 'check_violation';
  END IF;
  SELECT * INTO signer FROM lease_signer WHERE id = NEW.signer_id;
  IF signer.lease_id <> NEW.lease_id OR signer.version <> NEW.version THEN
    RAISE EXCEPTION 'the signer does not sign this version' USING ERRCODE = 'check_violation';
  END IF;
  IF NOT COALESCE((SELECT c.given FROM lease_consent c WHERE c.lease_id = NEW.lease_id AND c.email = signer.email ORDER BY c.id DESC LIMIT 1), false) THEN
    RAISE EXCEPTION 'the signer has not consented to sign electronically' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER lease_signature_check BEFORE INSERT ON lease_signature FOR EACH ROW EXECUTE FUNCTION lease_signature_check();
