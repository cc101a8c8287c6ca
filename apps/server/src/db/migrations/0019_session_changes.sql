-- Decision 027: every process keeps the sessions it read in the last minute in memory, and forgets one as soon as
-- anything behind it changes. These triggers say what changed, on the channel the session cache listens to, from
-- whichever process or operator made the change. Payloads: s:<session id hash>, u:<user>, c:<client>,
-- p:<producer>, t:<staff>, or * when one statement changed too many rows to name them.
-- The touch of last_seen_at (at most once a minute) is not a change: the cache re-reads when a touch is due.

CREATE FUNCTION portal_notify_sessions_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM changed_rows) > 200 THEN
    PERFORM pg_notify('portal_session_changes', '*');
  ELSE
    PERFORM pg_notify('portal_session_changes', 's:' || id_hash) FROM changed_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_removed_notify AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_sessions_removed();
--> statement-breakpoint
CREATE FUNCTION portal_notify_session_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_session_changes', 's:' || OLD.id_hash);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_updated_notify AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (to_jsonb(OLD) - 'last_seen_at' IS DISTINCT FROM to_jsonb(NEW) - 'last_seen_at')
  EXECUTE FUNCTION portal_notify_session_updated();
--> statement-breakpoint
CREATE FUNCTION portal_notify_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the payload's letter; the row's own id names it.
  PERFORM pg_notify('portal_session_changes', TG_ARGV[0] || ':' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_changed_notify AFTER UPDATE OF kind, status, client_id, producer_id, staff_id ON users
  FOR EACH ROW EXECUTE FUNCTION portal_notify_row_changed('u');
--> statement-breakpoint
CREATE TRIGGER clients_renamed_notify AFTER UPDATE OF given_name, surname ON clients
  FOR EACH ROW EXECUTE FUNCTION portal_notify_row_changed('c');
--> statement-breakpoint
CREATE TRIGGER producers_changed_notify AFTER UPDATE OF name, full_name, has_commission_permission,
  has_bv_report_permission, has_training_history_report_permission, has_avenue_b2b_login ON producers
  FOR EACH ROW EXECUTE FUNCTION portal_notify_row_changed('p');
--> statement-breakpoint
CREATE TRIGGER staff_renamed_notify AFTER UPDATE OF name ON staff
  FOR EACH ROW EXECUTE FUNCTION portal_notify_row_changed('t');
--> statement-breakpoint
-- The unread count (client) and the menus (staff) that /me shows. Seeding inserts these in bulk: past 200 rows the
-- statement says * once instead of a notification per owner.
CREATE FUNCTION portal_notify_owner_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM changed_rows) > 200 THEN
    PERFORM pg_notify('portal_session_changes', '*');
  ELSIF TG_TABLE_NAME = 'client_messages' THEN
    PERFORM pg_notify('portal_session_changes', 'c:' || client_id) FROM (SELECT DISTINCT client_id FROM changed_rows) o;
  ELSE
    PERFORM pg_notify('portal_session_changes', 't:' || staff_id) FROM (SELECT DISTINCT staff_id FROM changed_rows) o;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_messages_inserted_notify AFTER INSERT ON client_messages
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_owner_rows();
--> statement-breakpoint
CREATE TRIGGER client_messages_updated_notify AFTER UPDATE ON client_messages
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_owner_rows();
--> statement-breakpoint
CREATE TRIGGER client_messages_deleted_notify AFTER DELETE ON client_messages
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_owner_rows();
--> statement-breakpoint
CREATE TRIGGER staff_menus_inserted_notify AFTER INSERT ON staff_menu_permissions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_owner_rows();
--> statement-breakpoint
CREATE TRIGGER staff_menus_updated_notify AFTER UPDATE ON staff_menu_permissions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_owner_rows();
--> statement-breakpoint
CREATE TRIGGER staff_menus_deleted_notify AFTER DELETE ON staff_menu_permissions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_owner_rows();
