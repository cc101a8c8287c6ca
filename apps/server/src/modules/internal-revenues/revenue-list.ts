import { type RevenueSettledState, revenueList } from '@portal/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import {
  clients,
  policies,
  products,
  providers,
  revenueClients,
  revenuePayinItems,
  revenuePayinSettlements,
  revenues,
  serviceCompanies,
} from '../../db/schema/index.js';
import { containsPattern, defineServerList } from '../../lists/index.js';
import { toDecimal, toId, toNullableText, toText } from '../../lists/row-values.js';

/**
 * Who searches the revenue index. Staff see the revenues of every site (the group's one back office, plan (g3)); the
 * permission was checked by the route's guard, so the scope filters nothing and only records who asked.
 */
export interface StaffScope {
  staffId: number;
}

type RevenueRow = {
  revenueId: unknown;
  siteCode: string;
  refNo: string;
  accountNo: string | null;
  policyNo: string | null;
  providerName: string | null;
  serviceCompanyName: string;
  commissionType: string;
  receivedCurrency: string;
  totalPayinAmount: unknown;
  totalPayoutAmount: unknown;
  totalSettledPayinAmount: unknown;
  payinEffectiveDate: string | null;
  bankInOn: string | null;
  settledState: string;
  isOrphanCase: boolean;
  joinSeqNo: unknown;
};

/*
 * Settled state, the same rule as the detail's pay-in tab: an instalment is fully settled when its settlements add up
 * to at least its amount; the revenue is settled when every instalment is, partly settled when some settlement money
 * came in, outstanding when none did. Sums are numeric in SQL (exact, no floats); nothing derived is stored.
 */

/** Σ of the revenue's pay-in settlements (numeric(20,2), 0.00 when there are none). */
const settledPayinTotal = sql`(select coalesce(sum(${revenuePayinSettlements.settledAmount}), 0)
    from ${revenuePayinItems}
    join ${revenuePayinSettlements} on ${revenuePayinSettlements.payinItemId} = ${revenuePayinItems.id}
    where ${revenuePayinItems.revenueId} = ${revenues.id})::numeric(20, 2)`;

/** Whether some instalment of the revenue is not covered by its settlements. */
const hasUncoveredItem = sql`exists (select 1 from ${revenuePayinItems}
    where ${revenuePayinItems.revenueId} = ${revenues.id}
      and ${revenuePayinItems.totalPayAmount} > coalesce((select sum(${revenuePayinSettlements.settledAmount})
        from ${revenuePayinSettlements}
        where ${revenuePayinSettlements.payinItemId} = ${revenuePayinItems.id}), 0))`;

const settledStateExpression = sql`case when not ${hasUncoveredItem} then 'settled'
    when ${settledPayinTotal} > 0 then 'partly' else 'outstanding' end`;

/** The filter of one settled state: exactly the rows whose `settledState` column says it (the states partition). */
function settledStateIs(state: RevenueSettledState): SQL {
  switch (state) {
    case 'settled':
      return sql`not ${hasUncoveredItem}`;
    case 'partly':
      return sql`(${hasUncoveredItem} and ${settledPayinTotal} > 0)`;
    case 'outstanding':
      return sql`(${hasUncoveredItem} and not ${settledPayinTotal} > 0)`;
  }
}

/** Keywords: contained (case-insensitive) in the ref no., the account no., the plan no. or a client's name. */
function keywordsMatch(keywords: string): SQL {
  const pattern = containsPattern(keywords);
  return sql`(${revenues.refNo} ilike ${pattern}
    or ${revenues.accountNo} ilike ${pattern}
    or exists (select 1 from ${policies}
      where ${policies.id} = ${revenues.policyId} and ${policies.planNo} ilike ${pattern})
    or exists (select 1 from ${revenueClients}
      join ${clients} on ${clients.id} = ${revenueClients.clientId}
      where ${revenueClients.revenueId} = ${revenues.id} and ${clients.fullName} ilike ${pattern}))`;
}

/**
 * The staff revenue index (issue 11 plan (a)): one row per revenue, newest ref no. first. The product (and so the
 * provider) is the revenue's own, else its plan's.
 */
