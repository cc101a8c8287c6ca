CREATE INDEX "applications_received_id_idx" ON "applications" USING btree ("received_date","id");--> statement-breakpoint
CREATE INDEX "applications_in_progress_received_idx" ON "applications" USING btree ("received_date","id") WHERE "applications"."stage" in (1, 2, 3, 4, 5, 6);--> statement-breakpoint
CREATE INDEX "clients_full_name_idx" ON "clients" USING btree ("full_name","id");--> statement-breakpoint
CREATE INDEX "clients_client_no_trgm_idx" ON "clients" USING gin ("client_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_records_unique_id_trgm_idx" ON "service_records" USING gin ("unique_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_records_created_id_idx" ON "service_records" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "service_records_open_created_idx" ON "service_records" USING btree ("created_date","id") WHERE "service_records"."status" = 'O';