-- A landlord is at one home at a time: two confirmed tours of theirs at different listings may not
-- overlap. Tours of the same listing may (an open house takes several parties at once; the slot's
-- counter keeps that count). btree_gist (migration 0001) gives GiST the = and <> of text and bigint.
ALTER TABLE "tour" ADD CONSTRAINT "tour_landlord_overlap_excl" EXCLUDE USING gist (
  "landlord_id" WITH =,
  "listing_id" WITH <>,
  tstzrange("starts_at", "ends_at") WITH &&
) WHERE ("state" = 'confirmed');