export const revenueServerList = defineServerList<typeof revenueList, RevenueRow, StaffScope>({
  contract: revenueList,
  columns: {
    revenueId: revenues.id,
    siteCode: sql`${revenues.siteCode}::text`,
    refNo: revenues.refNo,
    accountNo: revenues.accountNo,
    policyNo: policies.planNo,
    providerName: providers.name,
    serviceCompanyName: serviceCompanies.name,
    commissionType: revenues.commissionType,
    receivedCurrency: revenues.receivedCurrency,
    totalPayinAmount: sql`${revenues.totalPayinAmount}::text`,
    totalPayoutAmount: sql`${revenues.totalPayoutAmount}::text`,
    totalSettledPayinAmount: sql`${settledPayinTotal}::text`,
    payinEffectiveDate: sql`${revenues.payinEffectiveDate}::text`,
    bankInOn: sql`${revenues.bankInOn}::text`,
    settledState: settledStateExpression,
    isOrphanCase: revenues.isOrphanCase,
    joinSeqNo: revenues.joinSeqNo,
  },
  source(_scope, criteria) {
    return {
      from: sql`${revenues}`,
      lookups: sql`left join ${serviceCompanies} on ${serviceCompanies.id} = ${revenues.serviceCompanyId}
        left join ${policies} on ${policies.id} = ${revenues.policyId}
        left join ${products} on ${products.id} = coalesce(${revenues.productId}, ${policies.productId})
        left join ${providers} on ${providers.id} = ${products.providerId}`,
      where: [
        criteria.keywords ? keywordsMatch(criteria.keywords) : undefined,
        criteria.commissionType && criteria.commissionType.length > 0
          ? inArray(revenues.commissionType, criteria.commissionType)
          : undefined,
        criteria.serviceCompanyId !== undefined
          ? sql`${revenues.serviceCompanyId} = ${criteria.serviceCompanyId}`
          : undefined,
        criteria.siteCode !== undefined ? sql`${revenues.siteCode} = ${criteria.siteCode}` : undefined,
        criteria.settledState !== 'all' ? settledStateIs(criteria.settledState) : undefined,
        criteria.dateFrom ? sql`${revenues.payinEffectiveDate} >= ${criteria.dateFrom}` : undefined,
        criteria.dateTo ? sql`${revenues.payinEffectiveDate} <= ${criteria.dateTo}` : undefined,
      ] satisfies (SQL | undefined)[],
    };
  },
  sortExpressions: {
    refNo: revenues.refNo,
    payinEffectiveDate: revenues.payinEffectiveDate,
    bankInOn: revenues.bankInOn,
    totalPayinAmount: revenues.totalPayinAmount,
    commissionType: revenues.commissionType,
    providerName: providers.name,
  },
  sortsWithoutLookups: ['refNo', 'payinEffectiveDate', 'bankInOn', 'totalPayinAmount', 'commissionType'],
  idColumn: revenues.id,
  toItem: (row) => ({
    revenueId: toId(row.revenueId),
    siteCode: toText(row.siteCode),
    refNo: toText(row.refNo),
    accountNo: toNullableText(row.accountNo),
    policyNo: toNullableText(row.policyNo),
    providerName: toNullableText(row.providerName),
    serviceCompanyName: toText(row.serviceCompanyName),
    commissionType: toText(row.commissionType),
    receivedCurrency: toText(row.receivedCurrency),
    totalPayinAmount: toDecimal(row.totalPayinAmount) ?? '0.00',
    totalPayoutAmount: toDecimal(row.totalPayoutAmount) ?? '0.00',
    totalSettledPayinAmount: toDecimal(row.totalSettledPayinAmount) ?? '0.00',
    payinEffectiveDate: toNullableText(row.payinEffectiveDate),
    bankInOn: toNullableText(row.bankInOn),
    settledState: row.settledState as RevenueSettledState,
    isOrphanCase: row.isOrphanCase === true,
    join_seq_no: row.joinSeqNo === null || row.joinSeqNo === undefined ? null : toId(row.joinSeqNo),
  }),
});
