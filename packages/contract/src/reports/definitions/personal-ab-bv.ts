import { z } from 'zod';
import { defineReport } from '../define-report.js';
import { amount, REPORT_HEADERS as H, label } from './report-columns.js';

/**
 * Type 14, personal AB BV: report 13's lines totalled per producer and currency (never summed across currencies:
 * no rate is applied, so each total is the plain sum of the lines it stands for).
 */
export const personalAbBvReport = defineReport({
  type: 14,
  title: label('Personal AB BV', '個人 AB BV', '個人別 AB BV', '개인별 AB BV'),
  purpose: label(
    'Plans, annualized basic premium and business value written by each producer in the period, per currency.',
    '各顧問期內按貨幣計的計劃數目、年化基本保費及業務價值。',
    '期間中の各担当者の通貨別プラン数、年換算基本保険料、業績評価額。',
    '기간 중 설계사별·통화별 플랜 수, 연환산 기본보험료, 업무가치.',
  ),
  filters: ['dateType', 'dateFrom', 'dateTo', 'excludeStatus', 'status', 'productType'],
  required: ['dateType', 'dateFrom', 'dateTo'],
  item: z.object({
    /** `producerId-currency`, the line's key. */
    lineKey: z.string(),
    producerId: z.number().int(),
    consultantCode: z.string(),
    consultant: z.string(),
    currency: z.string(),
    plans: z.number().int(),
    totalAb: amount,
    totalBv: amount,
    /** Plans counted in totalAb whose product had no BV factor (they add nothing to totalBv). */
    plansWithoutFactor: z.number().int(),
  }),
  sortFields: ['consultant', 'consultantCode', 'currency', 'plans', 'totalAb', 'totalBv'],
  defaultSort: { field: 'consultant', order: 'asc' },
  columns: [
    { key: 'consultantCode', kind: 'text', label: H.consultantCode },
    { key: 'consultant', kind: 'text', label: H.consultant },
    { key: 'currency', kind: 'text', label: H.currency },
    { key: 'plans', kind: 'int', label: label('Plans', '計劃數目', 'プラン数', '플랜 수') },
    { key: 'totalAb', kind: 'amount', label: label('Total AB', 'AB 總額', 'AB合計', 'AB 합계') },
    { key: 'totalBv', kind: 'amount', label: label('Total BV', 'BV 總額', 'BV合計', 'BV 합계') },
    {
      key: 'plansWithoutFactor',
      kind: 'int',
      label: label('Plans without BV Factor', '無 BV 系數計劃', 'BV係数なしのプラン', 'BV 계수 없는 플랜'),
    },
  ],
});
