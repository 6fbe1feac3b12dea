-- The year a listing's home was built stays optional (null: not stated), but a stated one must be a year:
-- the form takes 1700 to next year; the database refuses only what no form could mean. Every stored
-- value came through that form's rule or a seed (1890 on), so no row breaks the check.
ALTER TABLE "listing" ADD CONSTRAINT "listing_year_built_check" CHECK ("listing"."year_built" between 1600 and 2100);
