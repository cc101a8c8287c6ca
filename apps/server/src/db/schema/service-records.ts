import { SERVICE_STATUSES } from '@portal/contract';
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
    index('service_records_completed_idx').on(t.completedDate),
    index('service_records_type_status_idx').on(t.typeId, t.status),
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
