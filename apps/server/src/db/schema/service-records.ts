import { LANGUAGES, SERVICE_STATUSES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, inList, money, refId } from './columns.js';
import { siteCodeEnum } from './enums.js';
import { sites } from './identity.js';
import { policies } from './policies.js';
import { producers } from './producers.js';
import { followupTypes, productCategories } from './reference.js';

/**
 * A follow-up on a plan (missing premium, renewal, address change…). The id is the followupId of the detail
 * endpoint; `unique_id` is the reference printed for the client. Closed records carry their completion date.
 */
export const serviceRecords = pgTable(
  'service_records',
  {
    id: idColumn(),
    siteCode: siteCodeEnum('site_code')
      .notNull()
      .references(() => sites.code),
    uniqueId: text('unique_id').notNull(),
    category: text('category')
      .notNull()
      .references(() => productCategories.code),
    policyId: refId('policy_id')
      .notNull()
      .references(() => policies.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => followupTypes.id),
    status: text('status').notNull().default('O'),
    createdDate: date('created_date').notNull(),
    completedDate: date('completed_date'),
    producerId: refId('producer_id')
      .notNull()
      .references(() => producers.id),
    subject: text('subject').notNull(),
    details: text('details').notNull().default(''),
    /**
     * Missing premium (6) and renewal (7) follow-ups: the premium's due date and the amount due in the plan's
     * currency, as the provider's notice gives them (null when the notice had none, and for other types).
     */
    dueDate: date('due_date'),
    amountDue: money('amount_due'),
    /*
     * What the Service Records list shows, sorts and searches from the plan, its owner, product and the consultant,
     * copied onto the row (decision 039), and the keyword search document (reference, plan no., insured, owner name
     * and AG number). Kept by triggers (migration 0023); the application never writes them.
     */
    planNo: text('plan_no'),
    clientName: text('client_name'),
    insuredName: text('insured_name'),
    productName: text('product_name'),
    consultantName: text('consultant_name'),
    searchText: text('search_text'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('service_records_unique_id_uq').on(t.uniqueId),
    // Keywords match part of the reference; with service_records_policy_idx the keyword search is a BitmapOr.
    index('service_records_unique_id_trgm_idx').using('gin', sql`${t.uniqueId} gin_trgm_ops`),
    index('service_records_producer_status_created_idx').on(t.producerId, t.status, t.createdDate.desc()),
    index('service_records_producer_completed_idx').on(t.producerId, t.completedDate),
    index('service_records_producer_type_idx').on(t.producerId, t.typeId),
    index('service_records_created_idx').on(t.createdDate),
    // A team's Service Records, newest first with the id tie-breaker; the partial copy serves the default (open).
    // producer_id last: the team check and the count read the index alone (index-only scans, docs/performance.md).
    index('service_records_created_id_idx').on(t.createdDate, t.id, t.producerId),
    index('service_records_open_created_idx')
      .on(t.createdDate, t.id, t.producerId)
      .where(sql`${t.status} = 'O'`),
    // Every other sort of Service Records (decision 039): the sort key, the id tie-breaker, the producer and the
    // status, so a team's page in that order is one walk of the index with the team and the status read from it.
    index('service_records_list_completed_idx').on(t.completedDate, t.id, t.producerId, t.status),
    index('service_records_list_unique_id_idx').on(t.uniqueId, t.id, t.producerId, t.status),
    index('service_records_list_plan_no_idx').on(t.planNo, t.id, t.producerId, t.status),
    index('service_records_list_client_name_idx').on(t.clientName, t.id, t.producerId, t.status),
    index('service_records_list_insured_name_idx').on(t.insuredName, t.id, t.producerId, t.status),
    index('service_records_list_product_name_idx').on(t.productName, t.id, t.producerId, t.status),
    index('service_records_list_consultant_idx').on(t.consultantName, t.id, t.producerId, t.status),
    index('service_records_list_category_idx').on(t.category, t.id, t.producerId, t.status),
    index('service_records_list_status_idx').on(t.status, t.id, t.producerId),
    // The type column sorts by the word the reader sees: one index per language on the rank of that word.
    ...LANGUAGES.map((language) =>
      index(`service_records_list_type_${language}_idx`).on(
        sql.raw(`list_followup_type_word(type_id, '${language}')`),
        t.id,
        t.producerId,
        t.status,
      ),
    ),
    index('service_records_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('service_records_type_status_idx').on(t.typeId, t.status),
    // The producer home's missing-premium figure: open follow-ups of one type with their producer, index only.
    index('service_records_open_type_idx').on(t.typeId, t.id, t.producerId).where(sql`${t.status} = 'O'`),
    index('service_records_policy_idx').on(t.policyId),
    // Missing premium report (type 7): a team's premium follow-ups by their date (the due date, else the day the
    // follow-up was opened), newest first; producer_id last for the team check from the index alone.
    index('service_records_premium_date_idx')
      .on(sql`coalesce(${t.dueDate}, ${t.createdDate})`, t.id, t.producerId)
      .where(sql`${t.typeId} in (6, 7)`),
    check('service_records_status_ck', inList(t.status, SERVICE_STATUSES)),
    check(
      'service_records_completed_ck',
      sql`(${t.status} = 'C') = (${t.completedDate} is not null) and (${t.completedDate} is null or ${t.completedDate} >= ${t.createdDate})`,
    ),
  ],
);
