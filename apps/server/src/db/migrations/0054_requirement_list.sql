-- The requirements list (docs/producer/cases.md): a team's open items by due date, the list's default order, walked
-- forward and stopped at the page with the producer read from the index, whatever the team's size.
CREATE INDEX "application_requirements_list_due_idx" ON "application_requirements" USING btree ("due_date","id","producer_id") WHERE "application_requirements"."status" in ('outstanding', 'received', 'under_review', 'rejected');
--> statement-breakpoint
-- The home's "recently received": a team's received items, newest first, the team checked from the index; a big team
-- finds its five at once instead of sorting every received item of the site.
CREATE INDEX "application_requirements_received_idx" ON "application_requirements" USING btree ("status_changed_at","id","producer_id") WHERE "application_requirements"."status" = 'received';
--> statement-breakpoint
-- The list's "owed by clients" view and the home's figure for it: the client's open items by due date, the team
-- checked from the index.
CREATE INDEX "application_requirements_client_owes_idx" ON "application_requirements" USING btree ("due_date","id","producer_id") WHERE "application_requirements"."status" in ('outstanding', 'received', 'under_review', 'rejected') and "application_requirements"."status" in ('outstanding', 'rejected') and "application_requirements"."provider" = 'client';
--> statement-breakpoint
-- The home's missing-premium figure: a team's open follow-ups of one type, counted from the index alone.
CREATE INDEX "service_records_open_type_idx" ON "service_records" USING btree ("type_id","id","producer_id") WHERE "service_records"."status" = 'O';
--> statement-breakpoint
-- The list's other sorts of open items (type, status, day of the last change), each walked in order and stopped at
-- the page, the producer read from the index. The client's name is not a sort: it is the application's.
CREATE INDEX "application_requirements_list_type_idx" ON "application_requirements" USING btree ("type_code","id","producer_id") WHERE "application_requirements"."status" in ('outstanding', 'received', 'under_review', 'rejected');
--> statement-breakpoint
CREATE INDEX "application_requirements_list_status_idx" ON "application_requirements" USING btree ("status","id","producer_id") WHERE "application_requirements"."status" in ('outstanding', 'received', 'under_review', 'rejected');
--> statement-breakpoint
CREATE INDEX "application_requirements_list_changed_idx" ON "application_requirements" USING btree ("status_changed_at","id","producer_id") WHERE "application_requirements"."status" in ('outstanding', 'received', 'under_review', 'rejected');
