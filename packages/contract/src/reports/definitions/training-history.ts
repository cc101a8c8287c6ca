import { z } from 'zod';
import { defineReport } from '../define-report.js';
import { REPORT_HEADERS as H, isoDate, label } from './report-columns.js';

/**
 * Type 201, training history: courses the scope's producers completed in the period, with their hours, so a
 * producer can check their (and their team's) CPD hours line by line; the hours add up to the period's total.
 */
export const trainingHistoryReport = defineReport({
  type: 201,
  title: label('Training History', '培訓記錄', '研修履歴', '교육 이력'),
  purpose: label(
    'Courses completed in the period, with their hours.',
    '期內完成的課程及時數。',
    '期間中に修了した研修とその時間数。',
    '기간 중 이수한 교육과 시간.',
  ),
  filters: ['dateFrom', 'dateTo'],
  item: z.object({
    trainingId: z.number().int(),
    consultantCode: z.string(),
    consultant: z.string(),
    courseCode: z.string(),
    courseTitle: z.string(),
    courseProvider: z.string(),
    category: z.string(),
    completedOn: isoDate,
    /** Hours credited, 2 decimals. */
    hours: z.string().regex(/^\d+\.\d{2}$/),
    certificateNo: z.string().nullable(),
  }),
  sortFields: ['completedOn', 'consultant', 'courseCode', 'courseTitle', 'category', 'hours'],
  defaultSort: { field: 'completedOn', order: 'desc' },
  columns: [
    { key: 'consultantCode', kind: 'text', label: H.consultantCode },
    { key: 'consultant', kind: 'text', label: H.consultant },
    { key: 'courseCode', kind: 'text', label: label('Course Code', '課程編號', 'コースコード', '과정 코드') },
    { key: 'courseTitle', kind: 'text', label: label('Course', '課程', '研修名', '과정명'), wrap: true },
    {
      key: 'courseProvider',
      kind: 'text',
      label: label('Organizer', '主辦機構', '主催者', '주관 기관'),
      wrap: true,
    },
    { key: 'category', kind: 'text', label: label('Category', '類別', '区分', '구분') },
    { key: 'completedOn', kind: 'date', label: label('Completed', '完成日期', '修了日', '이수일') },
    { key: 'hours', kind: 'amount', label: label('Hours', '時數', '時間数', '시간') },
    {
      key: 'certificateNo',
      kind: 'text',
      label: label('Certificate No.', '證書編號', '修了証番号', '수료증 번호'),
    },
  ],
});
