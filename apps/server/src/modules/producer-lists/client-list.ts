import { clientList, type PolicyStatusCode, type ProductCategory, productLegendCode } from '@portal/contract';
import { inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { planCatalogJoins } from '../../db/plan-catalog.js';
import {
  clients,
  funds,
  holdings,
  policies,
  policyStatuses,
  producers,
  products,
  statementAccounts,
} from '../../db/schema/index.js';
import { producerFilter } from '../../db/team-scope.js';
import { containsPattern, defineServerList } from '../../lists/index.js';
import { toDecimal, toId, toNullableText, toText } from '../../lists/row-values.js';
import { domainWords } from '../../render/domain-texts.js';
import { clientIdMatches } from './keyword-filters.js';
import { policyStatusSortKey } from './policy-status-words.js';

type ClientRow = {
  capId: unknown;
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
 * The plan's POLICY statement account, as a scalar subquery: PostgreSQL evaluates costly select-list expressions
 * after ORDER BY … LIMIT, so a page probes statement_accounts_policy_idx for its own rows only, not for every plan
 * of the team (only sorting by account number needs it for every row). `order by id limit 1`: one row per plan even
 * if a feed ever files two POLICY accounts.
 */
function policyAccount(column: SQL): SQL {
  return sql`(select ${column} from ${statementAccounts}
    where ${statementAccounts.policyId} = ${policies.id} and ${statementAccounts.accountType} = 'POLICY'
    order by ${statementAccounts.id} limit 1)`;
}

const accountNo = policyAccount(sql`${statementAccounts.accountNo}`);

/**
 * Clients (spec 1 §2): one row per plan serviced by the scope's producers, with its owner. Keywords match the
 * owner's name or AG number and the plan number; fund keywords keep plans holding a fund whose code or name matches.
 */
export const clientServerList = defineServerList({
  contract: clientList,
  columns: {
    capId: policies.id,
    category: policies.category,
    clientName: clients.fullName,
    clientNo: clients.clientNo,
    policyNo: policies.planNo,
    productName: products.name,
    insuredName: policies.insuredName,
    modalPremium: sql`${policies.modalPremium}::text`,
    currency: policies.currency,
    policyStatusCode: policies.statusCode,
    policyStatusLabel: policyStatuses.label,
    consultant: producers.name,
    accountNo,
    stmtId: policyAccount(sql`${statementAccounts.id}`),
  },
  source(scope, criteria) {
    const pattern = criteria.keywords ? containsPattern(criteria.keywords) : undefined;
    const fundPattern = criteria.fundKeywords ? containsPattern(criteria.fundKeywords) : undefined;
    return {
      // The owner is an inner join: the default sort is the owner's name, and only an inner join lets the planner
      // walk clients_full_name_idx and stop after a page instead of sorting the whole team's plans.
      from: sql`${policies} join ${clients} on ${clients.id} = ${policies.ownerClientId}`,
      lookups: sql`${planCatalogJoins}
        left join ${producers} on ${producers.id} = ${policies.servicingProducerId}`,
      where: [
        producerFilter(scope, policies.servicingProducerId),
        criteria.excludePolicyStatus && criteria.excludePolicyStatus.length > 0
          ? notInArray(policies.statusCode, criteria.excludePolicyStatus)
          : undefined,
        // A product type is the plan's category (riders, IR, are no product type and never match one).
        criteria.clientProductType && criteria.clientProductType.length > 0
          ? inArray(policies.category, criteria.clientProductType)
          : undefined,
        pattern
          ? sql`(${policies.planNo} ilike ${pattern}
              or ${
                // The owner is joined already: a small scope reads its name on the row.
                scope.small
                  ? sql`${clients.fullName} ilike ${pattern} or ${clients.clientNo} ilike ${pattern}`
                  : clientIdMatches(scope.caller.siteCode, criteria.keywords ?? '', policies.ownerClientId)
              })`
          : undefined,
        fundPattern
          ? sql`${policies.id} in (select ${holdings.policyId} from ${holdings}
              join ${funds} on ${funds.id} = ${holdings.fundId}
              where ${funds.code} ilike ${fundPattern} or ${funds.name} ilike ${fundPattern})`
          : undefined,
      ] satisfies (SQL | undefined)[],
    };
  },
  sortExpressions: {
    clientName: clients.fullName,
    policyNo: policies.planNo,
    productName: products.name,
    insuredName: policies.insuredName,
    modalPremium: policies.modalPremium,
    policyStatus: policyStatusSortKey,
    consultant: producers.name,
    category: policies.category,
    accountNo,
  },
  sortsWithoutLookups: ['clientName', 'policyNo', 'insuredName', 'modalPremium', 'category', 'accountNo'],
  idColumn: policies.id,
  toItem: (row: ClientRow, language) => ({
    capId: toId(row.capId),
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
