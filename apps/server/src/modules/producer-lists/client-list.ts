import {
  birthMonthDaysOfWeek,
  clientList,
  type PolicyStatusCode,
  type ProductCategory,
  productLegendCode,
} from '@portal/contract';
import { inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import {
  clients,
  funds,
  holdings,
  policies,
  policyStatuses,
  statementAccounts,
} from '../../db/schema/index.js';
import { producerFilter } from '../../db/team-scope.js';
import { containsPattern, defineServerList } from '../../lists/index.js';
import { toDecimal, toId, toNullableText, toText } from '../../lists/row-values.js';
import { domainWords } from '../../render/domain-texts.js';
import { policyStatusSortKey } from './policy-status-words.js';

type ClientRow = {
  capId: unknown;
  clientId: unknown;
  category: string;
  clientName: string;
  clientNo: string;
  policyNo: string;
  productName: string;
  insuredName: string;
  modalPremium: unknown;
  currency: string;
  policyStatusCode: string;
  policyStatusLabel: string;
  consultant: string;
  accountNo: string | null;
  stmtId: unknown;
};

/**
 * The plan's POLICY statement account (its id, for the statement link), as a scalar subquery: PostgreSQL evaluates
 * costly select-list expressions after ORDER BY … LIMIT, so a page probes statement_accounts_policy_idx for its own
 * rows only. `order by id limit 1`: the same account as policies.account_no (migration 0023).
 */
function policyAccount(column: SQL): SQL {
  return sql`(select ${column} from ${statementAccounts}
    where ${statementAccounts.policyId} = ${policies.id} and ${statementAccounts.accountType} = 'POLICY'
    order by ${statementAccounts.id} limit 1)`;
}

/**
 * Clients (docs/producer/lists.md): one row per plan serviced by the scope's producers, with its owner. Keywords match
 * the owner's name or AG number and the plan number; fund keywords keep plans holding a fund whose code or name
 * matches; a birthday week keeps the plans of owners born in that week.
 */
export const clientServerList = defineServerList({
  contract: clientList,
  columns: {
    capId: policies.id,
    clientId: policies.ownerClientId,
    category: policies.category,
    clientName: policies.clientName,
    clientNo: clients.clientNo,
    policyNo: policies.planNo,
    productName: policies.productName,
    insuredName: policies.insuredName,
    modalPremium: sql`${policies.modalPremium}::text`,
    currency: policies.currency,
    policyStatusCode: policies.statusCode,
    policyStatusLabel: policyStatuses.label,
    consultant: policies.consultantName,
    accountNo: policies.accountNo,
    stmtId: policyAccount(sql`${statementAccounts.id}`),
  },
  source(scope, criteria) {
    const pattern = criteria.keywords ? containsPattern(criteria.keywords) : undefined;
    const fundPattern = criteria.fundKeywords ? containsPattern(criteria.fundKeywords) : undefined;
    return {
      // The owner's, product's and consultant's names and the statement account number are on the plan (decision
      // 039); the owner's AG number and the status's stored label are looked up for the page's rows.
      from: sql`${policies}`,
      lookups: sql`left join ${clients} on ${clients.id} = ${policies.ownerClientId}
        left join ${policyStatuses} on ${policyStatuses.code} = ${policies.statusCode}`,
      matchesFirst: pattern !== undefined || fundPattern !== undefined,
      where: [
        producerFilter(scope, policies.servicingProducerId),
        criteria.excludePolicyStatus && criteria.excludePolicyStatus.length > 0
          ? notInArray(policies.statusCode, criteria.excludePolicyStatus)
          : undefined,
        // A product type is the plan's category (riders, IR, are no product type and never match one).
        criteria.clientProductType && criteria.clientProductType.length > 0
          ? inArray(policies.category, criteria.clientProductType)
          : undefined,
        // The owners born in the week (clients_birth_month_day_idx): a few percent of clients, one hashed set.
        criteria.birthdayWeekOf
          ? sql`${policies.ownerClientId} in (select ${clients.id} from ${clients}
              where ${inArray(clients.birthMonthDay, birthMonthDaysOfWeek(criteria.birthdayWeekOf))})`
          : undefined,
        // The search document (plan no., owner name and AG number) through its trigram index.
        pattern ? sql`${policies.searchText} ilike ${pattern}` : undefined,
        fundPattern
          ? sql`${policies.id} in (select ${holdings.policyId} from ${holdings}
              join ${funds} on ${funds.id} = ${holdings.fundId}
              where ${funds.code} ilike ${fundPattern} or ${funds.name} ilike ${fundPattern})`
          : undefined,
      ] satisfies (SQL | undefined)[],
    };
  },
  sortExpressions: {
    clientName: policies.clientName,
    policyNo: policies.planNo,
    productName: policies.productName,
    insuredName: policies.insuredName,
    modalPremium: policies.modalPremium,
    policyStatus: policyStatusSortKey,
    consultant: policies.consultantName,
    category: policies.category,
    accountNo: policies.accountNo,
  },
  // Each sort has its index (policies_list_*_idx): the sort key, the id, then the producer.
  sortsWithoutLookups: [
    'clientName',
    'policyNo',
    'productName',
    'insuredName',
    'modalPremium',
    'policyStatus',
    'consultant',
    'category',
    'accountNo',
  ],
  idColumn: policies.id,
  toItem: (row: ClientRow, language) => ({
    capId: toId(row.capId),
    clientId: toId(row.clientId),
    category: row.category as ProductCategory,
    sourceTypeT: productLegendCode(row.category as ProductCategory),
    clientName: toText(row.clientName),
    clientNo: toText(row.clientNo),
    policyNo: toText(row.policyNo),
    productName: toText(row.productName),
    insuredName: toText(row.insuredName),
    modalPremium: toDecimal(row.modalPremium),
    currency: toText(row.currency),
    policyStatusCode: row.policyStatusCode as PolicyStatusCode,
    policyStatus: domainWords(language).policyStatus(row.policyStatusCode, toText(row.policyStatusLabel)),
    consultant: toText(row.consultant),
    accountNo: toNullableText(row.accountNo),
    stmtId: row.stmtId === null || row.stmtId === undefined ? null : toId(row.stmtId),
  }),
});
