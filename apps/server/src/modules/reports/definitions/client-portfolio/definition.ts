import { clientPortfolioReport } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { planCatalogJoins } from '../../../../db/plan-catalog.js';
import {
  clients,
  holdings,
  policies,
  policyStatuses,
  policyValues,
  producers,
  products,
  providers,
} from '../../../../db/schema/index.js';
import { producerFilter } from '../../../../db/team-scope.js';
import { defineServerList } from '../../../../lists/index.js';
import { toDecimal, toId, toNullableText, toText } from '../../../../lists/row-values.js';
import { domainWords } from '../../../../render/domain-texts.js';
import { productTypeIs, statusNotExcluded } from '../../shared/plan-report-filters.js';
import { serviceTypeWord } from '../../shared/service-type-words.js';

type ClientPortfolioRow = {
  policyId: unknown;
  clientName: string;
  clientNo: string;
  policyNo: string;
  productName: string;
  providerName: string;
  category: string;
  statusCode: string;
  statusLabel: string;
  serviceType: string | null;
  valuationCurrency: string;
  valuationDate: string | null;
  planValue: unknown;
  totalPremiumPaid: unknown;
  consultant: string;
};

/*
 * A plan's latest valuation, the way the client area's plan detail and the statements take it: an investment plan
 * is worth the sum of its holdings' values in its valuation currency (each line units × price converted at the
 * printed rate, summed to the cent: get-plan-detail's totalPortfolioValue); a life plan is worth the total policy
 * value of its latest policy values. Lateral joins in the lookups: computed for a page's rows only, never counted.
 */
const held = sql.raw('held');
const life = sql.raw('life');
const valuationLookups = sql`left join lateral (
    select sum(${holdings.valuationValue}) as value, max(${holdings.valueOn}) as value_on
    from ${holdings} where ${holdings.policyId} = ${policies.id}
  ) as ${held} on true
  left join lateral (
    select ${policyValues.totalPolicyValue} as value, ${policyValues.valueDate} as value_on,
      ${policyValues.currency} as currency
    from ${policyValues} where ${policyValues.policyId} = ${policies.id}
    order by ${policyValues.valueDate} desc limit 1
  ) as ${life} on true`;
const hasHoldings = sql`${held}.value is not null`;

/**
 * Client portfolio (type 9): the scope's plans, client by client, with the latest valuation. Filters: product type
 * (the plan's category), service type (discretionary mandates), statuses to leave out.
 */
export const clientPortfolioServerReport = defineServerList({
  contract: clientPortfolioReport,
  columns: {
    policyId: policies.id,
    clientName: clients.fullName,
    clientNo: clients.clientNo,
    policyNo: policies.planNo,
    productName: products.name,
    providerName: providers.name,
    category: policies.category,
    statusCode: policies.statusCode,
    statusLabel: policyStatuses.label,
    serviceType: policies.serviceType,
    valuationCurrency: sql`case when ${hasHoldings} then ${policies.valuationCurrency}
      else coalesce(${life}.currency, ${policies.valuationCurrency}) end`,
    valuationDate: sql`(case when ${hasHoldings} then ${held}.value_on else ${life}.value_on end)::text`,
    planValue: sql`(case when ${hasHoldings} then ${held}.value else ${life}.value end)::text`,
    totalPremiumPaid: sql`${policies.totalPremiumPaid}::text`,
    consultant: producers.name,
  },
  source(scope, criteria) {
    return {
      // The owner is an inner join, as in the Clients list: the default sort walks clients_full_name_idx.
      from: sql`${policies} join ${clients} on ${clients.id} = ${policies.ownerClientId}`,
      lookups: sql`${planCatalogJoins}
        left join ${producers} on ${producers.id} = ${policies.servicingProducerId}
        ${valuationLookups}`,
      where: [
        producerFilter(scope, policies.servicingProducerId),
        productTypeIs(criteria.productType),
        criteria.type ? eq(policies.serviceType, criteria.type) : undefined,
        statusNotExcluded(criteria.excludeStatus),
      ],
    };
  },
  sortExpressions: {
    clientName: clients.fullName,
    clientNo: clients.clientNo,
    policyNo: policies.planNo,
    productName: products.name,
    consultant: producers.name,
  },
  sortsWithoutLookups: ['clientName', 'clientNo', 'policyNo'],
  idColumn: policies.id,
  toItem: (row: ClientPortfolioRow, language) => {
    const words = domainWords(language);
    return {
      policyId: toId(row.policyId),
      clientName: toText(row.clientName),
      clientNo: toText(row.clientNo),
      policyNo: toText(row.policyNo),
      productName: toText(row.productName),
      providerName: toText(row.providerName),
      productType: words.productCategory(toText(row.category)),
      status: words.policyStatus(toText(row.statusCode), toText(row.statusLabel)),
      serviceType: serviceTypeWord(language, row.serviceType),
      valuationCurrency: toText(row.valuationCurrency),
      valuationDate: toNullableText(row.valuationDate),
      planValue: toDecimal(row.planValue),
      totalPremiumPaid: toDecimal(row.totalPremiumPaid),
      consultant: toText(row.consultant),
    };
  },
});
