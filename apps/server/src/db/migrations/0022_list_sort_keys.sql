-- Decision 039: what each producer list sorts and searches by lives on the list's own row, so a team's page in any
-- offered order is one index walk. Functions first (the word indexes read them), then the columns, their backfill
-- (before the indexes: one pass per table, no index maintenance row by row), then the indexes.
--
-- The keyword search document: the list's searchable texts joined by the unit separator (no keyword spans two of
-- them; array_to_string skips the missing ones). The generator writes the same text (db/seed/scale-rows.ts).
create or replace function list_search_text(variadic parts text[]) returns text
language sql immutable parallel safe as $$ select array_to_string(parts, chr(31)) $$;--> statement-breakpoint
-- The status and follow-up type words of the lists, per language, as the server's catalogs word them
-- (list-words.test.ts fails when a catalog changes without a migration redefining these and rebuilding their indexes).
create or replace function list_policy_status_word(code text, lang text) returns text
language sql immutable parallel safe as $$
  select case lang
    when 'en' then case code when 'RCV' then 'Received' when 'AIP' then 'In Progress' when 'ACT' then 'Accepted' when 'CAN' then 'Cancelled' when 'INF' then 'Inforce' when 'COF' then 'Cooled Off' when 'MAT' then 'Matured' when 'LAP' then 'Lapsed' when 'SUR' then 'Surrendered' when 'TOT' then 'Transferred Out' when 'OPN' then 'Account Open' when 'CFM' then '' when 'TER' then 'Terminated' when 'COD' then 'Account Close' else code end
    when 'ja' then case code when 'RCV' then '受付済' when 'AIP' then '手続中' when 'ACT' then '承認済' when 'CAN' then '取消' when 'INF' then '有効' when 'COF' then 'クーリングオフ' when 'MAT' then '満期' when 'LAP' then '失効' when 'SUR' then '解約' when 'TOT' then '移管済' when 'OPN' then '口座開設' when 'CFM' then '' when 'TER' then '終了' when 'COD' then '口座解約' else code end
    when 'zh' then case code when 'RCV' then '已收件' when 'AIP' then '處理中' when 'ACT' then '已接納' when 'CAN' then '已取消' when 'INF' then '生效中' when 'COF' then '冷靜期內取消' when 'MAT' then '已期滿' when 'LAP' then '已失效' when 'SUR' then '已退保' when 'TOT' then '已轉出' when 'OPN' then '已開戶' when 'CFM' then '' when 'TER' then '已終止' when 'COD' then '已關戶' else code end
    when 'kr' then case code when 'RCV' then '접수됨' when 'AIP' then '진행 중' when 'ACT' then '승인됨' when 'CAN' then '취소됨' when 'INF' then '유효' when 'COF' then '청약 철회' when 'MAT' then '만기' when 'LAP' then '실효' when 'SUR' then '해지' when 'TOT' then '이전 완료' when 'OPN' then '계좌 개설' when 'CFM' then '' when 'TER' then '종료됨' when 'COD' then '계좌 해지' else code end
  end
$$;--> statement-breakpoint
create or replace function list_followup_type_word(type_id integer, lang text) returns text
language sql immutable parallel safe as $$
  select case lang
    when 'en' then case type_id when 1 then 'Change of address' when 2 then 'Change of beneficiary' when 3 then 'Fund switching' when 4 then 'Partial withdrawal' when 5 then 'Premium holiday' when 6 then 'Missing premium' when 7 then 'Renewal' when 8 then 'Claim' when 9 then 'Policy loan' when 10 then 'Change of payment method' end
    when 'ja' then case type_id when 1 then '住所変更' when 2 then '受取人変更' when 3 then 'ファンドスイッチング' when 4 then '一部引出し' when 5 then '保険料払込猶予' when 6 then '保険料未払い' when 7 then '更新' when 8 then '保険金請求' when 9 then '契約者貸付' when 10 then '支払方法変更' end
    when 'zh' then case type_id when 1 then '更改地址' when 2 then '更改受益人' when 3 then '基金轉換' when 4 then '部分提取' when 5 then '保費假期' when 6 then '欠繳保費' when 7 then '續保' when 8 then '索償' when 9 then '保單貸款' when 10 then '更改付款方式' end
    when 'kr' then case type_id when 1 then '주소 변경' when 2 then '수익자 변경' when 3 then '펀드 변경' when 4 then '부분 인출' when 5 then '보험료 납입 유예' when 6 then '보험료 미납' when 7 then '갱신' when 8 then '보험금 청구' when 9 then '보험계약 대출' when 10 then '납입 방법 변경' end
  end
