-- Full-text prefix helpers and exclusion constraints rely on these; PGlite is opened with both.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
