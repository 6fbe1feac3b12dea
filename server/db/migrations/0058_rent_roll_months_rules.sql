-- Custom SQL migration file, put your code below! ---- The rent roll's running sums per lease and month (decision 040), kept by the database as entries are posted.
-- 1. As before, each tenant-receivable entry is copied with its landlord, effective day and due day. Its lease's
--    months now run from the month of its first entry (by either day) to that of its last, one row each; a new
--    entry first widens that run (a month before it starts at nothing, a month after it carries the sums), then
--    adds its amount to every month from its own on: to the sums through a month from that month, to the sums
--    before a month from the next. The span row is locked first, so two entries of one lease add in turn.
CREATE OR REPLACE FUNCTION ledger_receivable_project() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  landlord text;
  effective date;
  due date;
  em date;
  dm date;
  lo date;
  hi date;
  span ledger_receivable_span%ROWTYPE;
  added integer;
  amount bigint := NEW.amount_cents;
BEGIN
  SELECT l.landlord_id INTO landlord FROM lease l WHERE l.id = NEW.lease_id;
  SELECT t.effective_on, coalesce(t.due_on, o.due_on) INTO effective, due
  FROM ledger_transaction t LEFT JOIN ledger_transaction o ON o.id = t.reverses_id
  WHERE t.id = NEW.transaction_id;
  INSERT INTO ledger_receivable (entry_id, landlord_id, lease_id, effective_on, due_on, amount_cents)
  VALUES (NEW.id, landlord, NEW.lease_id, effective, due, amount);

  em := date_trunc('month', effective)::date;
  dm := date_trunc('month', due)::date;
  lo := least(em, coalesce(dm, em));
  hi := greatest(em, coalesce(dm, em));
  INSERT INTO ledger_receivable_span (lease_id, landlord_id, first_month, last_month, e_total, n_total, d_total)
  VALUES (NEW.lease_id, landlord, lo, lo, 0, 0, 0) ON CONFLICT (lease_id) DO NOTHING;
  GET DIAGNOSTICS added = ROW_COUNT;
  IF added = 1 THEN
    INSERT INTO ledger_receivable_month (lease_id, month, landlord_id, e_before, e_through, n_before, n_through, d_before, d_through)
    VALUES (NEW.lease_id, lo, landlord, 0, 0, 0, 0, 0, 0);
  END IF;
  SELECT * INTO span FROM ledger_receivable_span WHERE lease_id = NEW.lease_id FOR UPDATE;
  IF lo < span.first_month THEN
    INSERT INTO ledger_receivable_month (lease_id, month, landlord_id, e_before, e_through, n_before, n_through, d_before, d_through)
    SELECT NEW.lease_id, g::date, landlord, 0, 0, 0, 0, 0, 0
    FROM generate_series(lo, span.first_month - interval '1 month', interval '1 month') g;
  END IF;
  IF hi > span.last_month THEN
    INSERT INTO ledger_receivable_month (lease_id, month, landlord_id, e_before, e_through, n_before, n_through, d_before, d_through)
    SELECT NEW.lease_id, g::date, landlord, span.e_total, span.e_total, span.n_total, span.n_total, span.d_total, span.d_total
    FROM generate_series(span.last_month + interval '1 month', hi, interval '1 month') g;
  END IF;

  UPDATE ledger_receivable_month m SET
    e_through = m.e_through + amount,
    e_before = m.e_before + CASE WHEN m.month > em THEN amount ELSE 0 END,
    n_through = m.n_through + CASE WHEN due IS NULL THEN amount ELSE 0 END,
    n_before = m.n_before + CASE WHEN due IS NULL AND m.month > em THEN amount ELSE 0 END
  WHERE m.lease_id = NEW.lease_id AND m.month >= em;
  IF dm IS NOT NULL THEN
    UPDATE ledger_receivable_month m SET
      d_through = m.d_through + amount,
      d_before = m.d_before + CASE WHEN m.month > dm THEN amount ELSE 0 END
    WHERE m.lease_id = NEW.lease_id AND m.month >= dm;
  END IF;
  UPDATE ledger_receivable_span SET
    first_month = least(span.first_month, lo),
    last_month = greatest(span.last_month, hi),
    e_total = e_total + amount,
    n_total = n_total + CASE WHEN due IS NULL THEN amount ELSE 0 END,
    d_total = d_total + CASE WHEN due IS NULL THEN 0 ELSE amount END
  WHERE lease_id = NEW.lease_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- 2. The entries posted before this migration, summed once the same way.