$$;--> statement-breakpoint
DROP INDEX "applications_commence_idx";--> statement-breakpoint
DROP INDEX "service_records_completed_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "client_name" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "product_name" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "consultant_name" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "client_name" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "product_name" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "consultant_name" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "account_no" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "service_records" ADD COLUMN "plan_no" text;--> statement-breakpoint
ALTER TABLE "service_records" ADD COLUMN "client_name" text;--> statement-breakpoint
ALTER TABLE "service_records" ADD COLUMN "insured_name" text;--> statement-breakpoint
ALTER TABLE "service_records" ADD COLUMN "product_name" text;--> statement-breakpoint
ALTER TABLE "service_records" ADD COLUMN "consultant_name" text;--> statement-breakpoint
ALTER TABLE "service_records" ADD COLUMN "search_text" text;--> statement-breakpoint
UPDATE "applications" AS a SET "client_name" = c.full_name, "product_name" = p.name, "consultant_name" = r.name,
  "search_text" = list_search_text(a.policy_no, a.insured_name, c.full_name, c.client_no)
FROM "clients" c, "products" p, "producers" r
WHERE c.id = a.client_id AND p.id = a.product_id AND r.id = a.producer_id;--> statement-breakpoint
UPDATE "policies" AS pl SET "client_name" = c.full_name, "product_name" = p.name, "consultant_name" = r.name,
  "account_no" = (SELECT sa.account_no FROM "statement_accounts" sa
    WHERE sa.policy_id = pl.id AND sa.account_type = 'POLICY' ORDER BY sa.id LIMIT 1),
  "search_text" = list_search_text(pl.plan_no, c.full_name, c.client_no)
FROM "products" p, "producers" r, "clients" c
WHERE p.id = pl.product_id AND r.id = pl.servicing_producer_id AND c.id = pl.owner_client_id;--> statement-breakpoint
UPDATE "service_records" AS sr SET "plan_no" = pl.plan_no, "insured_name" = pl.insured_name,
  "client_name" = c.full_name, "product_name" = pl.product_name, "consultant_name" = r.name,
  "search_text" = list_search_text(sr.unique_id, pl.plan_no, pl.insured_name, c.full_name, c.client_no)
