import { z } from 'zod';
import { defineReport } from '../define-report.js';
import { PLAN_REPORT_HEADERS as P } from './plan-report-columns.js';
import { PLAN_REPORT_FILTERS } from './policy-summary.js';
import { amount, REPORT_HEADERS as H, isoDate, label } from './report-columns.js';

/** Units and prices travel with their 4 decimals. */
const units = amount;

/**
 * Type 11, policy item details: the components of the plans type 10 lists (same filters), one row per component —
 * the basic plan and its riders with their cover and premium, and the funds an investment plan holds with their
 * units, price and value (units × price, to the cent, in the fund's currency).
 */
export const policyItemDetailsReport = defineReport({
  type: 11,
  title: label('Policy Item Details', '保單項目明細', '契約項目明細', '계약 항목 명세'),
  purpose: label(
    'The basic plan, riders and funds of each plan of the period.',
    '期內每份計劃的基本計劃、附加保障及基金。',
    '期間中の各プランの主契約・特約・ファンド。',
    '기간 중 각 플랜의 주계약, 특약, 펀드.',
  ),
  filters: PLAN_REPORT_FILTERS,
  item: z.object({
    itemKey: z.string(),
    policyId: z.number().int(),
    policyNo: z.string(),
    ownerName: z.string(),
    status: z.string(),
    itemType: z.string(),
    itemCode: z.string(),
    itemName: z.string(),
    commenceDate: isoDate.nullable(),
    currency: z.string(),
    sumInsured: amount.nullable(),
    modalPremium: amount.nullable(),
    units: units.nullable(),
    price: units.nullable(),
    value: amount.nullable(),
    consultant: z.string(),
  }),
  sortFields: ['policyNo', 'ownerName', 'itemName', 'consultant'],
  defaultSort: { field: 'policyNo', order: 'asc' },
  columns: [
    { key: 'policyNo', kind: 'text', label: H.policyNo },
    { key: 'ownerName', kind: 'text', label: H.ownerName, wrap: true, pin: 'start' },
    { key: 'status', kind: 'text', label: H.status },
    { key: 'itemType', kind: 'text', label: P.itemType },
    { key: 'itemCode', kind: 'text', label: P.itemCode },
    { key: 'itemName', kind: 'text', label: P.itemName, wrap: true },
    { key: 'commenceDate', kind: 'date', label: H.commenceDate },
    { key: 'currency', kind: 'text', label: H.currency },
    { key: 'sumInsured', kind: 'amount', label: H.sumInsured },
    { key: 'modalPremium', kind: 'amount', label: H.modalPremium },
    { key: 'units', kind: 'units', label: P.units },
    { key: 'price', kind: 'units', label: P.price },
    { key: 'value', kind: 'amount', label: P.value },
    { key: 'consultant', kind: 'text', label: H.consultant },
  ],
});
