import { z } from 'zod';
import { defineReport } from '../define-report.js';
import { APPLICATION_HEADERS as A } from './application-columns.js';
import { applicationReportItem } from './new-business-status.js';
import { amount, REPORT_HEADERS as H, label } from './report-columns.js';

/**
 * Type 5, transfer in: the transfer-in applications (action TI) of the scope in the period — MPF scheme transfers,
 * fund platform and policy transfers — with where the assets come from and the amount transferred.
 */
export const transferInReport = defineReport({
  type: 5,
  title: label('Transfer In', '轉入', '移管', '이전 입고'),
  purpose: label(
    'Transfer-in applications in the period, with the transferring scheme or provider and the amount.',
    '期內的轉入申請，連同轉出計劃或機構及轉入金額。',
    '期間中の移管申込と移管元・移管額。',
    '기간 중 이전 신청과 이전 원천 및 금액.',
  ),
  filters: ['dateType', 'dateFrom', 'dateTo', 'excludeStatus', 'status', 'productType'],
  item: applicationReportItem.omit({ action: true }).extend({
    transferFrom: z.string().nullable(),
    transferAmount: amount.nullable(),
  }),
  sortFields: [
    'receivedDate',
    'sentDate',
    'policyNo',
    'clientName',
    'productName',
    'transferAmount',
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
    {
      key: 'transferFrom',
      kind: 'text',
      label: label('Transfer From', '轉出計劃／機構', '移管元', '이전 원천'),
      wrap: true,
    },
    {
      key: 'transferAmount',
      kind: 'amount',
      label: label('Transfer Amount', '轉入金額', '移管額', '이전 금액'),
    },
    { key: 'currency', kind: 'text', label: H.currency },
    { key: 'stage', kind: 'int', label: A.stage },
    { key: 'stageName', kind: 'text', label: A.stageName, wrap: true },
    { key: 'status', kind: 'text', label: H.status },
    { key: 'consultant', kind: 'text', label: H.consultant },
  ],
});
