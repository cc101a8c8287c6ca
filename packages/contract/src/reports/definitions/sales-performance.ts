import { z } from 'zod';
import { defineReport } from '../define-report.js';
import { APPLICATION_HEADERS as A } from './application-columns.js';
import { amount, REPORT_HEADERS as H, label } from './report-columns.js';

/**
 * Type 4, sales performance: one line per consultant of the scope and currency, counting the applications of the
 * period (the rows report 3 lists for the same form) by outcome, with the premium of the issued ones. Amounts of
 * different currencies are never added: a consultant who wrote business in two currencies has two lines.
 */
export const salesPerformanceReport = defineReport({
  type: 4,
  title: label('Sales Performance', '銷售表現', '販売実績', '판매 실적'),
  purpose: label(
    'Applications submitted, issued, pending and cancelled per consultant and currency, with issued premium.',
    '按顧問及貨幣列出已提交、已發出、處理中及已取消的申請，以及已發出業務的保費。',
    'コンサルタント・通貨別の提出・発行・処理中・取消件数と発行済保険料。',
    '컨설턴트·통화별 제출·발행·진행 중·취소 건수와 발행 보험료.',
  ),
  filters: ['dateType', 'dateFrom', 'dateTo', 'excludeStatus', 'status', 'productType'],
  item: z.object({
    /** Consultant and currency: the line's stable key. */
    lineKey: z.string(),
    consultant: z.string(),
    consultantCode: z.string(),
    currency: z.string(),
    submitted: z.number().int(),
    pending: z.number().int(),
    issued: z.number().int(),
    cancelled: z.number().int(),
    issuedModalPremium: amount,
    issuedAnnualizedPremium: amount,
  }),
  sortFields: ['consultant', 'consultantCode', 'currency', 'submitted', 'issued', 'issuedAnnualizedPremium'],
  defaultSort: { field: 'consultant', order: 'asc' },
  columns: [
    { key: 'consultant', kind: 'text', label: H.consultant },
    { key: 'consultantCode', kind: 'text', label: H.consultantCode },
    { key: 'currency', kind: 'text', label: H.currency },
    { key: 'submitted', kind: 'int', label: A.submitted },
    { key: 'pending', kind: 'int', label: A.pending },
    { key: 'issued', kind: 'int', label: A.issued },
    { key: 'cancelled', kind: 'int', label: A.cancelled },
    {
      key: 'issuedModalPremium',
      kind: 'amount',
      label: label('Issued Modal Premium', '已發出每期保費', '発行済保険料', '발행 회차 보험료'),
    },
    {
      key: 'issuedAnnualizedPremium',
      kind: 'amount',
      label: label('Issued Annualized Premium', '已發出年化保費', '発行済年換算保険料', '발행 연환산 보험료'),
    },
  ],
});
