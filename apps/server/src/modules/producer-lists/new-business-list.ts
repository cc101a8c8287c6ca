import {
  IN_PROGRESS_STAGES,
  type NewBusinessCriteria,
  newBusinessList,
  type ProductCategory,
  productLegendCode,
  type Stage,
} from '@portal/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { applications } from '../../db/schema/index.js';
import { producerFilter } from '../../db/team-scope.js';
import { containsPattern, defineServerList } from '../../lists/index.js';
import { toDecimal, toId, toNullableText, toText } from '../../lists/row-values.js';

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
  daysInStage: unknown;
  stageTargetDays: unknown;
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
 * New Business (docs/producer/lists.md): the applications of the scope's producers, with product, client and
 * consultant. Keywords match the policy number, the insured, and the client's name or AG number: the row's search
 * document.
 */
export const newBusinessServerList = defineServerList({
  contract: newBusinessList,
  columns: {
    caaId: applications.id,
    category: applications.category,
    actionType: applications.actionType,
    policyNo: applications.policyNo,
    productName: applications.productName,
    clientName: applications.clientName,
    insuredName: applications.insuredName,
    modalPremium: sql`${applications.modalPremium}::text`,
    currency: applications.currency,
    commenceOn: sql`${applications.commenceDate}::text`,
    receivedDate: sql`${applications.receivedDate}::text`,
    stage: applications.stage,
    // Whole Hong Kong days since the day the stage was entered (decision 054); literals, so the SELECT stays cached.
    daysInStage: sql`((now() at time zone 'Asia/Hong_Kong')::date - (${applications.stageEnteredAt} at time zone 'Asia/Hong_Kong')::date)`,
    stageTargetDays: sql`(select target_days from stage_sla_targets t
      where t.site_code = ${applications.siteCode} and t.stage = ${applications.stage})`,
    consultant: applications.consultantName,
  },
  source(scope, criteria) {
    const stages = stagesOf(criteria);
    const pattern = criteria.keywords ? containsPattern(criteria.keywords) : undefined;
    return {
      // Every column shown, sorted or searched is on the row (decision 039): no lookups.
      from: sql`${applications}`,
      matchesFirst: pattern !== undefined,
      where: [
        producerFilter(scope, applications.producerId),
        stageFilter(stages),
        criteria.receivedFrom
          ? sql`${applications.receivedDate} >= ${criteria.receivedFrom}::date`
          : undefined,
        criteria.receivedTo ? sql`${applications.receivedDate} <= ${criteria.receivedTo}::date` : undefined,
        // Cooling-off ending in a range (applications_cooling_off_idx: the end day, then the producer).
        criteria.coolingOffFrom
          ? sql`${applications.coolingOffEndsOn} >= ${criteria.coolingOffFrom}::date`
          : undefined,
        criteria.coolingOffTo
          ? sql`${applications.coolingOffEndsOn} <= ${criteria.coolingOffTo}::date`
          : undefined,
        // The search document (policy no., insured, client name and AG number) through its trigram index.
        pattern ? sql`${applications.searchText} ilike ${pattern}` : undefined,
      ],
    };
  },
  sortExpressions: {
    receivedDate: applications.receivedDate,
    commenceOn: applications.commenceDate,
    policyNo: applications.policyNo,
    clientName: applications.clientName,
    insuredName: applications.insuredName,
    productName: applications.productName,
    modalPremium: applications.modalPremium,
    stage: applications.stage,
    consultant: applications.consultantName,
    category: applications.category,
  },
  // Each sort has its index (applications_list_*_idx): the sort key, the id, then the producer and the stage.
  sortsWithoutLookups: [
    'receivedDate',
    'commenceOn',
    'policyNo',
    'clientName',
    'insuredName',
    'productName',
    'modalPremium',
    'stage',
    'consultant',
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
    daysInStage: Math.max(0, Number(row.daysInStage ?? 0)),
    stageTargetDays:
      row.stageTargetDays === null || row.stageTargetDays === undefined ? null : Number(row.stageTargetDays),
    consultant: toText(row.consultant),
  }),
});
