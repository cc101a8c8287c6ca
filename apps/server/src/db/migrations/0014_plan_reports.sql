ALTER TABLE "clients" ADD COLUMN "birth_month_day" smallint GENERATED ALWAYS AS ((extract(month from birth_date) * 100 + extract(day from birth_date))::smallint) STORED;--> statement-breakpoint
ALTER TABLE "service_records" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "service_records" ADD COLUMN "amount_due" numeric(20, 2);--> statement-breakpoint
CREATE INDEX "applications_received_policy_idx" ON "applications" USING btree ("received_date","policy_id") WHERE "applications"."policy_id" is not null;--> statement-breakpoint
CREATE INDEX "applications_sent_policy_idx" ON "applications" USING btree ("sent_date","policy_id") WHERE "applications"."policy_id" is not null;--> statement-breakpoint
CREATE INDEX "holdings_report_key_idx" ON "holdings" USING btree (("id" * 2 + 1)) WHERE "holdings"."holding_type" = 'fund';--> statement-breakpoint
CREATE INDEX "clients_birth_month_day_idx" ON "clients" USING btree ("birth_month_day","id");--> statement-breakpoint
CREATE INDEX "policies_commence_idx" ON "policies" USING btree ("commence_date","id","servicing_producer_id");--> statement-breakpoint
CREATE INDEX "policy_items_report_key_idx" ON "policy_items" USING btree (("id" * 2));--> statement-breakpoint
CREATE INDEX "service_records_premium_date_idx" ON "service_records" USING btree (coalesce("due_date", "created_date"),"id","producer_id") WHERE "service_records"."type_id" in (6, 7);