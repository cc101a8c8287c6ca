-- The producer home's heat map for a producer with hundreds of direct reports (decision 063): each report's overdue
-- cases are their team's rows of team_stage_days before the stage's cutoff day. Read report by report, the largest team
-- (600 direct reports) took 600 index probes and sent 3,600 rows to the server on every visit. Each row now carries
-- the parent of its ancestor, and an index by that parent, stage and day holds every report's rows of one stage side by
-- side: the heat map is one range per stage, up to its cutoff, whatever the number of reports.
ALTER TABLE "team_stage_days" ADD COLUMN "ancestor_parent_id" bigint;
--> statement-breakpoint
UPDATE "team_stage_days" t SET "ancestor_parent_id" = p."parent_id" FROM "producers" p WHERE p."id" = t."ancestor_id";
--> statement-breakpoint
CREATE INDEX "team_stage_days_parent_idx" ON "team_stage_days" ("ancestor_parent_id", "stage", "entered_on")
  INCLUDE ("ancestor_id", "n") WHERE "ancestor_parent_id" IS NOT NULL;
--> statement-breakpoint
-- As 0053, with the ancestor's parent written on each new row (an existing row keeps its own: see the trigger below).
CREATE OR REPLACE FUNCTION team_stage_days_apply(delta jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT (e->>'producer_id')::bigint AS producer_id, (e->>'stage')::smallint AS stage,
      (e->>'entered_on')::date AS entered_on, (e->>'n')::int AS n
    FROM jsonb_array_elements(delta) e
  )
  INSERT INTO team_stage_days AS t (ancestor_id, stage, entered_on, n, ancestor_parent_id)
  SELECT tree.ancestor_id, d.stage, d.entered_on, sum(d.n)::int, min(p.parent_id)
  FROM d JOIN producer_tree tree ON tree.descendant_id = d.producer_id
    JOIN producers p ON p.id = tree.ancestor_id
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
CREATE OR REPLACE FUNCTION team_stage_days_after_tree_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_stage_days AS t (ancestor_id, stage, entered_on, n, ancestor_parent_id)
  SELECT l.ancestor_id, a.stage, team_stage_day(a.stage_entered_at), count(*)::int, min(p.parent_id)
  FROM new_rows l JOIN applications a ON a.producer_id = l.descendant_id AND a.stage BETWEEN 1 AND 6
    JOIN producers p ON p.id = l.ancestor_id
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (ancestor_id, stage, entered_on) DO UPDATE SET n = t.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A producer given another parent: their team's rows move with them in the index (their counts do not change; the
-- tree's own triggers move the counts of the uplines).
CREATE OR REPLACE FUNCTION team_stage_days_after_parent_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE team_stage_days SET ancestor_parent_id = NEW.parent_id WHERE ancestor_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER producers_team_stage_days_parent AFTER UPDATE OF parent_id ON producers
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION team_stage_days_after_parent_change();
--> statement-breakpoint
-- As 0053, a merged row written new takes its ancestor's parent too.
CREATE OR REPLACE FUNCTION fold_team_stage_days() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  WITH old AS (
    DELETE FROM team_stage_days
    WHERE entered_on < (now() AT TIME ZONE 'Asia/Hong_Kong')::date - 366 AND entered_on <> DATE '1900-01-01'
    RETURNING ancestor_id, stage, n
  ), merged AS (
    INSERT INTO team_stage_days AS t (ancestor_id, stage, entered_on, n, ancestor_parent_id)
    SELECT old.ancestor_id, old.stage, DATE '1900-01-01', sum(old.n)::int, min(p.parent_id)
    FROM old JOIN producers p ON p.id = old.ancestor_id
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (ancestor_id, stage, entered_on) DO UPDATE SET n = t.n + excluded.n
    RETURNING 1
  )
  SELECT count(*) INTO folded FROM merged;
  DELETE FROM team_stage_days WHERE entered_on = DATE '1900-01-01' AND n = 0;
  RETURN folded;
END
$$;
