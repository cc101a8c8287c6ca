-- New statements are announced to the people they are for (docs/notifications.md, decision 060). Statements arrive
-- in batches from the month-end close (statement_snapshots for clients, commission_statements for producers), written
-- by whatever loads them; a trigger on each table notes, once per person and month, that something is to be told, in
-- the same transaction as the statement itself, so a statement committed late is never skipped the way a time
-- watermark would skip it. The notifications job drains these rows (modules/notifications/announce-statements.ts).
-- Statement-level triggers with transition tables: one insert per load statement, not one per row.
CREATE TABLE "statement_notice_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"party_id" bigint NOT NULL,
	"month" date NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_notice_outbox_kind_ck" CHECK ("kind" in ('statement', 'commission_statement'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "statement_notice_outbox_uq" ON "statement_notice_outbox" USING btree ("kind","party_id","month");
--> statement-breakpoint
CREATE FUNCTION "portal_outbox_statement_snapshots"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "statement_notice_outbox" ("kind", "party_id", "month")
	SELECT DISTINCT 'statement', a."client_id", n."month"
	FROM new_rows n JOIN "statement_accounts" a ON a."id" = n."account_id"
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "statement_snapshots_outbox" AFTER INSERT ON "statement_snapshots"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "portal_outbox_statement_snapshots"();
--> statement-breakpoint
CREATE FUNCTION "portal_outbox_commission_statements"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "statement_notice_outbox" ("kind", "party_id", "month")
	SELECT DISTINCT 'commission_statement', n."producer_id", n."month" FROM new_rows n
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "commission_statements_outbox" AFTER INSERT ON "commission_statements"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "portal_outbox_commission_statements"();
