import { z } from 'zod';
import { defineReport } from '../define-report.js';
import { PLAN_REPORT_HEADERS as P } from './plan-report-columns.js';
import { PLAN_REPORT_FILTERS } from './policy-summary.js';
import { REPORT_HEADERS as H, label } from './report-columns.js';

/**
 * Type 12, policy owner: one row per client owning plans that type 10 would list (same filters), with the contact
 * details on file (the correspondence address, else the residential one; every phone and e-mail), how many of
 * those plans they own and their numbers — a mailing or call list.
 */
export const policyOwnerReport = defineReport({
  type: 12,
  title: label('Policy Owner', '保單持有人', '契約者', '계약자'),
  purpose: label(
    'Owners of the plans of the period, with their contact details and plans.',
    '期內計劃的持有人，連同聯絡資料及計劃。',
    '期間中のプランの契約者と連絡先・プラン。',
    '기간 중 플랜의 계약자와 연락처, 플랜.',
  ),
  filters: PLAN_REPORT_FILTERS,
  item: z.object({
    clientId: z.number().int(),
    clientNo: z.string(),
    ownerName: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    planCount: z.number().int().positive(),
    policyNos: z.string(),
    consultant: z.string(),
  }),
  sortFields: ['ownerName', 'clientNo', 'planCount', 'consultant'],
  defaultSort: { field: 'ownerName', order: 'asc' },
  columns: [
    { key: 'ownerName', kind: 'text', label: H.ownerName, wrap: true, pin: 'start' },
    { key: 'clientNo', kind: 'text', label: H.clientNo },
    { key: 'address', kind: 'text', label: P.address, wrap: true },
    { key: 'phone', kind: 'text', label: H.phone },
    { key: 'email', kind: 'text', label: H.email },
    { key: 'planCount', kind: 'int', label: P.planCount },
    { key: 'policyNos', kind: 'text', label: P.policyNos, wrap: true },
    { key: 'consultant', kind: 'text', label: H.consultant },
  ],
});
