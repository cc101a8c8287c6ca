import { policyItemDetailsReport } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  clients,
  holdings,
  policies,
  policyItems,
  policyStatuses,
  producers,
  products,
} from '../../db/schema/index.js';
import { translator } from '../../i18n/index.js';
import { defineServerList } from '../../lists/index.js';
import { toDecimal, toId, toNullableText, toText } from '../../lists/row-values.js';
import { domainWords } from '../../render/domain-texts.js';
import { planReportConditions } from './plan-report-filters.js';

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
 * funds.
 */
const planItems = sql`(
  select ${policyItems.id} * 2 as item_key, ${policyItems.policyId} as policy_id,
    case ${policyItems.policyType} when 'BASIC' then 1 else 2 end as item_rank,
    ${policyItems.policyType} as item_type, coalesce(${products.code}, '') as item_code,
    ${policyItems.productName} as item_name, ${policyItems.commenceDate} as commence_date,
    null::text as currency, ${policyItems.sumInsured} as sum_insured, ${policyItems.modalPremium} as modal_premium,
    null::numeric as units, null::numeric as price, null::numeric as value
  from ${policyItems} left join ${products} on ${products.id} = ${policyItems.productId}
  union all
  select ${holdings.id} * 2 + 1, ${holdings.policyId}, 3, 'FUND', ${holdings.code}, ${holdings.description}, null::date,
    ${holdings.currency}, null::numeric, null::numeric, ${holdings.unitHeld}, ${holdings.price}, ${holdings.value}
  from ${holdings} where ${holdings.holdingType} = 'fund'
) as plan_items`;

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
    ownerName: clients.fullName,
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
    consultant: producers.name,
  },
  source(scope, criteria) {
    return {
      from: sql`${planItems} join ${policies} on ${policies.id} = ${item('policy_id')}`,
      lookups: sql`left join ${policyStatuses} on ${policyStatuses.code} = ${policies.statusCode}
        left join ${clients} on ${clients.id} = ${policies.ownerClientId}
        left join ${producers} on ${producers.id} = ${policies.servicingProducerId}`,
      where: planReportConditions(scope, criteria),
    };
  },
  sortExpressions: {
    // Row values: a plan's rows stay together, in rank order (reversed when descending).
    policyNo: sql`(${policies.planNo}, ${item('item_rank')})`,
    ownerName: sql`(${clients.fullName}, ${policies.planNo}, ${item('item_rank')})`,
    itemName: item('item_name'),
    consultant: sql`(${producers.name}, ${policies.planNo}, ${item('item_rank')})`,
  },
  sortsWithoutLookups: ['policyNo', 'itemName'],
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
