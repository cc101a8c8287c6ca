-- Keeps producer_tree, the transitive closure of producers.parent_id, in step with producers. Team-subtree queries
-- then read `producer_tree where ancestor_id = $1` instead of walking the tree on every request.

CREATE OR REPLACE FUNCTION producer_tree_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM producers WHERE id = NEW.parent_id AND site_code = NEW.site_code
  ) THEN
    RAISE EXCEPTION 'producer % and its parent % must belong to the same site', NEW.id, NEW.parent_id
      USING ERRCODE = 'check_violation';
  END IF;
  INSERT INTO producer_tree (ancestor_id, descendant_id, depth) VALUES (NEW.id, NEW.id, 0);
  IF NEW.parent_id IS NOT NULL THEN
    INSERT INTO producer_tree (ancestor_id, descendant_id, depth)
    SELECT ancestor_id, NEW.id, depth + 1 FROM producer_tree WHERE descendant_id = NEW.parent_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER producers_tree_insert AFTER INSERT ON producers
  FOR EACH ROW EXECUTE FUNCTION producer_tree_after_insert();
--> statement-breakpoint
-- Moving a producer moves its whole subtree: drop every path from the producer's old ancestors into the subtree,
-- then connect each new ancestor to each subtree member.
CREATE OR REPLACE FUNCTION producer_tree_after_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NOT NULL THEN
    IF EXISTS (SELECT 1 FROM producer_tree WHERE ancestor_id = NEW.id AND descendant_id = NEW.parent_id) THEN
      RAISE EXCEPTION 'producer % cannot move under its own team member %', NEW.id, NEW.parent_id
        USING ERRCODE = 'check_violation';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM producers WHERE id = NEW.parent_id AND site_code = NEW.site_code) THEN
      RAISE EXCEPTION 'producer % and its parent % must belong to the same site', NEW.id, NEW.parent_id
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;

  DELETE FROM producer_tree link
  USING producer_tree old_ancestor, producer_tree subtree
  WHERE old_ancestor.descendant_id = NEW.id
    AND old_ancestor.ancestor_id <> NEW.id
    AND subtree.ancestor_id = NEW.id
    AND link.ancestor_id = old_ancestor.ancestor_id
    AND link.descendant_id = subtree.descendant_id;

  IF NEW.parent_id IS NOT NULL THEN
    INSERT INTO producer_tree (ancestor_id, descendant_id, depth)
    SELECT new_ancestor.ancestor_id, subtree.descendant_id, new_ancestor.depth + subtree.depth + 1
    FROM producer_tree new_ancestor, producer_tree subtree
    WHERE new_ancestor.descendant_id = NEW.parent_id AND subtree.ancestor_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER producers_tree_move AFTER UPDATE OF parent_id ON producers
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION producer_tree_after_move();
--> statement-breakpoint
-- Site changes would strand a subtree across sites; the portal never moves producers between sites.
CREATE OR REPLACE FUNCTION producers_site_is_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'producer % cannot change site', OLD.id USING ERRCODE = 'check_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER producers_site_fixed BEFORE UPDATE OF site_code ON producers
  FOR EACH ROW WHEN (OLD.site_code IS DISTINCT FROM NEW.site_code)
  EXECUTE FUNCTION producers_site_is_fixed();
