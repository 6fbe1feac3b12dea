-- The function that records renters' news of a listing (migration 0065) is named for what it writes,
-- not `…_change_log`: that suffix names the triggers of the search index's change log, which a test
-- checks against the columns the index reads.
ALTER FUNCTION listing_alert_change_log() RENAME TO listing_alert_news;
