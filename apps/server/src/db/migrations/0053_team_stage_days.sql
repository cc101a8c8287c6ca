-- The producer home's pipeline and heat map for a team of any size (decision 063): how many in-progress applications
-- (stages 1–6) of each producer's subtree entered each stage on each Hong Kong day. A team's pipeline with its aging
-- and overdue counts is then a read of one ancestor's rows (a few per stage and day), not a count of its applications.
-- Kept in step by statement-level triggers on applications and producer_tree, set-based from their transition tables,
-- so a bulk update of a million applications costs one grouped statement, not a million row triggers.
CREATE TABLE "team_stage_days" (
	"ancestor_id" bigint NOT NULL,
	"stage" smallint NOT NULL,
	"entered_on" date NOT NULL,
	"n" integer NOT NULL,
	-- n in the key's index: a team's figures are read from the index alone.
	CONSTRAINT "team_stage_days_pk" PRIMARY KEY("ancestor_id","stage","entered_on") INCLUDE ("n")
);
--> statement-breakpoint
ALTER TABLE "team_stage_days" ADD CONSTRAINT "team_stage_days_ancestor_id_producers_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."producers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The day a row is counted under: its Hong Kong day, or, once more than 366 days ago, one shared day (1900-01-01).
-- Every figure treats all such days alike (over 30 days in stage, over any target: targets are at most 365 days), so a
-- team's years-old cases cost one row per stage instead of one per day. A row written as a dated day that later ages
-- past the line still counts the same; fold_team_stage_days() merges such rows.
CREATE OR REPLACE FUNCTION team_stage_day(entered_at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN d < (now() AT TIME ZONE 'Asia/Hong_Kong')::date - 366 THEN DATE '1900-01-01' ELSE d END
  FROM (SELECT (entered_at AT TIME ZONE 'Asia/Hong_Kong')::date AS d) x
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fold_team_stage_days() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  WITH old AS (
    DELETE FROM team_stage_days
    WHERE entered_on < (now() AT TIME ZONE 'Asia/Hong_Kong')::date - 366 AND entered_on <> DATE '1900-01-01'
    RETURNING ancestor_id, stage, n
  ), merged AS (
    INSERT INTO team_stage_days AS t (ancestor_id, stage, entered_on, n)
    SELECT ancestor_id, stage, DATE '1900-01-01', sum(n)::int FROM old GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (ancestor_id, stage, entered_on) DO UPDATE SET n = t.n + excluded.n
    RETURNING 1
  )
  SELECT count(*) INTO folded FROM merged;
  DELETE FROM team_stage_days WHERE entered_on = DATE '1900-01-01' AND n = 0;
  RETURN folded;
END
$$;
--> statement-breakpoint
-- Adds the signed counts of `delta` (producer_id, stage, entered_on, n) to every ancestor of each producer, then drops
-- the rows that reached zero. Keys are written in order, so two writers lock shared rows in the same order.
CREATE OR REPLACE FUNCTION team_stage_days_apply(delta jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT (e->>'producer_id')::bigint AS producer_id, (e->>'stage')::smallint AS stage,
      (e->>'entered_on')::date AS entered_on, (e->>'n')::int AS n
    FROM jsonb_array_elements(delta) e
  )
  INSERT INTO team_stage_days AS t (ancestor_id, stage, entered_on, n)
  SELECT tree.ancestor_id, d.stage, d.entered_on, sum(d.n)::int
  FROM d JOIN producer_tree tree ON tree.descendant_id = d.producer_id
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (ancestor_id, stage, entered_on) DO UPDATE SET n = t.n + excluded.n;
  DELETE FROM team_stage_days t
  USING (SELECT DISTINCT tree.ancestor_id, (e->>'stage')::smallint AS stage, (e->>'entered_on')::date AS entered_on
    FROM jsonb_array_elements(delta) e JOIN producer_tree tree ON tree.descendant_id = (e->>'producer_id')::bigint) k
  WHERE t.n = 0 AND t.ancestor_id = k.ancestor_id AND t.stage = k.stage AND t.entered_on = k.entered_on;
END
$$;
--> statement-breakpoint
-- Applications: -1 for each old row in progress, +1 for each new one; an update that moved nothing cancels out.
CREATE OR REPLACE FUNCTION team_stage_days_after_applications() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO delta FROM (
      SELECT producer_id, stage, team_stage_day(stage_entered_at) AS entered_on, count(*) AS n
      FROM new_rows WHERE stage BETWEEN 1 AND 6 GROUP BY 1, 2, 3) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(x) INTO delta FROM (
      SELECT producer_id, stage, team_stage_day(stage_entered_at) AS entered_on, -count(*) AS n
      FROM old_rows WHERE stage BETWEEN 1 AND 6 GROUP BY 1, 2, 3) x;
  ELSE
    SELECT jsonb_agg(x) INTO delta FROM (
      SELECT producer_id, stage, entered_on, sum(n) AS n FROM (
        SELECT producer_id, stage, team_stage_day(stage_entered_at) AS entered_on, -1 AS n
        FROM old_rows WHERE stage BETWEEN 1 AND 6
        UNION ALL
        SELECT producer_id, stage, team_stage_day(stage_entered_at), 1
        FROM new_rows WHERE stage BETWEEN 1 AND 6) c
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0) x;
  END IF;
  IF delta IS NOT NULL THEN
    PERFORM team_stage_days_apply(delta);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER applications_team_stage_days_insert AFTER INSERT ON applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_stage_days_after_applications();
--> statement-breakpoint
CREATE TRIGGER applications_team_stage_days_update AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION team_stage_days_after_applications();
--> statement-breakpoint
CREATE TRIGGER applications_team_stage_days_delete AFTER DELETE ON applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION team_stage_days_after_applications();
--> statement-breakpoint
-- producer_tree: a new path (ancestor, descendant) adds the descendant's own applications to the ancestor; a removed
-- path takes them away. A new producer has none, so only moves between teams cost anything.
CREATE OR REPLACE FUNCTION team_stage_days_after_tree_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_stage_days AS t (ancestor_id, stage, entered_on, n)
  SELECT l.ancestor_id, a.stage, team_stage_day(a.stage_entered_at), count(*)::int
  FROM new_rows l JOIN applications a ON a.producer_id = l.descendant_id AND a.stage BETWEEN 1 AND 6
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (ancestor_id, stage, entered_on) DO UPDATE SET n = t.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION team_stage_days_after_tree_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    SELECT l.ancestor_id, a.stage, team_stage_day(a.stage_entered_at) AS entered_on,
      count(*)::int AS n
    FROM old_rows l JOIN applications a ON a.producer_id = l.descendant_id AND a.stage BETWEEN 1 AND 6
    GROUP BY 1, 2, 3
  )
  UPDATE team_stage_days t SET n = t.n - gone.n
  FROM gone WHERE t.ancestor_id = gone.ancestor_id AND t.stage = gone.stage AND t.entered_on = gone.entered_on;
  DELETE FROM team_stage_days t USING old_rows l WHERE t.ancestor_id = l.ancestor_id AND t.n = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER producer_tree_team_stage_days_insert AFTER INSERT ON producer_tree
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_stage_days_after_tree_insert();
--> statement-breakpoint
CREATE TRIGGER producer_tree_team_stage_days_delete AFTER DELETE ON producer_tree
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION team_stage_days_after_tree_delete();
--> statement-breakpoint
INSERT INTO team_stage_days (ancestor_id, stage, entered_on, n)
SELECT tree.ancestor_id, a.stage, team_stage_day(a.stage_entered_at), count(*)::int
FROM applications a JOIN producer_tree tree ON tree.descendant_id = a.producer_id
WHERE a.stage BETWEEN 1 AND 6
GROUP BY 1, 2, 3;
