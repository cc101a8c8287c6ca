-- The documents a client (or the office) sends for an application's requirement (docs/producer/cases.md): each row
-- links one upload (uploaded_files, docs/uploads.md) to the item it answers. An upload answers one item only.
CREATE TABLE "requirement_documents" (
	"requirement_id" bigint NOT NULL,
	"upload_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requirement_documents_pk" PRIMARY KEY("requirement_id","upload_id")
);
--> statement-breakpoint
ALTER TABLE "requirement_documents" ADD CONSTRAINT "requirement_documents_requirement_id_application_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."application_requirements"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "requirement_documents" ADD CONSTRAINT "requirement_documents_upload_id_uploaded_files_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploaded_files"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_documents_upload_uq" ON "requirement_documents" USING btree ("upload_id");