FROM "policies" pl, "clients" c, "producers" r
WHERE pl.id = sr.policy_id AND c.id = pl.owner_client_id AND r.id = sr.producer_id;--> statement-breakpoint
CREATE INDEX "applications_list_commence_idx" ON "applications" USING btree ("commence_date","id","producer_id","stage");--> statement-breakpoint
CREATE INDEX "applications_list_policy_no_idx" ON "applications" USING btree ("policy_no","id","producer_id","stage");--> statement-breakpoint
CREATE INDEX "applications_list_client_name_idx" ON "applications" USING btree ("client_name","id","producer_id","stage");--> statement-breakpoint
CREATE INDEX "applications_list_insured_name_idx" ON "applications" USING btree ("insured_name","id","producer_id","stage");--> statement-breakpoint
CREATE INDEX "applications_list_product_name_idx" ON "applications" USING btree ("product_name","id","producer_id","stage");--> statement-breakpoint
CREATE INDEX "applications_list_modal_premium_idx" ON "applications" USING btree ("modal_premium","id","producer_id","stage");--> statement-breakpoint
CREATE INDEX "applications_list_consultant_idx" ON "applications" USING btree ("consultant_name","id","producer_id","stage");--> statement-breakpoint
CREATE INDEX "applications_list_category_idx" ON "applications" USING btree ("category","id","producer_id","stage");--> statement-breakpoint
CREATE INDEX "applications_list_stage_idx" ON "applications" USING btree ("stage","id","producer_id");--> statement-breakpoint
CREATE INDEX "applications_search_text_trgm_idx" ON "applications" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "policies_list_client_name_idx" ON "policies" USING btree ("client_name","id","servicing_producer_id");--> statement-breakpoint
CREATE INDEX "policies_list_plan_no_idx" ON "policies" USING btree ("plan_no","id","servicing_producer_id");--> statement-breakpoint
CREATE INDEX "policies_list_product_name_idx" ON "policies" USING btree ("product_name","id","servicing_producer_id");--> statement-breakpoint
CREATE INDEX "policies_list_insured_name_idx" ON "policies" USING btree ("insured_name","id","servicing_producer_id");--> statement-breakpoint
CREATE INDEX "policies_list_modal_premium_idx" ON "policies" USING btree ("modal_premium","id","servicing_producer_id");--> statement-breakpoint
CREATE INDEX "policies_list_consultant_idx" ON "policies" USING btree ("consultant_name","id","servicing_producer_id");--> statement-breakpoint
CREATE INDEX "policies_list_category_idx" ON "policies" USING btree ("category","id","servicing_producer_id");--> statement-breakpoint
CREATE INDEX "policies_list_account_no_idx" ON "policies" USING btree ("account_no","id","servicing_producer_id");--> statement-breakpoint
CREATE INDEX "policies_list_status_en_idx" ON "policies" USING btree (list_policy_status_word(status_code, 'en'),"id","servicing_producer_id");--> statement-breakpoint
CREATE INDEX "policies_list_status_ja_idx" ON "policies" USING btree (list_policy_status_word(status_code, 'ja'),"id","servicing_producer_id");--> statement-breakpoint
CREATE INDEX "policies_list_status_zh_idx" ON "policies" USING btree (list_policy_status_word(status_code, 'zh'),"id","servicing_producer_id");--> statement-breakpoint
CREATE INDEX "policies_list_status_kr_idx" ON "policies" USING btree (list_policy_status_word(status_code, 'kr'),"id","servicing_producer_id");--> statement-breakpoint
CREATE INDEX "policies_search_text_trgm_idx" ON "policies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_records_list_completed_idx" ON "service_records" USING btree ("completed_date","id","producer_id","status");--> statement-breakpoint
CREATE INDEX "service_records_list_unique_id_idx" ON "service_records" USING btree ("unique_id","id","producer_id","status");--> statement-breakpoint
CREATE INDEX "service_records_list_plan_no_idx" ON "service_records" USING btree ("plan_no","id","producer_id","status");--> statement-breakpoint
CREATE INDEX "service_records_list_client_name_idx" ON "service_records" USING btree ("client_name","id","producer_id","status");--> statement-breakpoint
CREATE INDEX "service_records_list_insured_name_idx" ON "service_records" USING btree ("insured_name","id","producer_id","status");--> statement-breakpoint
CREATE INDEX "service_records_list_product_name_idx" ON "service_records" USING btree ("product_name","id","producer_id","status");--> statement-breakpoint
CREATE INDEX "service_records_list_consultant_idx" ON "service_records" USING btree ("consultant_name","id","producer_id","status");--> statement-breakpoint
CREATE INDEX "service_records_list_category_idx" ON "service_records" USING btree ("category","id","producer_id","status");--> statement-breakpoint
CREATE INDEX "service_records_list_status_idx" ON "service_records" USING btree ("status","id","producer_id");--> statement-breakpoint
CREATE INDEX "service_records_list_type_en_idx" ON "service_records" USING btree (list_followup_type_word(type_id, 'en'),"id","producer_id","status");--> statement-breakpoint
CREATE INDEX "service_records_list_type_ja_idx" ON "service_records" USING btree (list_followup_type_word(type_id, 'ja'),"id","producer_id","status");--> statement-breakpoint
CREATE INDEX "service_records_list_type_zh_idx" ON "service_records" USING btree (list_followup_type_word(type_id, 'zh'),"id","producer_id","status");--> statement-breakpoint
CREATE INDEX "service_records_list_type_kr_idx" ON "service_records" USING btree (list_followup_type_word(type_id, 'kr'),"id","producer_id","status");--> statement-breakpoint
CREATE INDEX "service_records_search_text_trgm_idx" ON "service_records" USING gin ("search_text" gin_trgm_ops);