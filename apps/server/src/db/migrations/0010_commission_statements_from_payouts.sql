ALTER TABLE "commission_statements" DROP CONSTRAINT "commission_statements_file_type_ck";--> statement-breakpoint
ALTER TABLE "commission_statements" DROP CONSTRAINT "commission_statements_file_key_stored_files_key_fk";
--> statement-breakpoint
DROP INDEX "commission_statements_uq";--> statement-breakpoint
ALTER TABLE "commission_statements" ADD COLUMN "service_company_id" bigint;--> statement-breakpoint
ALTER TABLE "commission_statements" ADD COLUMN "issued_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Statements issued as files become entries of the statement list: the company is found by its code, the workbook
-- copies (a second file of the same statement) and rows naming no known company go; their files are deleted below.
UPDATE "commission_statements" cs SET "service_company_id" = sc."id" FROM "service_companies" sc WHERE sc."code" = cs."company_name";--> statement-breakpoint
DELETE FROM "commission_statements" WHERE "file_type" <> 'pdf' OR "service_company_id" IS NULL;--> statement-breakpoint
ALTER TABLE "commission_statements" ALTER COLUMN "service_company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_service_company_id_service_companies_id_fk" FOREIGN KEY ("service_company_id") REFERENCES "public"."service_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_statements_uq" ON "commission_statements" USING btree ("producer_id","month","region_code","service_company_id");--> statement-breakpoint
DELETE FROM "stored_files" WHERE "key" IN (SELECT "file_key" FROM "commission_statements");--> statement-breakpoint
DELETE FROM "stored_files" WHERE "key" LIKE 'commissions/%';--> statement-breakpoint
ALTER TABLE "commission_statements" DROP COLUMN "company_name";--> statement-breakpoint
ALTER TABLE "commission_statements" DROP COLUMN "file_type";--> statement-breakpoint
ALTER TABLE "commission_statements" DROP COLUMN "file_name";--> statement-breakpoint
ALTER TABLE "commission_statements" DROP COLUMN "file_key";--> statement-breakpoint
UPDATE "commission_statements" SET "period" = 'M' WHERE extract(month from "month")::int % (case "period" when 'Q' then 3 when 'H' then 6 when 'A' then 12 else 1 end) <> 0;--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_region_ck" CHECK ("commission_statements"."region_code" in ('HK', 'SG'));--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_period_end_ck" CHECK (extract(month from "commission_statements"."month")::int % (case "commission_statements"."period" when 'Q' then 3 when 'H' then 6 when 'A' then 12 else 1 end) = 0);
