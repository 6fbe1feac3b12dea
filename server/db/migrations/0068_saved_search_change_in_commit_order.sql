-- The saved-search log numbered in commit order (as the search's log, decision 027): each instance's
-- matcher reads the rows after the last it applied, so a transaction that took number 9 and committed
-- after another's 10 would never be read, and that saved search would stay unknown to the matcher
-- until a restart. Each transaction that writes saved searches now takes a transaction-level advisory
-- lock before it takes its numbers, held to its commit: numbers are taken in the order transactions
-- commit. Saved-search writes are a person's single statements, so the wait is short.
CREATE OR REPLACE FUNCTION saved_search_change_log() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('saved_search_change', 0));
  IF TG_OP = 'DELETE' THEN
    INSERT INTO saved_search_change (saved_search_id) SELECT o.id FROM old_rows AS o ORDER BY o.id;
  ELSE
    INSERT INTO saved_search_change (saved_search_id) SELECT n.id FROM new_rows AS n ORDER BY n.id;
  END IF;
  RETURN NULL;
END
$$;
