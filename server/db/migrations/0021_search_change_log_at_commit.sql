CREATE TABLE "listing_change_pending" (
	"ids" bigint[] NOT NULL
);
--> statement-breakpoint
-- The change log's numbers are taken as each transaction commits, not as each statement ends (decision
-- 027): a statement that changes what search reads keeps the ids it touched in listing_change_pending,
-- and a deferred trigger moves them, at commit, into one listing_change row under the head's next
-- number. The head's row lock is still held to commit, so numbers are still given in commit order and a
-- reader that has applied number n has seen every change up to it (0019) — but it is held only while
-- committing, so a bulk update, or any transaction left open after its writes, no longer blocks every
-- other listing write until it ends.
CREATE OR REPLACE FUNCTION listing_change_append(changed bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF changed IS NOT NULL THEN
    INSERT INTO listing_change_pending (ids) VALUES (changed);
  END IF;
END
$$;--> statement-breakpoint
-- Fired at commit once per pending row: the first moves them all (a transaction sees no other's, as
-- none is committed), the others find none. A transaction that says SET CONSTRAINTS ALL IMMEDIATE
-- takes the number as its statement ends and holds the lock to commit, as before: still in order.
CREATE FUNCTION listing_change_commit() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed bigint[];
  next_n bigint;
BEGIN
  WITH taken AS (DELETE FROM listing_change_pending RETURNING ids)
  SELECT array_agg(DISTINCT id ORDER BY id) INTO changed FROM taken, unnest(taken.ids) AS id;
  IF changed IS NOT NULL THEN
    UPDATE listing_change_head SET n = n + 1 RETURNING n INTO next_n;
    -- Stamped as it commits (now() is when the transaction began): pruning goes by it.
    INSERT INTO listing_change (n, ids, changed_at) VALUES (next_n, changed, clock_timestamp());
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER listing_change_at_commit AFTER INSERT ON listing_change_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION listing_change_commit();
