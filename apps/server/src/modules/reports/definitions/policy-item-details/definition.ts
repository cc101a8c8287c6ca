import { policyItemDetailsReport } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  holdings,
  planItemCounts,
  policies,
  policyItems,
  policyStatuses,
  products,
} from '../../../../db/schema/index.js';
import { producerFilter, type TeamScope } from '../../../../db/team-scope.js';
import { translator } from '../../../../i18n/index.js';
import { defineServerList } from '../../../../lists/index.js';
import { toDecimal, toId, toNullableText, toText } from '../../../../lists/row-values.js';
import { domainWords } from '../../../../render/domain-texts.js';
import {
  allOf,
  type PlanReportCriteria,
  planPeriod,
  planReportConditions,
} from '../../shared/plan-report-filters.js';

type PolicyItemRow = {
  itemKey: unknown;
  policyId: unknown;
  policyNo: string;
  ownerName: string;
  statusCode: string;
  statusLabel: string;
  itemType: string;
  itemCode: string;
  itemName: string;
  commenceDate: string | null;
  currency: string;
  sumInsured: unknown;
  modalPremium: unknown;
  units: unknown;
  price: unknown;
  value: unknown;
  consultant: string;
};

const item = (column: string) => sql.raw(`plan_items.${column}`);

/*
 * A plan's components from two tables: its coverage lines (policy_items: the basic plan and its riders, with cover
 * and premium in the plan's currency) and the funds it holds (holdings of type fund, with units, price and the
 * value the holding carries: units × price to the cent, in the fund's currency). Cash positions are no component.
 * Keys: even for coverage lines, odd for funds, so one key names one row. Rank orders a plan's rows: basic, riders,
 * funds. Read per plan (a lateral join): the plans are walked in the report's order (plan number: one range of
 * policies_list_plan_no_idx with the team read from it) and each plan's rows fetched by its id, so a page stops
 * after its plans instead of joining every item of the team's period first (decision 039).
 */
const planItems = sql`lateral (
  select ${policyItems.id} * 2 as item_key, ${policyItems.policyId} as policy_id,
    case ${policyItems.policyType} when 'BASIC' then 1 else 2 end as item_rank,
    ${policyItems.policyType} as item_type, coalesce(${products.code}, '') as item_code,
    ${policyItems.productName} as item_name, ${policyItems.commenceDate} as commence_date,
    null::text as currency, ${policyItems.sumInsured} as sum_insured, ${policyItems.modalPremium} as modal_premium,
    null::numeric as units, null::numeric as price, null::numeric as value
  from ${policyItems} left join ${products} on ${products.id} = ${policyItems.productId}
  where ${policyItems.policyId} = ${policies.id}
  union all
  select ${holdings.id} * 2 + 1, ${holdings.policyId}, 3, 'FUND', ${holdings.code}, ${holdings.description}, null::date,
    ${holdings.currency}, null::numeric, null::numeric, ${holdings.unitHeld}, ${holdings.price}, ${holdings.value}
  from ${holdings} where ${holdings.policyId} = ${policies.id} and ${holdings.holdingType} = 'fund'
) as plan_items`;

/**
 * The bounded number of rows, summed from the stored item counts of the plans (plan_item_counts, kept by triggers)
 * instead of reading each plan's items: every counted plan has at least one row, so `bound` plans hold at least
 * `bound` rows. The team and a received or sent period are read from the counts and applications alone; a status,
 * a product type or a commencement period needs the plan's row.
 */
function itemCount(scope: TeamScope, criteria: PlanReportCriteria, bound: number): SQL {
  const dated = Boolean(criteria.dateFrom || criteria.dateTo);
  const needsPlan =
    (dated && criteria.dateType === 'POLICY') ||
    Boolean(criteria.status || criteria.productType || criteria.excludeStatus?.length);
  const counted = needsPlan
    ? sql`select ${planItemCounts.items} as items from ${policies}
        join ${planItemCounts} on ${planItemCounts.policyId} = ${policies.id}
        where ${allOf(planReportConditions(scope, criteria))}`
    : sql`select ${planItemCounts.items} as items from ${planItemCounts}
        where ${allOf([
          producerFilter(scope, planItemCounts.servicingProducerId),
          planPeriod(criteria, planItemCounts.policyId),
        ])}`;
  return sql`select least(coalesce(sum(counted.items), 0), ${bound})::int as n
    from (${counted} limit ${bound}) as counted`;
}

/**
 * Policy item details (type 11): the components of the plans policy summary lists for the same filters, one row
 * each, the plan's rows together (basic plan, riders, funds) in plan number order.
 */
export const policyItemDetailsServerReport = defineServerList({
  contract: policyItemDetailsReport,
  columns: {
    itemKey: item('item_key'),
    policyId: policies.id,
    policyNo: policies.planNo,
    ownerName: policies.clientName,
    statusCode: policies.statusCode,
    statusLabel: policyStatuses.label,
    itemType: item('item_type'),
    itemCode: item('item_code'),
    itemName: item('item_name'),
    commenceDate: sql`${item('commence_date')}::text`,
    currency: sql`coalesce(${item('currency')}, ${policies.currency})`,
    sumInsured: sql`${item('sum_insured')}::text`,
    modalPremium: sql`${item('modal_premium')}::text`,
    units: sql`${item('units')}::text`,
    price: sql`${item('price')}::text`,
    value: sql`${item('value')}::text`,
    consultant: policies.consultantName,
  },
  source(scope, criteria) {
    return {
      // The owner's and the consultant's names are the plan's copies (decision 039).
      from: sql`${policies} cross join ${planItems}`,
      lookups: sql`left join ${policyStatuses} on ${policyStatuses.code} = ${policies.statusCode}`,
      where: planReportConditions(scope, criteria),
    };
  },
  sortExpressions: {
    // Compound keys: a plan's rows stay together, in rank order (reversed when descending); the leading key is an
    // indexed column of the plan, so the walk is ordered and only each plan's few rows are sorted.
    policyNo: [policies.planNo, item('item_rank')],
    ownerName: [policies.clientName, policies.planNo, item('item_rank')],
    itemName: item('item_name'),
    consultant: [policies.consultantName, policies.planNo, item('item_rank')],
  },
  sortsWithoutLookups: ['policyNo', 'ownerName', 'itemName', 'consultant'],
  // Rows of a lateral union cannot be found again by their key cheaply: the page selects whole rows, walking the
  // plans in order and stopping after the page.
  pageRows: true,
  countStatement: (scope, criteria, bound) => itemCount(scope, criteria, bound),
  idColumn: item('item_key'),
  toItem: (row: PolicyItemRow, language) => {
    const words = domainWords(language);
    const type = toText(row.itemType);
    return {
      itemKey: toText(row.itemKey),
      policyId: toId(row.policyId),
      policyNo: toText(row.policyNo),
      ownerName: toText(row.ownerName),
      status: words.policyStatus(toText(row.statusCode), toText(row.statusLabel)),
      itemType:
        type === 'BASIC' || type === 'RIDER' || type === 'FUND'
          ? translator(language)(`planReports.item${type}`)
          : type,
      itemCode: toText(row.itemCode),
      itemName: toText(row.itemName),
      commenceDate: toNullableText(row.commenceDate),
      currency: toText(row.currency),
      sumInsured: toDecimal(row.sumInsured),
      modalPremium: toDecimal(row.modalPremium),
      units: toDecimal(row.units),
      price: toDecimal(row.price),
      value: toDecimal(row.value),
      consultant: toText(row.consultant),
    };
  },
});