INSERT INTO ledger_receivable_span (lease_id, landlord_id, first_month, last_month, e_total, n_total, d_total)
SELECT lease_id, landlord_id,
  min(least(date_trunc('month', effective_on), coalesce(date_trunc('month', due_on), date_trunc('month', effective_on))))::date,
  max(greatest(date_trunc('month', effective_on), coalesce(date_trunc('month', due_on), date_trunc('month', effective_on))))::date,
  sum(amount_cents), coalesce(sum(amount_cents) FILTER (WHERE due_on IS NULL), 0), coalesce(sum(amount_cents) FILTER (WHERE due_on IS NOT NULL), 0)
FROM ledger_receivable GROUP BY lease_id, landlord_id;--> statement-breakpoint
INSERT INTO ledger_receivable_month (lease_id, month, landlord_id, e_before, e_through, n_before, n_through, d_before, d_through)
WITH by_effect AS (
  SELECT lease_id, date_trunc('month', effective_on)::date AS month, sum(amount_cents) AS e,
    coalesce(sum(amount_cents) FILTER (WHERE due_on IS NULL), 0) AS n
  FROM ledger_receivable GROUP BY 1, 2
), by_due AS (
  SELECT lease_id, date_trunc('month', due_on)::date AS month, sum(amount_cents) AS d
  FROM ledger_receivable WHERE due_on IS NOT NULL GROUP BY 1, 2
), grid AS (
  SELECT s.lease_id, s.landlord_id, g::date AS month
  FROM ledger_receivable_span s CROSS JOIN LATERAL generate_series(s.first_month, s.last_month, interval '1 month') g
), running AS (
  SELECT grid.lease_id, grid.month, grid.landlord_id,
    coalesce(x.e, 0) AS e, coalesce(x.n, 0) AS n, coalesce(y.d, 0) AS d,
    sum(coalesce(x.e, 0)) OVER w AS e_through, sum(coalesce(x.n, 0)) OVER w AS n_through, sum(coalesce(y.d, 0)) OVER w AS d_through
  FROM grid
    LEFT JOIN by_effect x ON x.lease_id = grid.lease_id AND x.month = grid.month
    LEFT JOIN by_due y ON y.lease_id = grid.lease_id AND y.month = grid.month
  WINDOW w AS (PARTITION BY grid.lease_id ORDER BY grid.month)
)
SELECT lease_id, month, landlord_id, e_through - e, e_through, n_through - n, n_through, d_through - d, d_through FROM running;--> statement-breakpoint
-- 3. Like the entries they come from, nothing else writes them (the guard of migration rent_roll_projection_rules).
CREATE TRIGGER ledger_receivable_month_guard BEFORE INSERT OR UPDATE OR DELETE ON ledger_receivable_month FOR EACH ROW EXECUTE FUNCTION ledger_projection_guard();--> statement-breakpoint
CREATE TRIGGER ledger_receivable_month_no_truncate BEFORE TRUNCATE ON ledger_receivable_month FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_receivable_span_guard BEFORE INSERT OR UPDATE OR DELETE ON ledger_receivable_span FOR EACH ROW EXECUTE FUNCTION ledger_projection_guard();--> statement-breakpoint
CREATE TRIGGER ledger_receivable_span_no_truncate BEFORE TRUNCATE ON ledger_receivable_span FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
