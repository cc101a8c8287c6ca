import {
  IN_PROGRESS_STAGES,
  type NewBusinessCriteria,
  newBusinessList,
  type ProductCategory,
  productLegendCode,
  type Stage,
} from '@portal/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { applications, clients, producers, products } from '../../db/schema/index.js';
import { producerFilter } from '../../db/team-scope.js';
import { containsPattern, defineServerList } from '../../lists/index.js';
import { toDecimal, toId, toNullableText, toText } from '../../lists/row-values.js';
import { clientIdMatches, clientMatches } from './keyword-filters.js';

/** Row of the New Business query (raw SQL values, see row-values). */
type NewBusinessRow = {
  caaId: unknown;
  category: string;
  actionType: string;
  policyNo: string | null;
  productName: string;
  clientName: string;
  insuredName: string;
  modalPremium: unknown;
  currency: string;
  commenceOn: string | null;
  receivedDate: string;
  stage: unknown;
  consultant: string;
};

/** Stages a search covers; undefined = every stage. "select" with no option ticked is every stage too (docs). */
export function stagesOf(
  criteria: Pick<NewBusinessCriteria, 'stage' | 'stageOptions'>,
): number[] | undefined {
  if (criteria.stage === 'nb') return [...IN_PROGRESS_STAGES];
  if (criteria.stage === 'select' && criteria.stageOptions && criteria.stageOptions.length > 0) {
    return [...new Set(criteria.stageOptions)];
  }
  return undefined;
}

/**
 * The default search (in progress) is written with the literal stage list of the partial index
 * applications_in_progress_received_idx, so the planner can use it; other choices are bound parameters.
 */
function stageFilter(stages: number[] | undefined): SQL | undefined {
  if (!stages) return undefined;
  const inProgress =
    stages.length === IN_PROGRESS_STAGES.length &&
    stages.every((s) => IN_PROGRESS_STAGES.includes(s as Stage));
  if (inProgress) return sql`${applications.stage} in (${sql.raw(IN_PROGRESS_STAGES.join(', '))})`;
  return inArray(applications.stage, stages);
}

/**
 * New Business (spec 1 §2): the applications of the scope's producers, with product, client and consultant.
 * Keywords match the policy number, the insured, and the client's name or AG number (each through a trigram index).
 */
export const newBusinessServerList = defineServerList({
  contract: newBusinessList,
  columns: {
    caaId: applications.id,
    category: applications.category,
    actionType: applications.actionType,
    policyNo: applications.policyNo,
    productName: products.name,
    clientName: clients.fullName,
    insuredName: applications.insuredName,
    modalPremium: sql`${applications.modalPremium}::text`,
    currency: applications.currency,
    commenceOn: sql`${applications.commenceDate}::text`,
    receivedDate: sql`${applications.receivedDate}::text`,
    stage: applications.stage,
    consultant: producers.name,
  },
  source(scope, criteria) {
    const stages = stagesOf(criteria);
    const pattern = criteria.keywords ? containsPattern(criteria.keywords) : undefined;
    const keywords: SQL | undefined = pattern
      ? sql`(${applications.policyNo} ilike ${pattern}
          or ${applications.insuredName} ilike ${pattern}
          or ${
            scope.small
              ? clientMatches(scope.caller.siteCode, pattern, applications.clientId)
              : clientIdMatches(scope.caller.siteCode, criteria.keywords ?? '', applications.clientId)
          })`
      : undefined;
    return {
      from: sql`${applications}`,
      lookups: sql`left join ${products} on ${products.id} = ${applications.productId}
        left join ${clients} on ${clients.id} = ${applications.clientId}
        left join ${producers} on ${producers.id} = ${applications.producerId}`,
      where: [
        producerFilter(scope, applications.producerId),
        stageFilter(stages),
        criteria.receivedFrom
          ? sql`${applications.receivedDate} >= ${criteria.receivedFrom}::date`
          : undefined,
        criteria.receivedTo ? sql`${applications.receivedDate} <= ${criteria.receivedTo}::date` : undefined,
        keywords,
      ],
    };
  },
  sortExpressions: {
    receivedDate: applications.receivedDate,
    commenceOn: applications.commenceDate,
    policyNo: applications.policyNo,
    clientName: clients.fullName,
    insuredName: applications.insuredName,
    productName: products.name,
    modalPremium: applications.modalPremium,
    stage: applications.stage,
    consultant: producers.name,
    category: applications.category,
  },
  sortsWithoutLookups: [
    'receivedDate',
    'commenceOn',
    'policyNo',
    'insuredName',
    'modalPremium',
    'stage',
    'category',
  ],
  idColumn: applications.id,
  toItem: (row: NewBusinessRow) => ({
    caaId: toId(row.caaId),
    category: row.category as ProductCategory,
    productCode: productLegendCode(row.category as ProductCategory, row.actionType),
    policyNo: toNullableText(row.policyNo),
    productName: toText(row.productName),
    clientName: toText(row.clientName),
    insuredName: toText(row.insuredName),
    modalPremium: toDecimal(row.modalPremium),
    currency: toText(row.currency),
    commenceOn: toNullableText(row.commenceOn),
    receivedDate: toText(row.receivedDate),
    stage: Number(row.stage),
    consultant: toText(row.consultant),
  }),
});
