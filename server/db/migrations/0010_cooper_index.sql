CREATE TABLE "cooper_index_current" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"run_id" bigint NOT NULL,
	CONSTRAINT "cooper_index_current_one_row_check" CHECK ("cooper_index_current"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "cooper_index_market" (
	"run_id" bigint NOT NULL,
	"market_key" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"state_code" text,
	"bedrooms" text NOT NULL,
	"latest_month" date NOT NULL,
	"median_rent_cents" integer,
	"active_listings" integer NOT NULL,
	"median_days_on_market" double precision,
	"price_cut_share" double precision,
	CONSTRAINT "cooper_index_market_run_id_market_key_bedrooms_pk" PRIMARY KEY("run_id","market_key","bedrooms"),
	CONSTRAINT "cooper_index_market_kind_check" CHECK ("cooper_index_market"."kind" in ('nation', 'state', 'city')),
	CONSTRAINT "cooper_index_market_bedrooms_check" CHECK ("cooper_index_market"."bedrooms" in ('all', '0-1', '2', '3+'))
);
--> statement-breakpoint
CREATE TABLE "cooper_index_point" (
	"run_id" bigint NOT NULL,
	"market_key" text NOT NULL,
	"bedrooms" text NOT NULL,
	"month" date NOT NULL,
	"index" double precision,
	"low" double precision,
	"high" double precision,
	"ma3" double precision,
	"mom" double precision,
	"yoy" double precision,
	"level_cents" integer,
	"pairs" integer NOT NULL,
	"units" integer NOT NULL,
	"enough_data" boolean NOT NULL,
	CONSTRAINT "cooper_index_point_run_id_market_key_bedrooms_month_pk" PRIMARY KEY("run_id","market_key","bedrooms","month"),
	CONSTRAINT "cooper_index_point_bedrooms_check" CHECK ("cooper_index_point"."bedrooms" in ('all', '0-1', '2', '3+'))
);
--> statement-breakpoint
CREATE TABLE "cooper_index_run" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"error" text,
	"observations" integer DEFAULT 0 NOT NULL,
	"pairs" integer DEFAULT 0 NOT NULL,
	"dropped" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"markets" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cooper_index_run_status_check" CHECK ("cooper_index_run"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "cooper_index_current" ADD CONSTRAINT "cooper_index_current_run_id_cooper_index_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."cooper_index_run"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooper_index_market" ADD CONSTRAINT "cooper_index_market_run_id_cooper_index_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."cooper_index_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooper_index_point" ADD CONSTRAINT "cooper_index_point_run_id_cooper_index_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."cooper_index_run"("id") ON DELETE cascade ON UPDATE no action;