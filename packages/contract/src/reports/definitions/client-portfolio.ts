import { z } from 'zod';
import { defineReport } from '../define-report.js';
import { PLAN_REPORT_HEADERS as P } from './plan-report-columns.js';
import { amount, REPORT_HEADERS as H, isoDate, label } from './report-columns.js';

/**
 * Type 9, client portfolio: every plan of the scope's clients with its latest valuation, client by client. The
 * value is the one the client area and the statements show: an investment plan's holdings summed in its valuation
 * currency, a life plan's total policy value of its latest valuation; blank when the provider sent none.
 */
export const clientPortfolioReport = defineReport({
  type: 9,
  title: label('Client Portfolio', '客戶投資組合', '顧客ポートフォリオ', '고객 포트폴리오'),
  purpose: label(
    "Each client's plans with their latest valuation.",
    '每位客戶的計劃及其最新估值。',
    '顧客ごとのプランと最新の評価額。',
    '고객별 플랜과 최신 평가액.',
  ),
  filters: ['productType', 'type', 'excludeStatus'],
  item: z.object({
    policyId: z.number().int(),
    clientName: z.string(),
    clientNo: z.string(),
    policyNo: z.string(),
    productName: z.string(),
    providerName: z.string(),
    productType: z.string(),
    status: z.string(),
    serviceType: z.string(),
    valuationCurrency: z.string(),
    valuationDate: isoDate.nullable(),
    planValue: amount.nullable(),
    totalPremiumPaid: amount.nullable(),
    consultant: z.string(),
  }),
  sortFields: ['clientName', 'clientNo', 'policyNo', 'productName', 'consultant'],
  defaultSort: { field: 'clientName', order: 'asc' },
  columns: [
    { key: 'clientName', kind: 'text', label: H.clientName, wrap: true, pin: 'start' },
    { key: 'clientNo', kind: 'text', label: H.clientNo },
    { key: 'policyNo', kind: 'text', label: H.policyNo },
    { key: 'productName', kind: 'text', label: H.productName, wrap: true },
    { key: 'providerName', kind: 'text', label: H.providerName, wrap: true },
    { key: 'productType', kind: 'text', label: H.productType },
    { key: 'status', kind: 'text', label: H.status },
    { key: 'serviceType', kind: 'text', label: P.serviceType },
    { key: 'valuationDate', kind: 'date', label: P.valuationDate },
    { key: 'valuationCurrency', kind: 'text', label: P.valuationCurrency },
    { key: 'planValue', kind: 'amount', label: P.planValue },
    { key: 'totalPremiumPaid', kind: 'amount', label: P.totalPremiumPaid },
    { key: 'consultant', kind: 'text', label: H.consultant },
  ],
});
