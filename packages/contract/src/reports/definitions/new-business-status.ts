import { z } from 'zod';
import { defineReport } from '../define-report.js';
import { APPLICATION_HEADERS as A } from './application-columns.js';
import { amount, REPORT_HEADERS as H, isoDate, label } from './report-columns.js';

/** The row of an application in the new-business reports (types 3 and 5 add their own fields). */
export const applicationReportItem = z.object({
  caaId: z.number().int(),
  receivedDate: isoDate,
  sentDate: isoDate.nullable(),
  commenceDate: isoDate.nullable(),
  policyNo: z.string().nullable(),
  clientNo: z.string(),
  clientName: z.string(),
  productType: z.string(),
  productName: z.string(),
  providerName: z.string(),
  action: z.string(),
  stage: z.number().int(),
  stageName: z.string(),
  status: z.string(),
  currency: z.string(),
  consultant: z.string(),
});

/**
 * Type 3, new business status: every application of the scope in the period, where it stands (stage, since when,
 * plan status) and what it is worth (modal premium, its mode and the annualized premium). Type 4 counts these rows.
 */
export const newBusinessStatusReport = defineReport({
  type: 3,
  title: label('New Business Status', '新業務狀況', '新契約状況', '신계약 현황'),
  purpose: label(
    'Applications in the period, their stage and premium.',
    '期內的申請、其階段及保費。',
    '期間中の申込とそのステージ・保険料。',
    '기간 중 신청과 그 단계 및 보험료.',
  ),
  filters: ['dateType', 'dateFrom', 'dateTo', 'excludeStatus', 'status', 'productType'],
  item: applicationReportItem.extend({
    stageSince: isoDate.nullable(),
    daysInStage: z.number().int().nullable(),
    paymentFrequency: z.string().nullable(),
    modalPremium: amount.nullable(),
    annualizedPremium: amount.nullable(),
  }),
  sortFields: [
    'receivedDate',
    'sentDate',
    'commenceDate',
    'policyNo',
    'clientName',
    'productName',
    'stage',
    'modalPremium',
    'consultant',
  ],
  defaultSort: { field: 'receivedDate', order: 'desc' },
  columns: [
    { key: 'receivedDate', kind: 'date', label: H.receivedDate },
    { key: 'sentDate', kind: 'date', label: H.sentDate },
    { key: 'commenceDate', kind: 'date', label: H.commenceDate },
    { key: 'policyNo', kind: 'text', label: H.policyNo },
    { key: 'clientNo', kind: 'text', label: H.clientNo },
    { key: 'clientName', kind: 'text', label: H.clientName, wrap: true, pin: 'start' },
    { key: 'productType', kind: 'text', label: H.productType },
    { key: 'productName', kind: 'text', label: H.productName, wrap: true },
    { key: 'providerName', kind: 'text', label: H.providerName, wrap: true },
    { key: 'action', kind: 'text', label: A.action },
    { key: 'stage', kind: 'int', label: A.stage },
    { key: 'stageName', kind: 'text', label: A.stageName, wrap: true },
    { key: 'stageSince', kind: 'date', label: A.stageSince },
    { key: 'daysInStage', kind: 'int', label: A.daysInStage },
    { key: 'status', kind: 'text', label: H.status },
    { key: 'currency', kind: 'text', label: H.currency },
    { key: 'paymentFrequency', kind: 'text', label: H.paymentFrequency },
    { key: 'modalPremium', kind: 'amount', label: H.modalPremium },
    { key: 'annualizedPremium', kind: 'amount', label: H.annualPremium },
    { key: 'consultant', kind: 'text', label: H.consultant },
  ],
});
