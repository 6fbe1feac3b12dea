-- A listing's IANA time zone, where its tour slots live. The zone comes from the coordinates through a
-- maintained boundary lookup that runs in the application (server/listings/time-zone.ts), so every
-- listing write sets it; rows written before this migration stay null and their readers look the zone up.
ALTER TABLE "listing" ADD COLUMN "time_zone" text;
