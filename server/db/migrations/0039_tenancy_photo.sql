CREATE TABLE "tenancy_photo" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lease_id" bigint NOT NULL,
	"uploader_id" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenancy_photo_sha256_check" CHECK ("tenancy_photo"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE INDEX "tenancy_photo_lease_idx" ON "tenancy_photo" USING btree ("lease_id","id");