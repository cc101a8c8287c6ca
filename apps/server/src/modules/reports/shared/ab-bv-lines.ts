import type { ReportForm } from '@portal/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import {
  abBvLines,
  applications,
  bvFactors,
  issuedNewBusiness,
  policies,
  policyItems,
} from '../../../db/schema/index.js';
import { producerFilter, type TeamScope } from '../../../db/team-scope.js';
import { periodFilters, statusNotExcluded } from './plan-report-filters.js';

/*
 * The lines of reports 13 and 14, written once: report 13 lists them, report 14 totals the very same rows, so each
 * total of 14 is the sum of the 13 lines it stands for (same FROM, same WHERE, same expressions).
 *
 * A line is a plan issued from a new-business or transfer-in application of the scope (the writing producer earns
 * it), with a regular premium, rider record types excluded. AB = the basic plan's modal premium × premiums a year, in the plan's currency;
 * BV = AB × the product's BV factor in force on the application date, rounded half away from zero to the cent.
 */

type AbBvCriteria = Pick<
  ReportForm,
  'dateType' | 'dateFrom' | 'dateTo' | 'excludeStatus' | 'status' | 'productType'
>;

const basic = sql.identifier('basic_item');
const factor = sql.identifier('bv_factor');

/** The application date column the date basis reads: received (APPL), sent to the provider (APPLSENT), commenced (POLICY). */
export function dateBasisColumn(dateType: AbBvCriteria['dateType']) {
  if (dateType === 'APPLSENT') return applications.sentDate;
  if (dateType === 'POLICY') return applications.commenceDate;
  return applications.receivedDate;
}

/** The basic plan's item (riders excluded) and the factor in force on the application date, one row each at most. */
export const abBvJoins = sql`left join lateral (select ${policyItems.modalPremium} as modal_premium from ${policyItems}
    where ${policyItems.policyId} = ${policies.id} and ${policyItems.policyType} = 'BASIC'
    order by ${policyItems.id} limit 1) as ${basic} on true
  left join lateral (select ${bvFactors.factor} as factor from ${bvFactors}
    where ${bvFactors.productId} = ${policies.productId} and ${bvFactors.effectiveFrom} <= ${applications.receivedDate}
      and (${bvFactors.effectiveTo} is null or ${bvFactors.effectiveTo} >= ${applications.receivedDate})
    order by ${bvFactors.effectiveFrom} desc limit 1) as ${factor} on true`;

export const basePremiumSql = sql`coalesce(${basic}.modal_premium, ${policies.modalPremium})`;
export const paymentsPerYearSql = sql`(case ${policies.paymentFrequency} when 'M' then 12 when 'Q' then 4 when 'H' then 2 when 'A' then 1 end)`;
export const abSql = sql`round(${basePremiumSql} * ${paymentsPerYearSql}, 2)`;
export const factorSql = sql`${factor}.factor`;
export const bvSql = sql`round(${abSql} * ${factorSql}, 2)`;

/** FROM (application → its plan) and WHERE of the lines; abBvJoins adds what AB and BV read. */
export function abBvSource(
  scope: TeamScope,
  criteria: AbBvCriteria,
): { from: SQL; where: (SQL | undefined)[] } {
  const dateColumn = dateBasisColumn(criteria.dateType);
  return {
    // The plan of each line by its primary key (a lateral subquery the planner keeps as one probe per line, `offset
    // 0`): a team's period is a few thousand lines, and hashing every plan of the site to join them cost more than
    // the lines themselves (report 14 at scale 10; decision 039).
    from: sql`${applications} cross join lateral (select * from ${policies}
      where ${policies.id} = ${applications.policyId} offset 0) as ${policies}`,
    where: [
      issuedNewBusiness(applications.policyId, applications.actionType),
      producerFilter(scope, applications.producerId),
      sql`${policies.modalPremium} is not null and ${policies.paymentFrequency} in ('M', 'Q', 'H', 'A')`,
      // A rider is priced with its basic plan; one filed as a plan of its own is not a basic plan to annualize.
      sql`${applications.category} <> 'IR'`,
      ...periodFilters(dateColumn, criteria),
      statusNotExcluded(criteria.excludeStatus),
      criteria.status ? sql`${policies.statusCode} = ${criteria.status}` : undefined,
      criteria.productType ? inArray(applications.category, [criteria.productType]) : undefined,
    ],
  };
}

/**
 * The filters of abBvSource on the stored lines (`ab_bv_lines`, the same lines with AB and BV computed at write
 * time): what is fixed for every line (issued new business, a regular premium, no rider) was applied when the line
 * was written; the scope, the period on its date basis, the statuses and the product type are applied here.
 */
export function abBvLineFilters(scope: TeamScope, criteria: AbBvCriteria): (SQL | undefined)[] {
  const dateColumn =
    criteria.dateType === 'APPLSENT'
      ? abBvLines.sentDate
      : criteria.dateType === 'POLICY'
        ? abBvLines.commenceDate
        : abBvLines.receivedDate;
  return [
    producerFilter(scope, abBvLines.producerId),
    ...periodFilters(dateColumn, criteria),
    statusNotExcluded(criteria.excludeStatus, abBvLines.statusCode),
    criteria.status ? sql`${abBvLines.statusCode} = ${criteria.status}` : undefined,
    criteria.productType ? inArray(abBvLines.category, [criteria.productType]) : undefined,
  ];
}
