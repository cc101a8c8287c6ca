CREATE INDEX "revenues_ref_no_idx" ON "revenues" USING btree ("ref_no","id");--> statement-breakpoint
CREATE INDEX "revenues_payin_effective_idx" ON "revenues" USING btree ("payin_effective_date","id");--> statement-breakpoint
CREATE INDEX "revenues_ref_no_trgm_idx" ON "revenues" USING gin ("ref_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "revenues_account_no_trgm_idx" ON "revenues" USING gin ("account_no" gin_trgm_ops);