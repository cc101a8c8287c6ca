import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Code tables. Their codes are also pinned by check constraints on the tables that use them, so a typo fails at
 * insert time; the rows here carry the labels and flags that reports and legends need.
 */
export const productCategories = pgTable(
  'product_categories',
  {
    code: text('code').primaryKey(),
    label: text('label').notNull(),
    /** Riders (IR) are a record type but not a product type offered in filters. */
    isProductType: boolean('is_product_type').notNull(),
    sortOrder: smallint('sort_order').notNull(),
  },
  (t) => [check('product_categories_code_ck', sql`${t.code} ~ '^[A-Z]{2,3}$'`)],
);

export const policyStatuses = pgTable('policy_statuses', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  /** COF, CAN, LAP, SUR and TOT: the Form Download tab and the monthly-statement form download are hidden. */
  isTerminated: boolean('is_terminated').notNull(),
});

export const applicationStages = pgTable(
  'application_stages',
  {
    stage: smallint('stage').primaryKey(),
    label: text('label').notNull(),
    /** Stages the "nb" filter means: neither completed (7) nor cancelled (8). */
    inProgress: boolean('in_progress').notNull(),
  },
  (t) => [check('application_stages_stage_ck', sql`${t.stage} between 1 and 8`)],
);

export const serviceRecordStatuses = pgTable('service_record_statuses', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
});

/** Follow-up types of service records; 6 (missing premium) and 7 (renewal) drive reports. */
export const followupTypes = pgTable('followup_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  sortOrder: smallint('sort_order').notNull(),
});
