import { salesPerformanceReport } from '@portal/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import { applications, producers } from '../../../../db/schema/index.js';
import { defineServerList } from '../../../../lists/index.js';
import { toText } from '../../../../lists/row-values.js';
import {
  annualizedPremium,
  applicationFilters,
  applicationFrom,
  isIssued,
  PENDING_STAGES,
} from '../../shared/application-report-sql.js';

type SalesPerformanceRow = {
  lineKey: unknown;
  consultant: unknown;
  consultantCode: unknown;
  currency: unknown;
  submitted: unknown;
  pending: unknown;
  issued: unknown;
  cancelled: unknown;
  issuedModalPremium: unknown;
  issuedAnnualizedPremium: unknown;
};

/** A column of the grouped subquery. */
const line = (column: string): SQL => sql.raw(`sales.${column}`);

/**
 * Report 4: report 3's rows for the same form (scope, period, status, product type) grouped by consultant and
 * currency. The grouping is a subquery in FROM with scope and period inside it, so the list mechanism pages, counts
 * and exports the lines like any list; each line's key is its consultant id and currency. The annualized premium is
 * summed line by line as report 3 prints it (2 decimals), so the lines of report 3 add up to this line exactly.
 */
export const salesPerformanceServerReport = defineServerList({
  contract: salesPerformanceReport,
  columns: {
    lineKey: line('line_key'),
    consultant: producers.name,
    consultantCode: producers.code,
    currency: line('currency'),
    submitted: line('submitted'),
    pending: line('pending'),
    issued: line('issued'),
    cancelled: line('cancelled'),
    issuedModalPremium: sql`${line('issued_modal_premium')}::text`,
    issuedAnnualizedPremium: sql`${line('issued_annualized_premium')}::text`,
  },
  source(scope, criteria) {
    const where = and(...applicationFilters(scope, criteria).filter((p): p is SQL => p !== undefined));
    return {
      from: sql`(select ${applications.producerId} as producer_id, ${applications.currency} as currency,
          ${applications.producerId}::text || ' ' || ${applications.currency} as line_key,
          count(*)::int as submitted,
          (count(*) filter (where ${applications.stage} in ${[...PENDING_STAGES]}))::int as pending,
          (count(*) filter (where ${isIssued}))::int as issued,
          (count(*) filter (where ${applications.stage} = 8))::int as cancelled,
          coalesce(sum(${applications.modalPremium}) filter (where ${isIssued}), 0)::numeric(20, 2)
            as issued_modal_premium,
          coalesce(sum(round(${annualizedPremium}, 2)) filter (where ${isIssued}), 0)::numeric(20, 2)
            as issued_annualized_premium
        from ${applicationFrom}
        where ${where}
        group by ${applications.producerId}, ${applications.currency}) as sales`,
      lookups: sql`left join ${producers} on ${producers.id} = ${line('producer_id')}`,
      where: [],
    };
  },
  sortExpressions: {
    consultant: producers.name,
    consultantCode: producers.code,
    currency: line('currency'),
    submitted: line('submitted'),
    issued: line('issued'),
    issuedAnnualizedPremium: line('issued_annualized_premium'),
  },
  sortsWithoutLookups: ['currency', 'submitted', 'issued', 'issuedAnnualizedPremium'],
  // An aggregate: the page and its count are one statement, so the totals are computed once.
  pageRows: true,
  onePass: true,
  idColumn: line('line_key'),
  toItem: (row: SalesPerformanceRow) => ({
    lineKey: toText(row.lineKey),
    consultant: toText(row.consultant),
    consultantCode: toText(row.consultantCode),
    currency: toText(row.currency),
    submitted: Number(row.submitted),
    pending: Number(row.pending),
    issued: Number(row.issued),
    cancelled: Number(row.cancelled),
    issuedModalPremium: toText(row.issuedModalPremium),
    issuedAnnualizedPremium: toText(row.issuedAnnualizedPremium),
  }),
});
