-- Facts two report previews read instead of recomputing them for every line (docs/reports.md, reports 11 and 14).
--
-- The lines of the AB BV reports with their AB and BV computed once, at write time, so that report 14 totals a
-- narrow table instead of probing every line's plan, basic item and BV factor on each preview (docs/reports.md,
-- report 14). `ab_bv_line_values` is the one definition of a line in SQL, the same FROM, WHERE and expressions as
-- reports/shared/ab-bv-lines.ts (report 14's test holds each total to the sum of report 13's lines). Triggers keep the
-- table equal to the view whoever writes; the generator, which loads with triggers off, fills it afterwards
-- (seed/report-facts.ts).

CREATE TABLE "ab_bv_lines" (
	"application_id" bigint PRIMARY KEY NOT NULL,
	"producer_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"received_date" date NOT NULL,
	"sent_date" date,
	"commence_date" date,
	"status_code" text,
	"category" text NOT NULL,
	"ab" numeric NOT NULL,
	"bv" numeric
);
--> statement-breakpoint
ALTER TABLE "ab_bv_lines" ADD CONSTRAINT "ab_bv_lines_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ab_bv_lines_received_idx" ON "ab_bv_lines" USING btree ("received_date","producer_id");--> statement-breakpoint
CREATE INDEX "ab_bv_lines_sent_idx" ON "ab_bv_lines" USING btree ("sent_date","producer_id");--> statement-breakpoint
CREATE INDEX "ab_bv_lines_commence_idx" ON "ab_bv_lines" USING btree ("commence_date","producer_id");--> statement-breakpoint
CREATE VIEW ab_bv_line_values AS
SELECT a.id AS application_id, a.producer_id, p.currency, a.received_date, a.sent_date, a.commence_date,
  p.status_code, a.category,
  round(coalesce(basic_item.modal_premium, p.modal_premium)
    * (CASE p.payment_frequency WHEN 'M' THEN 12 WHEN 'Q' THEN 4 WHEN 'H' THEN 2 WHEN 'A' THEN 1 END), 2) AS ab,
  round(round(coalesce(basic_item.modal_premium, p.modal_premium)
    * (CASE p.payment_frequency WHEN 'M' THEN 12 WHEN 'Q' THEN 4 WHEN 'H' THEN 2 WHEN 'A' THEN 1 END), 2)
    * bv_factor.factor, 2) AS bv
FROM applications a
JOIN policies p ON p.id = a.policy_id
LEFT JOIN LATERAL (SELECT i.modal_premium FROM policy_items i
  WHERE i.policy_id = p.id AND i.policy_type = 'BASIC' ORDER BY i.id LIMIT 1) AS basic_item ON true
LEFT JOIN LATERAL (SELECT f.factor FROM bv_factors f
  WHERE f.product_id = p.product_id AND f.effective_from <= a.received_date
    AND (f.effective_to IS NULL OR f.effective_to >= a.received_date)
  ORDER BY f.effective_from DESC LIMIT 1) AS bv_factor ON true
WHERE a.action_type IN ('NB', 'TI') AND p.modal_premium IS NOT NULL AND p.payment_frequency IN ('M', 'Q', 'H', 'A')
  AND a.category <> 'IR';
