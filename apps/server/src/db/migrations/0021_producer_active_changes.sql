-- Decision 027's cache also holds whether a producer is active (a producer set inactive is signed out on their next
-- request): setting producers.is_active must tell every process, like the permissions already do.
DROP TRIGGER producers_changed_notify ON producers;
--> statement-breakpoint
CREATE TRIGGER producers_changed_notify AFTER UPDATE OF name, full_name, has_commission_permission,
  has_bv_report_permission, has_training_history_report_permission, has_avenue_b2b_login, is_active ON producers
  FOR EACH ROW EXECUTE FUNCTION portal_notify_row_changed('p');
