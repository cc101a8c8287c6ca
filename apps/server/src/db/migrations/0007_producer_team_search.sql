CREATE INDEX "producers_name_trgm_idx" ON "producers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "producers_code_trgm_idx" ON "producers" USING gin ("code" gin_trgm_ops);