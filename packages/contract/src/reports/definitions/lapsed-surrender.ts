import { z } from 'zod';
import { defineReport } from '../define-report.js';
import { amount, REPORT_HEADERS as H, isoDate, label } from './report-columns.js';

/**
 * Type 1, lapsed / surrender: plans of the scope that lapsed or were surrendered, newest first, so the producer can
 * call the client about reinstatement or a replacement plan. Dates filter the day the status changed
 * (policies.status_changed_on); `status` narrows to one of the two; `productType` is the plan's category.
 */
export const lapsedSurrenderReport = defineReport({
  type: 1,
  title: label('Lapsed / Surrender', '失效／退保', '失効・解約', '실효/해지'),
  purpose: label(
    'Plans that lapsed or were surrendered in the period.',
    '期內失效或退保的計劃。',
    '期間中に失効または解約となったプラン。',
    '기간 중 실효되거나 해지된 플랜.',
  ),
  filters: ['dateFrom', 'dateTo', 'status', 'productType'],
  /** Both when no status is chosen. */
  statusOptions: ['LAP', 'SUR'],
  item: z.object({
    policyId: z.number().int(),
    policyNo: z.string(),
    clientNo: z.string(),
    ownerName: z.string(),
    productName: z.string(),
    providerName: z.string(),
    status: z.string(),
    statusChangedOn: isoDate.nullable(),
    commenceDate: isoDate.nullable(),
    currency: z.string(),
    modalPremium: amount.nullable(),
    consultant: z.string(),
  }),
  sortFields: ['statusChangedOn', 'policyNo', 'ownerName', 'productName', 'consultant'],
  defaultSort: { field: 'statusChangedOn', order: 'desc' },
  columns: [
    { key: 'policyNo', kind: 'text', label: H.policyNo },
    { key: 'clientNo', kind: 'text', label: H.clientNo },
    { key: 'ownerName', kind: 'text', label: H.ownerName, wrap: true, pin: 'start' },
    { key: 'productName', kind: 'text', label: H.productName, wrap: true },
    { key: 'providerName', kind: 'text', label: H.providerName, wrap: true },
    { key: 'status', kind: 'text', label: H.status },
    {
      key: 'statusChangedOn',
      kind: 'date',
      label: label('Status Date', '狀態日期', '状況変更日', '상태 변경일'),
    },
    { key: 'commenceDate', kind: 'date', label: H.commenceDate },
    { key: 'currency', kind: 'text', label: H.currency },
    { key: 'modalPremium', kind: 'amount', label: H.modalPremium },
    { key: 'consultant', kind: 'text', label: H.consultant },
  ],
});
