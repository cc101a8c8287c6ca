import { lapsedSurrenderReport } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { planCatalogJoins } from '../../../../db/plan-catalog.js';
import {
  clients,
  policies,
  policyStatuses,
  producers,
  products,
  providers,
} from '../../../../db/schema/index.js';
import { producerFilter } from '../../../../db/team-scope.js';
import { defineServerList } from '../../../../lists/index.js';
import { toDecimal, toId, toNullableText, toText } from '../../../../lists/row-values.js';
import { domainWords } from '../../../../render/domain-texts.js';
import { periodFilters, productTypeIs } from '../../shared/plan-report-filters.js';

type LapsedSurrenderRow = {
  policyId: unknown;
  policyNo: string;
  clientNo: string;
  ownerName: string;
  productName: string;
  providerName: string;
  statusCode: string;
  statusLabel: string;
  statusChangedOn: string | null;
  commenceDate: string | null;
  currency: string;
  modalPremium: unknown;
  consultant: string;
};

/**
 * The statuses of the report, written as literals: the partial index policies_producer_status_changed_idx covers
 * exactly `status_code in ('LAP', 'SUR')`, and a literal list (or one literal) lets the planner prove the query
 * stays inside it, so the report on a large team reads one index range per producer and status.
 */
function statusFilter(status: string | undefined): SQL {
  if (status === 'LAP') return sql`${policies.statusCode} = 'LAP'`;
  if (status === 'SUR') return sql`${policies.statusCode} = 'SUR'`;
  return sql`${policies.statusCode} in ('LAP', 'SUR')`;
}

/**
 * Report 1, lapsed / surrender (docs/reports.md): the plans of the scope that lapsed or were surrendered, with the day
 * their status changed, newest first. Filters: that day's range, one of the two statuses, the product type.
 */
export const lapsedSurrenderServerReport = defineServerList({
  contract: lapsedSurrenderReport,
  columns: {
    policyId: policies.id,
    policyNo: policies.planNo,
    clientNo: clients.clientNo,
    ownerName: clients.fullName,
    productName: products.name,
    providerName: providers.name,
    statusCode: policies.statusCode,
    statusLabel: policyStatuses.label,
    statusChangedOn: sql`${policies.statusChangedOn}::text`,
    commenceDate: sql`${policies.commenceDate}::text`,
    currency: policies.currency,
    modalPremium: sql`${policies.modalPremium}::text`,
    consultant: producers.name,
  },
  source(scope, criteria) {
    return {
      from: sql`${policies}`,
      lookups: sql`left join ${clients} on ${clients.id} = ${policies.ownerClientId}
        ${planCatalogJoins}
        left join ${producers} on ${producers.id} = ${policies.servicingProducerId}`,
      where: [
        producerFilter(scope, policies.servicingProducerId),
        statusFilter(criteria.status),
        ...periodFilters(policies.statusChangedOn, criteria),
        productTypeIs(criteria.productType),
      ],
    };
  },
  sortExpressions: {
    statusChangedOn: policies.statusChangedOn,
    policyNo: policies.planNo,
    ownerName: clients.fullName,
    productName: products.name,
    consultant: producers.name,
  },
  sortsWithoutLookups: ['statusChangedOn', 'policyNo'],
  idColumn: policies.id,
  toItem: (row: LapsedSurrenderRow, language) => ({
    policyId: toId(row.policyId),
    policyNo: toText(row.policyNo),
    clientNo: toText(row.clientNo),
    ownerName: toText(row.ownerName),
    productName: toText(row.productName),
    providerName: toText(row.providerName),
    status: domainWords(language).policyStatus(row.statusCode, toText(row.statusLabel)),
    statusChangedOn: toNullableText(row.statusChangedOn),
    commenceDate: toNullableText(row.commenceDate),
    currency: toText(row.currency),
    modalPremium: toDecimal(row.modalPremium),
    consultant: toText(row.consultant),
  }),
});
