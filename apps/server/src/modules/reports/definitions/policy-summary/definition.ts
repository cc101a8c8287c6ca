import { policySummaryReport } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { planCatalogJoins } from '../../../../db/plan-catalog.js';
import {
  applications,
  clients,
  policies,
  policyStatuses,
  producers,
  products,
  providers,
} from '../../../../db/schema/index.js';
import { defineServerList } from '../../../../lists/index.js';
import { toDecimal, toId, toNullableText, toText } from '../../../../lists/row-values.js';
import { domainWords } from '../../../../render/domain-texts.js';
import { frequencyLabel, statementTexts } from '../../../../render/statement-texts.js';
import { planReportConditions } from '../../shared/plan-report-filters.js';

type PolicySummaryRow = {
  policyId: unknown;
  policyNo: string;
  clientNo: string;
  ownerName: string;
  insuredName: string;
  productName: string;
  providerName: string;
  category: string;
  statusCode: string;
  statusLabel: string;
  applicationDate: string | null;
  commenceDate: string | null;
  paymentFrequency: string | null;
  currency: string;
  modalPremium: unknown;
  sumInsured: unknown;
  consultant: string;
};

/**
 * The day the plan's application was received (the first, should a plan ever have two). A select-list subquery:
 * evaluated for a page's rows only, through applications_policy_idx.
 */
const applicationDate = sql`(select min(${applications.receivedDate}) from ${applications}
  where ${applications.policyId} = ${policies.id})::text`;

/**
 * Policy summary (type 10): the scope's plans of the period (date basis APPL, APPLSENT or POLICY), without the
 * excluded statuses, of one status and one product type when asked, with owner, insured, product, provider, premium
 * terms and cover. The payment frequency is worded as the statements word it.
 */
export const policySummaryServerReport = defineServerList({
  contract: policySummaryReport,
  columns: {
    policyId: policies.id,
    policyNo: policies.planNo,
    clientNo: clients.clientNo,
    ownerName: clients.fullName,
    insuredName: policies.insuredName,
    productName: products.name,
    providerName: providers.name,
    category: policies.category,
    statusCode: policies.statusCode,
    statusLabel: policyStatuses.label,
    applicationDate,
    commenceDate: sql`${policies.commenceDate}::text`,
    paymentFrequency: policies.paymentFrequency,
    currency: policies.currency,
    modalPremium: sql`${policies.modalPremium}::text`,
    sumInsured: sql`${policies.sumInsured}::text`,
    consultant: producers.name,
  },
  source(scope, criteria) {
    return {
      from: sql`${policies}`,
      lookups: sql`${planCatalogJoins}
        left join ${clients} on ${clients.id} = ${policies.ownerClientId}
        left join ${producers} on ${producers.id} = ${policies.servicingProducerId}`,
      where: planReportConditions(scope, criteria),
    };
  },
  sortExpressions: {
    policyNo: policies.planNo,
    ownerName: clients.fullName,
    productName: products.name,
    commenceDate: policies.commenceDate,
    modalPremium: policies.modalPremium,
    consultant: producers.name,
  },
  sortsWithoutLookups: ['policyNo', 'commenceDate', 'modalPremium'],
  idColumn: policies.id,
  toItem: (row: PolicySummaryRow, language) => {
    const words = domainWords(language);
    return {
      policyId: toId(row.policyId),
      policyNo: toText(row.policyNo),
      clientNo: toText(row.clientNo),
      ownerName: toText(row.ownerName),
      insuredName: toText(row.insuredName),
      productName: toText(row.productName),
      providerName: toText(row.providerName),
      productType: words.productCategory(toText(row.category)),
      status: words.policyStatus(toText(row.statusCode), toText(row.statusLabel)),
      applicationDate: toNullableText(row.applicationDate),
      commenceDate: toNullableText(row.commenceDate),
      paymentFrequency: frequencyLabel(statementTexts(language), row.paymentFrequency) ?? '',
      currency: toText(row.currency),
      modalPremium: toDecimal(row.modalPremium),
      sumInsured: toDecimal(row.sumInsured),
      consultant: toText(row.consultant),
    };
  },
});
