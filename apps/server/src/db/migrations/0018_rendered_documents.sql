CREATE TABLE "rendered_documents" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rendered_documents_key_ck" CHECK ("rendered_documents"."key" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE INDEX "rendered_documents_created_idx" ON "rendered_documents" USING btree ("created_at");