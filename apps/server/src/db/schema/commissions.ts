import { COMMISSION_PERIODS, COMMISSION_REGIONS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, inList, refId } from './columns.js';
import { producers } from './producers.js';
import { serviceCompanies } from './revenues.js';

/**
 * The commission statements issued to a producer: one per statement month, region and paying service company, for a
 * period (M, Q, H, A) that ends with that month. A statement holds no figures and no file: its lines are the
 * producer's pay-out records of that company due in the period (revenue_payout_records), rendered to PDF when
 * downloaded, so it always agrees with the revenues' pay-outs the back office shows (decision 023).
 */
export const commissionStatements = pgTable(
  'commission_statements',
  {
    id: idColumn(),
    producerId: refId('producer_id')
      .notNull()
      .references(() => producers.id),
    /** First day of the statement month: the last month of the period. */
    month: date('month').notNull(),
    /** The producer's region when the statement was issued (HK, SG). */
    regionCode: text('region_code').notNull(),
    serviceCompanyId: refId('service_company_id')
      .notNull()
      .references(() => serviceCompanies.id),
    period: text('period').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commission_statements_uq').on(t.producerId, t.month, t.regionCode, t.serviceCompanyId),
    index('commission_statements_producer_month_idx').on(t.producerId, t.month.desc()),
    check('commission_statements_month_ck', sql`extract(day from ${t.month}) = 1`),
    check('commission_statements_period_ck', inList(t.period, COMMISSION_PERIODS)),
    check('commission_statements_region_ck', inList(t.regionCode, COMMISSION_REGIONS)),
    // A quarterly statement ends a calendar quarter, a semi-annual one June or December, an annual one December.
    check(
      'commission_statements_period_end_ck',
      sql`extract(month from ${t.month})::int % (case ${t.period} when 'Q' then 3 when 'H' then 6 when 'A' then 12 else 1 end) = 0`,
    ),
  ],
);
