ALTER TABLE "revenues" ADD COLUMN "settled_payin_amount" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "revenues" ADD COLUMN "settled_state" text DEFAULT 'settled' NOT NULL;--> statement-breakpoint
CREATE INDEX "revenues_settled_state_idx" ON "revenues" USING btree ("settled_state","ref_no","id");--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_settled_state_ck" CHECK ("revenues"."settled_state" in ('settled', 'partly', 'outstanding'));--> statement-breakpoint
-- The staff index filters and shows each revenue's settled pay-in and settled state (the detail's fully-settled flag
-- summed up). Computing them per row with subqueries took over a second on 300k revenues; these triggers keep them
-- on the revenue row instead, recomputed from the items and settlements whenever either changes. The rule is the
-- detail's: an instalment is covered when its settlements reach its amount; settled when every one is (or there is
-- none), partly when some money came in, outstanding otherwise. updated_at (the edit's version) is left alone: the
-- editable fields did not change.
CREATE OR REPLACE FUNCTION revenue_refresh_settled(rid bigint) RETURNS void LANGUAGE sql AS $$
  UPDATE revenues r
  SET settled_payin_amount = s.settled,
      settled_state = CASE WHEN s.uncovered = 0 THEN 'settled' WHEN s.settled > 0 THEN 'partly' ELSE 'outstanding' END
  FROM (
    SELECT coalesce(sum(i.settled), 0)::numeric(20, 2) AS settled,
           count(*) FILTER (WHERE i.total_pay_amount > i.settled) AS uncovered
    FROM (
      SELECT it.total_pay_amount,
             coalesce((SELECT sum(st.settled_amount) FROM revenue_payin_settlements st WHERE st.payin_item_id = it.id), 0)
               AS settled
      FROM revenue_payin_items it WHERE it.revenue_id = rid
    ) i
  ) s
  WHERE r.id = rid
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_payin_items_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM revenue_refresh_settled(OLD.revenue_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.revenue_id IS DISTINCT FROM OLD.revenue_id
      OR NEW.total_pay_amount IS DISTINCT FROM OLD.total_pay_amount) THEN
    PERFORM revenue_refresh_settled(NEW.revenue_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER revenue_payin_items_settled AFTER INSERT OR UPDATE OR DELETE ON revenue_payin_items
  FOR EACH ROW EXECUTE FUNCTION revenue_payin_items_refresh();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_payin_settlements_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A settlement removed with its item (cascade) finds no item any more: the item's own trigger recomputes.
  IF TG_OP <> 'INSERT' THEN
    PERFORM revenue_refresh_settled(revenue_id) FROM revenue_payin_items WHERE id = OLD.payin_item_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM revenue_refresh_settled(revenue_id) FROM revenue_payin_items WHERE id = NEW.payin_item_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER revenue_payin_settlements_settled AFTER INSERT OR UPDATE OR DELETE ON revenue_payin_settlements
  FOR EACH ROW EXECUTE FUNCTION revenue_payin_settlements_refresh();
--> statement-breakpoint
SELECT revenue_refresh_settled(id) FROM revenues;
