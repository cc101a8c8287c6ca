import { policyAbBvReport } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { applications, clients, policies, producers, products } from '../../../../db/schema/index.js';
import { defineServerList } from '../../../../lists/index.js';
import { toDecimal, toId, toNullableText, toText } from '../../../../lists/row-values.js';
import {
  abBvJoins,
  abBvSource,
  abSql,
  basePremiumSql,
  bvSql,
  factorSql,
  paymentsPerYearSql,
} from '../../shared/ab-bv-lines.js';

type AbBvRow = {
  applicationId: unknown;
  policyId: unknown;
  policyNo: string;
  ownerName: string;
  productName: string;
  applicationDate: string;
  commenceDate: string | null;
  currency: string;
  basePremium: unknown;
  paymentsPerYear: unknown;
  ab: unknown;
  bvFactor: unknown;
  bv: unknown;
  consultant: string;
};

/**
 * Report 13 (docs/reports.md), policy AB BV: one line per plan written in the period (ab-bv-lines.ts), the AB with the
 * basic premium and premiums a year it is the product of, the factor with its 4 decimals and BV = AB × factor.
 * The period reads the chosen date basis (APPL received, APPLSENT sent, POLICY commenced) through a partial index
 * of issued new business per date; the team is checked from the same index.
 */
export const policyAbBvServerReport = defineServerList({
  contract: policyAbBvReport,
  columns: {
    applicationId: applications.id,
    policyId: policies.id,
    policyNo: policies.planNo,
    ownerName: clients.fullName,
    productName: products.name,
    applicationDate: sql`${applications.receivedDate}::text`,
    commenceDate: sql`${applications.commenceDate}::text`,
    currency: policies.currency,
    basePremium: sql`${basePremiumSql}::text`,
    paymentsPerYear: paymentsPerYearSql,
    ab: sql`${abSql}::text`,
    bvFactor: sql`${factorSql}::text`,
    bv: sql`${bvSql}::text`,
    consultant: producers.name,
  },
  source(scope, criteria) {
    return {
      ...abBvSource(scope, criteria),
      lookups: sql`${abBvJoins}
        left join ${products} on ${products.id} = ${policies.productId}
        left join ${clients} on ${clients.id} = ${policies.ownerClientId}
        left join ${producers} on ${producers.id} = ${applications.producerId}`,
    };
  },
  sortExpressions: {
    consultant: producers.name,
    policyNo: policies.planNo,
    ownerName: clients.fullName,
    productName: products.name,
    applicationDate: applications.receivedDate,
    commenceDate: applications.commenceDate,
    ab: abSql,
    bv: bvSql,
  },
  sortsWithoutLookups: ['policyNo', 'applicationDate', 'commenceDate'],
  idColumn: applications.id,
  toItem: (row: AbBvRow) => ({
    applicationId: toId(row.applicationId),
    policyId: toId(row.policyId),
    policyNo: toText(row.policyNo),
    ownerName: toText(row.ownerName),
    productName: toText(row.productName),
    applicationDate: toText(row.applicationDate),
    commenceDate: toNullableText(row.commenceDate),
    currency: toText(row.currency),
    basePremium: toText(row.basePremium),
    paymentsPerYear: Number(row.paymentsPerYear),
    ab: toText(row.ab),
    bvFactor: toNullableText(row.bvFactor),
    bv: toDecimal(row.bv),
    consultant: toText(row.consultant),
  }),
});
