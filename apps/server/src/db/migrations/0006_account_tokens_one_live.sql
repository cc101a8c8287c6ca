-- Earlier races could leave several live links of one purpose per account: keep the newest, void the rest.
UPDATE "account_tokens" AS t SET "used_at" = now()
WHERE t."used_at" IS NULL
  AND EXISTS (
    SELECT 1 FROM "account_tokens" AS newer
    WHERE newer."user_id" = t."user_id" AND newer."purpose" = t."purpose" AND newer."used_at" IS NULL
      AND newer."id" > t."id"
  );
--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_live_uq" ON "account_tokens" USING btree ("user_id","purpose") WHERE "account_tokens"."used_at" is null;
