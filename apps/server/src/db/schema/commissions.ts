import { COMMISSION_PERIODS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, inList, refId } from './columns.js';
import { storedFiles } from './files.js';
import { producers } from './producers.js';

export const COMMISSION_FILE_TYPES = ['pdf', 'xlsx'] as const;

/** Commission statements issued to a producer per month, region and paying company. */
export const commissionStatements = pgTable(
  'commission_statements',
  {
    id: idColumn(),
    producerId: refId('producer_id')
      .notNull()
      .references(() => producers.id),
    /** First day of the issue month. */
    month: date('month').notNull(),
    regionCode: text('region_code').notNull(),
    companyName: text('company_name').notNull(),
    period: text('period').notNull(),
    fileType: text('file_type').notNull(),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key')
      .notNull()
      .references(() => storedFiles.key, { onUpdate: 'cascade' }),
  },
  (t) => [
    uniqueIndex('commission_statements_uq').on(
      t.producerId,
      t.month,
      t.regionCode,
      t.companyName,
      t.fileType,
    ),
    index('commission_statements_producer_month_idx').on(t.producerId, t.month.desc()),
    check('commission_statements_month_ck', sql`extract(day from ${t.month}) = 1`),
    check('commission_statements_period_ck', inList(t.period, COMMISSION_PERIODS)),
    check('commission_statements_file_type_ck', inList(t.fileType, COMMISSION_FILE_TYPES)),
  ],
);
