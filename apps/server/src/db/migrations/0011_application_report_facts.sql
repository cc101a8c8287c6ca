ALTER TABLE "applications" ADD COLUMN "payment_frequency" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "transfer_from" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "transfer_amount" numeric(20, 2);--> statement-breakpoint
CREATE INDEX "applications_sent_id_idx" ON "applications" USING btree ("sent_date","id","producer_id");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_payment_frequency_ck" CHECK ("applications"."payment_frequency" is null or "applications"."payment_frequency" in ('M', 'Q', 'H', 'A', 'S'));--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_transfer_ck" CHECK ("applications"."action_type" = 'TI' or ("applications"."transfer_from" is null and "applications"."transfer_amount" is null));