CREATE TABLE "login_name_locks" (
	"key" text PRIMARY KEY NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"last_failed_login_at" timestamp with time zone,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "login_name_locks_last_failed_idx" ON "login_name_locks" USING btree ("last_failed_login_at");