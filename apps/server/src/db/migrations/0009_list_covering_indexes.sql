DROP INDEX "applications_received_id_idx";--> statement-breakpoint
DROP INDEX "applications_in_progress_received_idx";--> statement-breakpoint
DROP INDEX "policies_owner_idx";--> statement-breakpoint
DROP INDEX "service_records_created_id_idx";--> statement-breakpoint
DROP INDEX "service_records_open_created_idx";--> statement-breakpoint
CREATE INDEX "applications_received_id_idx" ON "applications" USING btree ("received_date","id","producer_id");--> statement-breakpoint
CREATE INDEX "applications_in_progress_received_idx" ON "applications" USING btree ("received_date","id","producer_id") WHERE "applications"."stage" in (1, 2, 3, 4, 5, 6);--> statement-breakpoint
CREATE INDEX "policies_owner_idx" ON "policies" USING btree ("owner_client_id","id","servicing_producer_id");--> statement-breakpoint
CREATE INDEX "service_records_created_id_idx" ON "service_records" USING btree ("created_date","id","producer_id");--> statement-breakpoint
CREATE INDEX "service_records_open_created_idx" ON "service_records" USING btree ("created_date","id","producer_id") WHERE "service_records"."status" = 'O';