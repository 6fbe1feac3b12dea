CREATE TABLE "article_vote" (
	"article_id" bigint NOT NULL,
	"voter_key" text NOT NULL,
	"helpful" boolean NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_vote_article_id_voter_key_pk" PRIMARY KEY("article_id","voter_key"),
	CONSTRAINT "article_vote_comment_length_check" CHECK (char_length("article_vote"."comment") <= 500)
);
--> statement-breakpoint
CREATE TABLE "content_revision" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"item_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"editor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_revision_kind_check" CHECK ("content_revision"."kind" in ('article', 'faq', 'terms'))
);
--> statement-breakpoint
CREATE TABLE "faq_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"topic" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faq_entry_slug_unique" UNIQUE("slug"),
	CONSTRAINT "faq_entry_status_check" CHECK ("faq_entry"."status" in ('draft', 'published')),
	CONSTRAINT "faq_entry_topic_check" CHECK ("faq_entry"."topic" in ('account', 'searching', 'listing-a-home', 'messages-and-chat', 'cooper-index', 'safety-and-trust')),
	CONSTRAINT "faq_entry_published_check" CHECK ("faq_entry"."status" = 'draft' or "faq_entry"."published_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "terms_acceptance" (
	"user_id" text NOT NULL,
	"terms_version_id" bigint NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_acceptance_user_id_terms_version_id_pk" PRIMARY KEY("user_id","terms_version_id")
);
--> statement-breakpoint
CREATE TABLE "terms_version" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"body" text NOT NULL,
	"summary" text NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_version_label_unique" UNIQUE("label"),
	CONSTRAINT "terms_version_status_check" CHECK ("terms_version"."status" in ('draft', 'published'))
);
--> statement-breakpoint
DROP INDEX "article_published_at_idx";--> statement-breakpoint
ALTER TABLE "article" ALTER COLUMN "published_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "article" ALTER COLUMN "published_at" DROP NOT NULL;--> statement-breakpoint
-- Articles written before categories existed start in "Renting basics"; administrators re-file them.
ALTER TABLE "article" ADD COLUMN "category" text DEFAULT 'renting-basics' NOT NULL;--> statement-breakpoint
ALTER TABLE "article" ALTER COLUMN "category" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "author_id" text;--> statement-breakpoint
-- Articles written before drafts existed were public: they stay published.
ALTER TABLE "article" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "article" ALTER COLUMN "status" SET DEFAULT 'draft';--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "read_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("summary", '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("body", '')), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "article_vote" ADD CONSTRAINT "article_vote_article_id_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revision" ADD CONSTRAINT "content_revision_editor_id_user_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptance" ADD CONSTRAINT "terms_acceptance_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptance" ADD CONSTRAINT "terms_acceptance_terms_version_id_terms_version_id_fk" FOREIGN KEY ("terms_version_id") REFERENCES "public"."terms_version"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_revision_item_version_idx" ON "content_revision" USING btree ("kind","item_id","version");--> statement-breakpoint
CREATE INDEX "faq_entry_topic_idx" ON "faq_entry" USING btree ("topic","position");--> statement-breakpoint
CREATE INDEX "terms_version_effective_idx" ON "terms_version" USING btree ("status","effective_at");--> statement-breakpoint
ALTER TABLE "article" ADD CONSTRAINT "article_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_category_idx" ON "article" USING btree ("category","published_at");--> statement-breakpoint
CREATE INDEX "article_search_vector_idx" ON "article" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "article_published_at_idx" ON "article" USING btree ("status","published_at");--> statement-breakpoint
ALTER TABLE "article" ADD CONSTRAINT "article_status_check" CHECK ("article"."status" in ('draft', 'published'));--> statement-breakpoint
ALTER TABLE "article" ADD CONSTRAINT "article_category_check" CHECK ("article"."category" in ('renting-basics', 'leases-and-contracts', 'moving', 'for-landlords', 'market-data'));--> statement-breakpoint
ALTER TABLE "article" ADD CONSTRAINT "article_published_check" CHECK ("article"."status" = 'draft' or "article"."published_at" is not null);