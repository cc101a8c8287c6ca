import { z } from 'zod';
import { defineReport } from '../define-report.js';
import { amount, REPORT_HEADERS as H, isoDate, label } from './report-columns.js';

/** Headers reports 13 and 14 share. */
export const AB_BV_HEADERS = {
  ab: label('AB', '年化基本保費 (AB)', 'AB（年換算基本保険料）', 'AB (연환산 기본보험료)'),
  bvFactor: label('BV Factor', 'BV 系數', 'BV係数', 'BV 계수'),
  bv: label('BV', '業務價值 (BV)', 'BV（業績評価額）', 'BV (업무가치)'),
};

/**
 * Type 13, policy AB BV: one line per plan written in the period (new business and transfers in), with its
 * annualized basic premium (AB = the basic plan's modal premium × premiums a year, in the plan's currency) and its
 * business value (BV = AB × the product's BV factor in force on the application date, rounded to the cent).
 */
export const policyAbBvReport = defineReport({
  type: 13,
  title: label('Policy AB BV', '保單 AB BV', '契約別 AB BV', '계약별 AB BV'),
  purpose: label(
    'Annualized basic premium and business value of each plan written in the period.',
    '期內每份新造計劃的年化基本保費及業務價值。',
    '期間中に成立した各プランの年換算基本保険料と業績評価額。',
    '기간 중 체결된 각 플랜의 연환산 기본보험료와 업무가치.',
  ),
  filters: ['dateType', 'dateFrom', 'dateTo', 'excludeStatus', 'status', 'productType'],
  required: ['dateType', 'dateFrom', 'dateTo'],
  item: z.object({
    applicationId: z.number().int(),
    policyId: z.number().int(),
    policyNo: z.string(),
    ownerName: z.string(),
    productName: z.string(),
    applicationDate: isoDate,
    commenceDate: isoDate.nullable(),
    currency: z.string(),
    /** The basic plan's modal premium (riders excluded). */
    basePremium: amount,
    paymentsPerYear: z.number().int(),
    ab: amount,
    /** Null when no factor is in force for the product on the application date (then BV is null too). */
    bvFactor: z
      .string()
      .regex(/^\d+\.\d{4}$/)
      .nullable(),
    bv: amount.nullable(),
    consultant: z.string(),
  }),
  sortFields: [
    'consultant',
    'policyNo',
    'ownerName',
    'productName',
    'applicationDate',
    'commenceDate',
    'ab',
    'bv',
  ],
  defaultSort: { field: 'applicationDate', order: 'asc' },
  columns: [
    { key: 'policyNo', kind: 'text', label: H.policyNo },
    { key: 'ownerName', kind: 'text', label: H.ownerName, wrap: true, pin: 'start' },
    { key: 'productName', kind: 'text', label: H.productName, wrap: true },
    {
      key: 'applicationDate',
      kind: 'date',
      label: label('Application Date', '申請日期', '申込日', '청약일'),
    },
    { key: 'commenceDate', kind: 'date', label: H.commenceDate },
    { key: 'currency', kind: 'text', label: H.currency },
    {
      key: 'basePremium',
      kind: 'amount',
      label: label('Basic Modal Premium', '基本計劃每期保費', '基本契約保険料', '주계약 회차 보험료'),
    },
    {
      key: 'paymentsPerYear',
      kind: 'int',
      label: label('Premiums a Year', '每年繳費次數', '年間払込回数', '연간 납입 횟수'),
    },
    { key: 'ab', kind: 'amount', label: AB_BV_HEADERS.ab },
    { key: 'bvFactor', kind: 'units', label: AB_BV_HEADERS.bvFactor },
    { key: 'bv', kind: 'amount', label: AB_BV_HEADERS.bv },
    { key: 'consultant', kind: 'text', label: H.consultant },
  ],
});
