-- Custom SQL migration file, put your code below! ---- No night of a listing is held twice: bookings (requested and on), the host's blocks and imported
-- calendars' events alike. Two requests racing for the same nights cannot both commit.
ALTER TABLE stay_hold ADD CONSTRAINT stay_hold_no_overlap EXCLUDE USING gist (listing_id WITH =, nights WITH &&);--> statement-breakpoint
-- A booking's history is append-only while the booking exists (deleting a listing or an account
-- takes its bookings and their history through the foreign keys' cascade).
CREATE FUNCTION stay_booking_event_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM stay_booking WHERE id = OLD.booking_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'stay_booking_event is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER stay_booking_event_append_only BEFORE UPDATE OR DELETE ON stay_booking_event
FOR EACH ROW EXECUTE FUNCTION stay_booking_event_append_only();--> statement-breakpoint
CREATE TRIGGER stay_booking_event_no_truncate BEFORE TRUNCATE ON stay_booking_event
FOR EACH STATEMENT EXECUTE FUNCTION stay_booking_event_append_only();
