CREATE TABLE "report_export_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"producer_id" bigint NOT NULL,
	"site_code" "site_code" NOT NULL,
	"report_type" smallint NOT NULL,
	"criteria" jsonb NOT NULL,
	"language" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "report_export_jobs_state_ck" CHECK ("report_export_jobs"."state" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "report_export_jobs_language_ck" CHECK ("report_export_jobs"."language" in ('en', 'ja', 'zh', 'kr'))
);
--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "status_changed_on" date;--> statement-breakpoint
ALTER TABLE "report_export_jobs" ADD CONSTRAINT "report_export_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_export_jobs" ADD CONSTRAINT "report_export_jobs_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_export_jobs_producer_state_idx" ON "report_export_jobs" USING btree ("producer_id","state");--> statement-breakpoint
CREATE INDEX "report_export_jobs_live_idx" ON "report_export_jobs" USING btree ("heartbeat_at") WHERE "report_export_jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "report_export_jobs_created_idx" ON "report_export_jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "policies_producer_status_changed_idx" ON "policies" USING btree ("servicing_producer_id","status_code","status_changed_on") WHERE "policies"."status_code" in ('LAP', 'SUR');