import { z } from 'zod';
import { defineReport } from '../define-report.js';
import { PLAN_REPORT_HEADERS as P } from './plan-report-columns.js';
import { amount, REPORT_HEADERS as H, isoDate, label } from './report-columns.js';

/**
 * Type 7, missing premium: the missing premium (follow-up type 6) and renewal (type 7) follow-ups of the scope,
 * either type or both, with the premium due and its due date, so the consultant can chase the payment before the
 * plan lapses. The period reads the follow-up's date: the premium's due date, or the day the follow-up was opened
 * when the provider's notice gave none.
 */
export const missingPremiumReport = defineReport({
  type: 7,
  title: label('Missing Premium', '欠繳保費', '保険料未払い', '보험료 미납'),
  purpose: label(
    'Missing premium and renewal follow-ups in the period, with the premium due.',
    '期內的欠繳保費及續保跟進，連同應繳保費。',
    '期間中の保険料未払い・更新のフォローアップと請求額。',
    '기간 중 보험료 미납 및 갱신 후속 조치와 납입 금액.',
  ),
  filters: ['followupType', 'dateFrom', 'dateTo', 'productType'],
  item: z.object({
    followupId: z.number().int(),
    uniqueId: z.string(),
    type: z.string(),
    policyNo: z.string(),
    clientName: z.string(),
    clientNo: z.string(),
    productName: z.string(),
    dueDate: isoDate.nullable(),
    currency: z.string(),
    amountDue: amount.nullable(),
    createdDate: isoDate,
    status: z.string(),
    completedDate: isoDate.nullable(),
    consultant: z.string(),
  }),
  sortFields: ['dueDate', 'createdDate', 'policyNo', 'clientName', 'amountDue', 'consultant'],
  defaultSort: { field: 'dueDate', order: 'desc' },
  columns: [
    { key: 'uniqueId', kind: 'text', label: P.reference },
    { key: 'type', kind: 'text', label: P.followupType },
    { key: 'policyNo', kind: 'text', label: H.policyNo },
    { key: 'clientName', kind: 'text', label: H.clientName, wrap: true, pin: 'start' },
    { key: 'clientNo', kind: 'text', label: H.clientNo },
    { key: 'productName', kind: 'text', label: H.productName, wrap: true },
    { key: 'dueDate', kind: 'date', label: P.dueDate },
    { key: 'currency', kind: 'text', label: H.currency },
    { key: 'amountDue', kind: 'amount', label: P.amountDue },
    { key: 'createdDate', kind: 'date', label: P.createdDate },
    { key: 'status', kind: 'text', label: P.followupStatus },
    { key: 'completedDate', kind: 'date', label: P.completedDate },
    { key: 'consultant', kind: 'text', label: H.consultant },
  ],
});
