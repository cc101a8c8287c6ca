-- The producer home's requirement figures for a team of any size (decision 063, as team_stage_days): per producer and
-- every producer above them, how many items of each view (1 open, 2 owed by clients, 3 received; the requirements
-- list's views, requirementViewFilter) fall due on each day. Overdue is then a sum over the days before today, the
-- other two a sum of a few rows, whatever the team's size.
CREATE TABLE "team_requirement_days" (
	"ancestor_id" bigint NOT NULL,
	"view" smallint NOT NULL,
	"due_on" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "team_requirement_days_pk" PRIMARY KEY("ancestor_id","view","due_on") INCLUDE ("n")
);
--> statement-breakpoint
ALTER TABLE "team_requirement_days" ADD CONSTRAINT "team_requirement_days_ancestor_id_producers_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."producers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The day an item is counted under: its due date; no due date, a day after every today (never overdue); due more than
-- 366 days ago, one shared day before every today (overdue either way), so old items cost one row per view.
CREATE OR REPLACE FUNCTION team_due_day(due date) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN due IS NULL THEN DATE '9999-12-31'
    WHEN due < (now() AT TIME ZONE 'Asia/Hong_Kong')::date - 366 THEN DATE '1900-01-01'
    ELSE due END
$$;
--> statement-breakpoint
-- Which views an item is in: the requirements list's predicates (requirementViewFilter), as numbers.
CREATE OR REPLACE FUNCTION requirement_views(status text, provider text) RETURNS smallint[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY[
    CASE WHEN status IN ('outstanding', 'received', 'under_review', 'rejected') THEN 1 END,
    CASE WHEN status IN ('outstanding', 'rejected') AND provider = 'client' THEN 2 END,
    CASE WHEN status = 'received' THEN 3 END
  ]::smallint[], NULL)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION team_requirement_days_apply(delta jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT (e->>'producer_id')::bigint AS producer_id, (e->>'view')::smallint AS view,
      (e->>'due_on')::date AS due_on, (e->>'n')::int AS n
    FROM jsonb_array_elements(delta) e
  )
  INSERT INTO team_requirement_days AS t (ancestor_id, view, due_on, n)
  SELECT tree.ancestor_id, d.view, d.due_on, sum(d.n)::int
  FROM d JOIN producer_tree tree ON tree.descendant_id = d.producer_id
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (ancestor_id, view, due_on) DO UPDATE SET n = t.n + excluded.n;
  DELETE FROM team_requirement_days t
  USING (SELECT DISTINCT tree.ancestor_id, (e->>'view')::smallint AS view, (e->>'due_on')::date AS due_on
    FROM jsonb_array_elements(delta) e JOIN producer_tree tree ON tree.descendant_id = (e->>'producer_id')::bigint) k
  WHERE t.n = 0 AND t.ancestor_id = k.ancestor_id AND t.view = k.view AND t.due_on = k.due_on;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION team_requirement_days_after_items() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO delta FROM (
      SELECT producer_id, view, team_due_day(due_date) AS due_on, count(*) AS n
      FROM new_rows, unnest(requirement_views(status, provider)) AS view GROUP BY 1, 2, 3) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(x) INTO delta FROM (
      SELECT producer_id, view, team_due_day(due_date) AS due_on, -count(*) AS n
      FROM old_rows, unnest(requirement_views(status, provider)) AS view GROUP BY 1, 2, 3) x;
  ELSE
    SELECT jsonb_agg(x) INTO delta FROM (
      SELECT producer_id, view, due_on, sum(n) AS n FROM (
        SELECT producer_id, view, team_due_day(due_date) AS due_on, -1 AS n
        FROM old_rows, unnest(requirement_views(status, provider)) AS view
        UNION ALL
        SELECT producer_id, view, team_due_day(due_date), 1
        FROM new_rows, unnest(requirement_views(status, provider)) AS view) c
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0) x;
  END IF;
  IF delta IS NOT NULL THEN
    PERFORM team_requirement_days_apply(delta);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER application_requirements_team_days_insert AFTER INSERT ON application_requirements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_requirement_days_after_items();
--> statement-breakpoint
CREATE TRIGGER application_requirements_team_days_update AFTER UPDATE ON application_requirements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION team_requirement_days_after_items();
--> statement-breakpoint
CREATE TRIGGER application_requirements_team_days_delete AFTER DELETE ON application_requirements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION team_requirement_days_after_items();
--> statement-breakpoint
-- A producer moved with their subtree: their own items join or leave each ancestor's counts.
CREATE OR REPLACE FUNCTION team_requirement_days_after_tree_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_requirement_days AS t (ancestor_id, view, due_on, n)
  SELECT l.ancestor_id, v.view, team_due_day(r.due_date), count(*)::int
  FROM new_rows l JOIN application_requirements r ON r.producer_id = l.descendant_id,
    unnest(requirement_views(r.status, r.provider)) AS v(view)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (ancestor_id, view, due_on) DO UPDATE SET n = t.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION team_requirement_days_after_tree_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    SELECT l.ancestor_id, v.view, team_due_day(r.due_date) AS due_on, count(*)::int AS n
    FROM old_rows l JOIN application_requirements r ON r.producer_id = l.descendant_id,
      unnest(requirement_views(r.status, r.provider)) AS v(view)
    GROUP BY 1, 2, 3
  )
  UPDATE team_requirement_days t SET n = t.n - gone.n
  FROM gone WHERE t.ancestor_id = gone.ancestor_id AND t.view = gone.view AND t.due_on = gone.due_on;
  DELETE FROM team_requirement_days t USING old_rows l WHERE t.ancestor_id = l.ancestor_id AND t.n = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER producer_tree_team_requirement_days_insert AFTER INSERT ON producer_tree
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_requirement_days_after_tree_insert();
--> statement-breakpoint
CREATE TRIGGER producer_tree_team_requirement_days_delete AFTER DELETE ON producer_tree
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION team_requirement_days_after_tree_delete();
--> statement-breakpoint
-- Folds dated rows that aged past the 366-day line into the shared day (see team_due_day).
CREATE OR REPLACE FUNCTION fold_team_requirement_days() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  WITH old AS (
    DELETE FROM team_requirement_days
    WHERE due_on < (now() AT TIME ZONE 'Asia/Hong_Kong')::date - 366 AND due_on <> DATE '1900-01-01'
    RETURNING ancestor_id, view, n
  ), merged AS (
    INSERT INTO team_requirement_days AS t (ancestor_id, view, due_on, n)
    SELECT ancestor_id, view, DATE '1900-01-01', sum(n)::int FROM old GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (ancestor_id, view, due_on) DO UPDATE SET n = t.n + excluded.n
    RETURNING 1
  )
  SELECT count(*) INTO folded FROM merged;
  DELETE FROM team_requirement_days WHERE due_on = DATE '1900-01-01' AND n = 0;
  RETURN folded;
END
$$;
--> statement-breakpoint
INSERT INTO team_requirement_days (ancestor_id, view, due_on, n)
SELECT tree.ancestor_id, v.view, team_due_day(r.due_date), count(*)::int
FROM application_requirements r JOIN producer_tree tree ON tree.descendant_id = r.producer_id,
  unnest(requirement_views(r.status, r.provider)) AS v(view)
GROUP BY 1, 2, 3;
