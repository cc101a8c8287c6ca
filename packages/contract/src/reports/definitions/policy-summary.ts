import { z } from 'zod';
import { defineReport } from '../define-report.js';
import { PLAN_REPORT_HEADERS as P } from './plan-report-columns.js';
import { amount, REPORT_HEADERS as H, isoDate, label } from './report-columns.js';

/**
 * The filters of the plan reports 10–12: a period on one date basis (application received, sent to the provider,
 * plan commenced), the statuses to leave out, one status, one product type.
 */
export const PLAN_REPORT_FILTERS = [
  'dateType',
  'dateFrom',
  'dateTo',
  'excludeStatus',
  'status',
  'productType',
] as const;

/**
 * Type 10, policy summary: one row per plan of the scope whose date (on the chosen basis) falls in the period,
 * with its owner, insured, product, status, premium terms and cover.
 */
export const policySummaryReport = defineReport({
  type: 10,
  title: label('Policy Summary', '保單摘要', '契約サマリー', '계약 요약'),
  purpose: label(
    'Plans of the period with their owner, product, status, premium and cover.',
    '期內的計劃，連同持有人、產品、狀態、保費及保額。',
    '期間中のプランと契約者・商品・状況・保険料・保険金額。',
    '기간 중 플랜과 계약자, 상품, 상태, 보험료, 보험금액.',
  ),
  filters: PLAN_REPORT_FILTERS,
  item: z.object({
    policyId: z.number().int(),
    policyNo: z.string(),
    clientNo: z.string(),
    ownerName: z.string(),
    insuredName: z.string(),
    productName: z.string(),
    providerName: z.string(),
    productType: z.string(),
    status: z.string(),
    applicationDate: isoDate.nullable(),
    commenceDate: isoDate.nullable(),
    paymentFrequency: z.string(),
    currency: z.string(),
    modalPremium: amount.nullable(),
    sumInsured: amount.nullable(),
    consultant: z.string(),
  }),
  sortFields: ['policyNo', 'ownerName', 'productName', 'commenceDate', 'modalPremium', 'consultant'],
  defaultSort: { field: 'policyNo', order: 'asc' },
  columns: [
    { key: 'policyNo', kind: 'text', label: H.policyNo },
    { key: 'clientNo', kind: 'text', label: H.clientNo },
    { key: 'ownerName', kind: 'text', label: H.ownerName, wrap: true, pin: 'start' },
    { key: 'insuredName', kind: 'text', label: H.insuredName, wrap: true },
    { key: 'productName', kind: 'text', label: H.productName, wrap: true },
    { key: 'providerName', kind: 'text', label: H.providerName, wrap: true },
    { key: 'productType', kind: 'text', label: H.productType },
    { key: 'status', kind: 'text', label: H.status },
    { key: 'applicationDate', kind: 'date', label: P.applicationDate },
    { key: 'commenceDate', kind: 'date', label: H.commenceDate },
    { key: 'paymentFrequency', kind: 'text', label: H.paymentFrequency },
    { key: 'currency', kind: 'text', label: H.currency },
    { key: 'modalPremium', kind: 'amount', label: H.modalPremium },
    { key: 'sumInsured', kind: 'amount', label: H.sumInsured },
    { key: 'consultant', kind: 'text', label: H.consultant },
  ],
});
