import type { ReportForm } from '@portal/contract';
import { eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { applications, policies } from '../../../db/schema/index.js';
import { producerFilter, type TeamScope } from '../../../db/team-scope.js';

export type PlanReportCriteria = Pick<
  ReportForm,
  'dateType' | 'dateFrom' | 'dateTo' | 'excludeStatus' | 'status' | 'productType'
>;

/** Plans whose status is none of `excluded` (the exclude options, docs/product.md "Policy statuses": CAN, COF, LAP,
 * SUR, TOT).
 */
export function statusNotExcluded(
  excluded: readonly string[] | undefined,
  statusColumn: PgColumn = policies.statusCode,
): SQL | undefined {
  return excluded && excluded.length > 0 ? notInArray(statusColumn, [...new Set(excluded)]) : undefined;
}

/** A product type is the plan's category (a rider, IR, is no product type and never matches one). */
export function productTypeIs(productType: string | undefined): SQL | undefined {
  return productType ? eq(policies.category, productType) : undefined;
}

/**
 * A report's period on one date column: dateFrom and dateTo inclusive, either may be left out. A row without the
 * date (an application not yet sent, for instance) is outside any period.
 */
export function periodFilters(
  column: SQL | PgColumn,
  period: { dateFrom?: string | undefined; dateTo?: string | undefined },
): SQL[] {
  const { dateFrom, dateTo } = period;
  return [
    ...(dateFrom ? [sql`${column} >= ${dateFrom}::date`] : []),
    ...(dateTo ? [sql`${column} <= ${dateTo}::date`] : []),
  ];
}

/**
 * The period of the plan reports on their date basis (docs/product.md, "Reports"): APPL the day the plan's application
 * was received, APPLSENT the day it went to the provider, POLICY the plan's commencement. No date, no period: every
 * plan. The application is the one the plan was issued from (`applications.policy_id`); a plan on file without one
 * (taken over from another adviser) has no application date and is outside any APPL or APPLSENT period. The basis
 * defaults to APPL, the form's default for these reports.
 */
export function planPeriod(
  criteria: Pick<PlanReportCriteria, 'dateType' | 'dateFrom' | 'dateTo'>,
  planId: PgColumn = policies.id,
): SQL | undefined {
  const { dateFrom, dateTo } = criteria;
  if (!dateFrom && !dateTo) return undefined;
  if (criteria.dateType === 'POLICY') {
    return sql.join(periodFilters(policies.commenceDate, criteria), sql` and `);
  }
  const column = criteria.dateType === 'APPLSENT' ? applications.sentDate : applications.receivedDate;
  // Written as the partial indexes' predicate (policy_id is not null): the plans of a period come from the
  // applications_received_policy_idx / applications_sent_policy_idx ranges alone.
  return sql`${planId} in (select ${applications.policyId} from ${applications}
    where ${applications.policyId} is not null and ${sql.join(periodFilters(column, criteria), sql` and `)})`;
}

/** Every condition a plan of reports 10–12 meets: the scope's plan, in the period, of the statuses and type asked. */
export function planReportConditions(scope: TeamScope, criteria: PlanReportCriteria): (SQL | undefined)[] {
  return [
    producerFilter(scope, policies.servicingProducerId),
    planPeriod(criteria),
    statusNotExcluded(criteria.excludeStatus),
    criteria.status ? eq(policies.statusCode, criteria.status) : undefined,
    productTypeIs(criteria.productType),
  ];
}

/** The given conditions joined by `and` (for a subquery's WHERE); none is `true`. */
export function allOf(conditions: readonly (SQL | undefined)[]): SQL {
  const parts = conditions.filter((part): part is SQL => part !== undefined);
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
}
