import { z } from 'zod';
import { defineReport } from '../define-report.js';
import { REPORT_HEADERS as H, isoDate, label } from './report-columns.js';

/**
 * Type 2, new client: clients whose first application with the selected producer (or their team) falls in the
 * period, one row per client, with the first application (its three dates, so the period can be checked whatever
 * the date basis) and how to reach them. "First" is the earliest received, not cancelled application of the scope;
 * the date basis picks which of its dates the period reads.
 */
export const newClientReport = defineReport({
  type: 2,
  title: label('New Client', '新客戶', '新規顧客', '신규 고객'),
  purpose: label(
    'Clients whose first application with you or your team falls in the period.',
    '首次經您或您的團隊提交申請、而申請日期在期內的客戶。',
    'あなたまたはチームへの最初の申込が期間内にある顧客。',
    '귀하 또는 팀에 대한 첫 신청이 기간 내에 있는 고객.',
  ),
  filters: ['dateType', 'dateFrom', 'dateTo', 'productType'],
  item: z.object({
    clientId: z.number().int(),
    clientNo: z.string(),
    clientName: z.string(),
    receivedDate: isoDate,
    sentDate: isoDate.nullable(),
    commenceDate: isoDate.nullable(),
    policyNo: z.string().nullable(),
    productType: z.string(),
    productName: z.string(),
    consultant: z.string(),
    phone: z.string(),
    email: z.string(),
    plans: z.number().int(),
  }),
  sortFields: ['receivedDate', 'clientName', 'clientNo', 'productName', 'consultant'],
  defaultSort: { field: 'receivedDate', order: 'desc' },
  columns: [
    { key: 'clientNo', kind: 'text', label: H.clientNo },
    { key: 'clientName', kind: 'text', label: H.clientName, wrap: true, pin: 'start' },
    {
      key: 'receivedDate',
      kind: 'date',
      label: label('First Application Received', '首次申請收件日期', '初回申込受付日', '첫 신청 접수일'),
    },
    { key: 'sentDate', kind: 'date', label: H.sentDate },
    { key: 'commenceDate', kind: 'date', label: H.commenceDate },
    { key: 'policyNo', kind: 'text', label: H.policyNo },
    { key: 'productType', kind: 'text', label: H.productType },
    { key: 'productName', kind: 'text', label: H.productName, wrap: true },
    { key: 'consultant', kind: 'text', label: H.consultant },
    { key: 'phone', kind: 'text', label: H.phone },
    { key: 'email', kind: 'text', label: H.email, wrap: true },
    { key: 'plans', kind: 'int', label: label('Plans', '計劃數目', 'プラン数', '플랜 수') },
  ],
});