--> statement-breakpoint
-- Upserted rather than deleted and inserted again, so two writers refreshing one line never collide on its key.
CREATE OR REPLACE FUNCTION ab_bv_lines_refresh(application_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ab_bv_lines l WHERE l.application_id = ANY (application_ids)
    AND NOT EXISTS (SELECT 1 FROM ab_bv_line_values v WHERE v.application_id = l.application_id);
  INSERT INTO ab_bv_lines SELECT * FROM ab_bv_line_values WHERE application_id = ANY (application_ids)
  ON CONFLICT (application_id) DO UPDATE SET producer_id = EXCLUDED.producer_id, currency = EXCLUDED.currency,
    received_date = EXCLUDED.received_date, sent_date = EXCLUDED.sent_date, commence_date = EXCLUDED.commence_date,
    status_code = EXCLUDED.status_code, category = EXCLUDED.category, ab = EXCLUDED.ab, bv = EXCLUDED.bv;
END
$$;
--> statement-breakpoint
-- Applications: inserted ones in one statement (a bulk insert refreshes its lines set-wise); an update only when
-- a column a line reads changes.
CREATE OR REPLACE FUNCTION applications_ab_bv_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ab_bv_lines_refresh(ARRAY(SELECT id FROM inserted_applications));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER applications_ab_bv_inserted AFTER INSERT ON applications
  REFERENCING NEW TABLE AS inserted_applications FOR EACH STATEMENT EXECUTE FUNCTION applications_ab_bv_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION applications_ab_bv_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ab_bv_lines_refresh(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER applications_ab_bv_updated AFTER UPDATE OF policy_id, action_type, producer_id, category,
  received_date, sent_date, commence_date ON applications FOR EACH ROW EXECUTE FUNCTION applications_ab_bv_updated();
--> statement-breakpoint
-- A plan's premium, frequency, currency, status or product (its factor) changed: the lines issued as it.
CREATE OR REPLACE FUNCTION policies_ab_bv_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ab_bv_lines_refresh(ARRAY(SELECT id FROM applications WHERE policy_id = NEW.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER policies_ab_bv_updated AFTER UPDATE OF modal_premium, payment_frequency, currency, status_code,
  product_id ON policies FOR EACH ROW
  WHEN (OLD.modal_premium IS DISTINCT FROM NEW.modal_premium
    OR OLD.payment_frequency IS DISTINCT FROM NEW.payment_frequency OR OLD.currency IS DISTINCT FROM NEW.currency
    OR OLD.status_code IS DISTINCT FROM NEW.status_code OR OLD.product_id IS DISTINCT FROM NEW.product_id)
  EXECUTE FUNCTION policies_ab_bv_updated();
--> statement-breakpoint
-- A basic item added, changed or removed: the lines of its plan (before and after a move to another plan).
CREATE OR REPLACE FUNCTION policy_items_ab_bv_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ab_bv_lines_refresh(ARRAY(SELECT id FROM applications WHERE policy_id IN (
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.policy_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.policy_id END)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER policy_items_ab_bv_inserted AFTER INSERT ON policy_items FOR EACH ROW
  WHEN (NEW.policy_type = 'BASIC') EXECUTE FUNCTION policy_items_ab_bv_changed();
--> statement-breakpoint
CREATE TRIGGER policy_items_ab_bv_updated AFTER UPDATE OF policy_id, policy_type, modal_premium ON policy_items
  FOR EACH ROW WHEN (OLD.policy_type = 'BASIC' OR NEW.policy_type = 'BASIC')
  EXECUTE FUNCTION policy_items_ab_bv_changed();
--> statement-breakpoint
CREATE TRIGGER policy_items_ab_bv_deleted AFTER DELETE ON policy_items FOR EACH ROW
  WHEN (OLD.policy_type = 'BASIC') EXECUTE FUNCTION policy_items_ab_bv_changed();
--> statement-breakpoint
-- BV factors: the lines of every plan of the products whose factors changed, once per statement.
CREATE OR REPLACE FUNCTION bv_factors_ab_bv_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := ARRAY(SELECT product_id FROM new_factors);
  ELSIF TG_OP = 'DELETE' THEN
    changed := ARRAY(SELECT product_id FROM old_factors);
  ELSE
    changed := ARRAY(SELECT product_id FROM new_factors UNION SELECT product_id FROM old_factors);
  END IF;
  PERFORM ab_bv_lines_refresh(ARRAY(SELECT a.id FROM policies p JOIN applications a ON a.policy_id = p.id
    WHERE p.product_id = ANY (changed)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bv_factors_ab_bv_inserted AFTER INSERT ON bv_factors REFERENCING NEW TABLE AS new_factors
  FOR EACH STATEMENT EXECUTE FUNCTION bv_factors_ab_bv_changed();
--> statement-breakpoint
CREATE TRIGGER bv_factors_ab_bv_updated AFTER UPDATE ON bv_factors
  REFERENCING OLD TABLE AS old_factors NEW TABLE AS new_factors
  FOR EACH STATEMENT EXECUTE FUNCTION bv_factors_ab_bv_changed();
--> statement-breakpoint
CREATE TRIGGER bv_factors_ab_bv_deleted AFTER DELETE ON bv_factors REFERENCING OLD TABLE AS old_factors
  FOR EACH STATEMENT EXECUTE FUNCTION bv_factors_ab_bv_changed();
--> statement-breakpoint
-- Lines of what is already on file.
INSERT INTO ab_bv_lines SELECT * FROM ab_bv_line_values;
--> statement-breakpoint
-- Report 11's rows per plan (coverage lines and fund holdings) with the plan's servicing producer, so its count
-- sums one number per plan of the team (an index-only probe by plan) instead of reading every plan's items.
CREATE TABLE "plan_item_counts" (
	"policy_id" bigint PRIMARY KEY NOT NULL,
	"servicing_producer_id" bigint NOT NULL,
	"items" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_item_counts" ADD CONSTRAINT "plan_item_counts_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "plan_item_counts_covering_idx" ON "plan_item_counts" USING btree ("policy_id") INCLUDE ("servicing_producer_id", "items");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plan_item_counts_refresh(policy_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM plan_item_counts WHERE policy_id = ANY (policy_ids)
    AND NOT EXISTS (SELECT 1 FROM policy_items i WHERE i.policy_id = plan_item_counts.policy_id)
    AND NOT EXISTS (SELECT 1 FROM holdings h WHERE h.policy_id = plan_item_counts.policy_id AND h.holding_type = 'fund');
  INSERT INTO plan_item_counts
  SELECT p.id, p.servicing_producer_id, counted.items FROM (
    SELECT rows.policy_id, count(*)::int AS items FROM (
      SELECT i.policy_id FROM policy_items i WHERE i.policy_id = ANY (policy_ids)
      UNION ALL
      SELECT h.policy_id FROM holdings h WHERE h.policy_id = ANY (policy_ids) AND h.holding_type = 'fund') AS rows
    GROUP BY rows.policy_id) AS counted
  JOIN policies p ON p.id = counted.policy_id
  ON CONFLICT (policy_id) DO UPDATE SET servicing_producer_id = EXCLUDED.servicing_producer_id, items = EXCLUDED.items;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plan_item_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM plan_item_counts_refresh(ARRAY[OLD.policy_id, NEW.policy_id]);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM plan_item_counts_refresh(ARRAY(SELECT DISTINCT policy_id FROM added_rows));
  ELSE
    PERFORM plan_item_counts_refresh(ARRAY(SELECT DISTINCT policy_id FROM removed_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER policy_items_counts_inserted AFTER INSERT ON policy_items REFERENCING NEW TABLE AS added_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plan_item_counts_changed();
--> statement-breakpoint
CREATE TRIGGER policy_items_counts_deleted AFTER DELETE ON policy_items REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plan_item_counts_changed();
--> statement-breakpoint
CREATE TRIGGER policy_items_counts_moved AFTER UPDATE OF policy_id ON policy_items FOR EACH ROW
  WHEN (OLD.policy_id IS DISTINCT FROM NEW.policy_id) EXECUTE FUNCTION plan_item_counts_changed();
--> statement-breakpoint
CREATE TRIGGER holdings_counts_inserted AFTER INSERT ON holdings REFERENCING NEW TABLE AS added_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plan_item_counts_changed();
--> statement-breakpoint
CREATE TRIGGER holdings_counts_deleted AFTER DELETE ON holdings REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plan_item_counts_changed();
--> statement-breakpoint
CREATE TRIGGER holdings_counts_moved AFTER UPDATE OF policy_id, holding_type ON holdings FOR EACH ROW
  WHEN (OLD.policy_id IS DISTINCT FROM NEW.policy_id OR OLD.holding_type IS DISTINCT FROM NEW.holding_type)
  EXECUTE FUNCTION plan_item_counts_changed();
--> statement-breakpoint
-- A plan handed to another servicing producer: its count moves with it.
CREATE OR REPLACE FUNCTION policies_item_counts_servicer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE plan_item_counts SET servicing_producer_id = NEW.servicing_producer_id WHERE policy_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER policies_item_counts_servicer AFTER UPDATE OF servicing_producer_id ON policies FOR EACH ROW
  WHEN (OLD.servicing_producer_id IS DISTINCT FROM NEW.servicing_producer_id)
  EXECUTE FUNCTION policies_item_counts_servicer();
--> statement-breakpoint
INSERT INTO plan_item_counts
SELECT p.id, p.servicing_producer_id, counted.items FROM (
  SELECT rows.policy_id, count(*)::int AS items FROM (
    SELECT policy_id FROM policy_items
    UNION ALL SELECT policy_id FROM holdings WHERE holding_type = 'fund' AND policy_id IS NOT NULL) AS rows
  GROUP BY rows.policy_id) AS counted
JOIN policies p ON p.id = counted.policy_id;
