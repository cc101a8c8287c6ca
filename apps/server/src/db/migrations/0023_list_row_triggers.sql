-- Decision 039: keeps the list columns of 0022 (names, statement account number, search document) equal to what
-- they copy, whoever writes. Each list row computes its own copies in a BEFORE trigger on the columns they derive
-- from; a change upstream (a client renamed, a product or a consultant renamed, a plan's number or owner changed,
-- a statement account filed) "touches" the key column of the rows that copy it, which runs their BEFORE trigger.
-- The generator, which loads with triggers off (session_replication_role = replica), writes the same values itself
-- (db/seed/scale-rows.ts; scale.test.ts checks them against these functions).

CREATE OR REPLACE FUNCTION applications_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner_name text;
  owner_no text;
BEGIN
  SELECT full_name, client_no INTO owner_name, owner_no FROM clients WHERE id = NEW.client_id;
  NEW.client_name := owner_name;
  NEW.product_name := (SELECT name FROM products WHERE id = NEW.product_id);
  NEW.consultant_name := (SELECT name FROM producers WHERE id = NEW.producer_id);
  NEW.search_text := list_search_text(NEW.policy_no, NEW.insured_name, owner_name, owner_no);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER applications_list_row BEFORE INSERT OR UPDATE OF client_id, product_id, producer_id, policy_no,
  insured_name ON applications FOR EACH ROW EXECUTE FUNCTION applications_list_row();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION policies_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner_name text;
  owner_no text;
BEGIN
  SELECT full_name, client_no INTO owner_name, owner_no FROM clients WHERE id = NEW.owner_client_id;
  NEW.client_name := owner_name;
  NEW.product_name := (SELECT name FROM products WHERE id = NEW.product_id);
  NEW.consultant_name := (SELECT name FROM producers WHERE id = NEW.servicing_producer_id);
  NEW.account_no := (SELECT account_no FROM statement_accounts
    WHERE policy_id = NEW.id AND account_type = 'POLICY' ORDER BY id LIMIT 1);
  NEW.search_text := list_search_text(NEW.plan_no, owner_name, owner_no);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER policies_list_row BEFORE INSERT OR UPDATE OF product_id, servicing_producer_id, plan_no,
  owner_client_id ON policies FOR EACH ROW EXECUTE FUNCTION policies_list_row();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION service_records_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plan record;
BEGIN
  SELECT p.plan_no, p.insured_name, coalesce(p.product_name, (SELECT name FROM products WHERE id = p.product_id))
      AS product_name, c.full_name, c.client_no
    INTO plan FROM policies p JOIN clients c ON c.id = p.owner_client_id WHERE p.id = NEW.policy_id;
  NEW.plan_no := plan.plan_no;
  NEW.insured_name := plan.insured_name;
  NEW.product_name := plan.product_name;
  NEW.client_name := plan.full_name;
  NEW.consultant_name := (SELECT name FROM producers WHERE id = NEW.producer_id);
  NEW.search_text := list_search_text(NEW.unique_id, plan.plan_no, plan.insured_name, plan.full_name, plan.client_no);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER service_records_list_row BEFORE INSERT OR UPDATE OF policy_id, producer_id, unique_id
  ON service_records FOR EACH ROW EXECUTE FUNCTION service_records_list_row();
--> statement-breakpoint
-- A plan's copies changed: its service records copy them in turn.
CREATE OR REPLACE FUNCTION policies_list_children() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE service_records SET policy_id = policy_id WHERE policy_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER policies_list_children AFTER UPDATE ON policies FOR EACH ROW
  WHEN (OLD.plan_no IS DISTINCT FROM NEW.plan_no OR OLD.insured_name IS DISTINCT FROM NEW.insured_name
    OR OLD.product_name IS DISTINCT FROM NEW.product_name OR OLD.search_text IS DISTINCT FROM NEW.search_text)
  EXECUTE FUNCTION policies_list_children();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION clients_list_children() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications SET client_id = client_id WHERE client_id = NEW.id;
  UPDATE policies SET owner_client_id = owner_client_id WHERE owner_client_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER clients_list_children AFTER UPDATE ON clients FOR EACH ROW
  WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.client_no IS DISTINCT FROM NEW.client_no)
  EXECUTE FUNCTION clients_list_children();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_list_children() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications SET product_id = product_id WHERE product_id = NEW.id;
  UPDATE policies SET product_id = product_id WHERE product_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_list_children AFTER UPDATE ON products FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION products_list_children();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION producers_list_children() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications SET producer_id = producer_id WHERE producer_id = NEW.id;
  UPDATE service_records SET producer_id = producer_id WHERE producer_id = NEW.id;
  UPDATE policies SET servicing_producer_id = servicing_producer_id WHERE servicing_producer_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER producers_list_children AFTER UPDATE ON producers FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION producers_list_children();
--> statement-breakpoint
-- A plan's POLICY statement account filed, changed or removed: the plan's account number follows.
CREATE OR REPLACE FUNCTION statement_accounts_list_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.policy_id IS NOT NULL THEN
    UPDATE policies SET servicing_producer_id = servicing_producer_id WHERE id = OLD.policy_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.policy_id IS NOT NULL
    AND (TG_OP = 'INSERT' OR NEW.policy_id IS DISTINCT FROM OLD.policy_id OR NEW.account_no IS DISTINCT FROM OLD.account_no
      OR NEW.account_type IS DISTINCT FROM OLD.account_type) THEN
    UPDATE policies SET servicing_producer_id = servicing_producer_id WHERE id = NEW.policy_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER statement_accounts_list_account AFTER INSERT OR UPDATE OR DELETE ON statement_accounts
  FOR EACH ROW EXECUTE FUNCTION statement_accounts_list_account();
