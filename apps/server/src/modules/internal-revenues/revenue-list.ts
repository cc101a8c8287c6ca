import { type RevenueSettledState, revenueList } from '@portal/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  clients,
  policies,
  products,
  providers,
  revenueClients,
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

/**
 * Keywords: contained (case-insensitive) in the ref no., the account no., the plan no. or a client's name. Written as
 * one id set from four lookups, each served by its trigram index (revenues, policies, clients), rather than an OR of
 * per-row subqueries, which could use no index and read every revenue when nothing matched.
 */
function keywordsMatch(keywords: string): SQL {
  const pattern = containsPattern(keywords);
  return sql`${revenues.id} in (
    select ${revenues.id} from ${revenues} where ${revenues.refNo} ilike ${pattern}
    union select ${revenues.id} from ${revenues} where ${revenues.accountNo} ilike ${pattern}
    union select ${revenues.id} from ${revenues}
      join ${policies} on ${policies.id} = ${revenues.policyId} where ${policies.planNo} ilike ${pattern}
    union select ${revenueClients.revenueId} from ${revenueClients}
      join ${clients} on ${clients.id} = ${revenueClients.clientId} where ${clients.fullName} ilike ${pattern})`;
}

/**
 * The staff revenue index (docs/internal/README.md): one row per revenue, newest ref no. first. The product (and so the
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
    totalSettledPayinAmount: sql`${revenues.settledPayinAmount}::text`,
    payinEffectiveDate: sql`${revenues.payinEffectiveDate}::text`,
    bankInOn: sql`${revenues.bankInOn}::text`,
    // Kept on the row by triggers on the items and settlements (migration 0017), by the detail's rule.
    settledState: revenues.settledState,
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
        criteria.settledState !== 'all' ? eq(revenues.settledState, criteria.settledState) : undefined,
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
