import { z } from 'zod';
import {
  REQUIREMENT_TYPES,
  type RequirementProvider,
  type RequirementStatus,
  type RequirementType,
  requirementProviderSchema,
  requirementStatusSchema,
  requirementTypeSchema,
} from './cases.js';
import { commonCriteriaShape, dateCriterion, listCriterion, rangeIssues } from './lists/criteria.js';
import { defineList, type LocalizedLabel } from './lists/define-list.js';

/*
 * Requirements: POST /b2b/requirements, GET /b2b/requirement_export (docs/producer/cases.md, "The requirements
 * list"). Every item the scope's applications still need, across cases: what the producer chases in a day. Each of the
 * home's requirement figures opens it with the criteria it counts, so the list's total is the figure.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const label = (en: string, zh: string, ja: string, kr: string): LocalizedLabel => ({ en, zh, ja, kr });

/**
 * Which items: open (anything not accepted or waived), owed by clients (outstanding or rejected, the client's to
 * send), received (awaiting the office), or all. Overdue is open with a due date before today: `dueTo` set to
 * yesterday, so the address says which day it was counted on.
 */
export const REQUIREMENT_VIEWS = ['open', 'clientOwes', 'received', 'all'] as const;
export type RequirementView = (typeof REQUIREMENT_VIEWS)[number];

/** Sorts a team of any size has by index; the client is the application's name, shown but not sorted. */
export const REQUIREMENT_SORT_FIELDS = ['dueDate', 'type', 'status', 'statusChangedOn'] as const;

export const requirementCriteriaSchema = z
  .object({
    ...commonCriteriaShape(REQUIREMENT_SORT_FIELDS),
    view: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(REQUIREMENT_VIEWS).default('open'),
    ),
    typeOptions: listCriterion(requirementTypeSchema, REQUIREMENT_TYPES.length),
    dueFrom: dateCriterion,
    dueTo: dateCriterion,
  })
  .superRefine(rangeIssues([['dueFrom', 'dueTo']]));
export type RequirementCriteria = z.output<typeof requirementCriteriaSchema>;

export const requirementItemSchema = z.object({
  requirementId: z.number().int(),
  /** The application (New Business detail, `/b2b?case=id`). */
  applicationId: z.number().int(),
  clientName: z.string(),
  policyNo: z.string(),
  productName: z.string(),
  type: requirementTypeSchema,
  provider: requirementProviderSchema,
  mandatory: z.boolean(),
  status: requirementStatusSchema,
  dueDate: isoDate.nullable(),
  /** Whole Hong Kong days past the due date of an open item; 0 when it is not overdue. */
  daysOverdue: z.number().int(),
  /** The Hong Kong day of the last change of status. */
  statusChangedOn: isoDate,
  consultant: z.string(),
});
export type RequirementItem = z.infer<typeof requirementItemSchema>;

export const requirementList = defineList({
  name: 'requirements',
  criteria: requirementCriteriaSchema,
  item: requirementItemSchema,
  sortFields: REQUIREMENT_SORT_FIELDS,
  defaultSort: { field: 'dueDate', order: 'asc' },
  columns: [
    {
      key: 'clientName',
      kind: 'text',
      label: label('Client', '客戶', '顧客', '고객'),
      wrap: true,
      pin: 'start',
    },
    { key: 'policyNo', kind: 'text', label: label('Policy No.', '保單號碼', '証券番号', '증권 번호') },
    { key: 'productName', kind: 'text', label: label('Product', '產品', '商品', '상품'), wrap: true },
    { key: 'type', kind: 'text', label: label('Item', '項目', '項目', '항목'), wrap: true },
    { key: 'provider', kind: 'text', label: label('Owed by', '提交方', '提出者', '제출자') },
    { key: 'dueDate', kind: 'date', label: label('Due', '到期日', '期限', '기한') },
    { key: 'daysOverdue', kind: 'int', label: label('Days overdue', '逾期日數', '超過日数', '초과 일수') },
    {
      key: 'statusChangedOn',
      kind: 'date',
      label: label('Status since', '狀態日期', '状況の日付', '상태 변경일'),
    },
    { key: 'consultant', kind: 'text', label: label('Consultant', '顧問', 'コンサルタント', '컨설턴트') },
    { key: 'status', kind: 'text', label: label('Status', '狀態', '状況', '상태'), pin: 'end' },
  ],
  fileName: label('requirements', 'requirements', 'requirements', 'requirements'),
});

/** The words of the codes in the list's cells, screen and workbook alike (the web's domain catalogue says the same: a test compares them). */
export const REQUIREMENT_TYPE_LABELS: Record<RequirementType, LocalizedLabel> = {
  FNA: label('Financial needs analysis', '財務需要分析', '財務ニーズ分析', '재무 니즈 분석'),
  RPQ: label('Risk profile questionnaire', '風險承受能力問卷', 'リスク許容度質問票', '위험 성향 설문'),
  IFS_1: label(
    'Important Facts Statement, part 1',
    '重要資料聲明書（第一部分）',
    '重要事項説明書（第1部）',
    '중요 사항 설명서 (1부)',
  ),
  IFS_2: label(
    'Important Facts Statement, part 2',
    '重要資料聲明書（第二部分）',
    '重要事項説明書（第2部）',
    '중요 사항 설명서 (2부)',
  ),
  IFS_3: label(
    'Important Facts Statement, part 3',
    '重要資料聲明書（第三部分）',
    '重要事項説明書（第3部）',
    '중요 사항 설명서 (3부)',
  ),
  REPLACEMENT_DECLARATION: label('Replacement declaration', '保單轉換聲明', '乗換申告書', '계약 전환 신고서'),
  ID_PROOF: label('Proof of identity', '身份證明', '本人確認書類', '신분 증명'),
  ADDRESS_PROOF: label('Proof of address', '地址證明', '住所確認書類', '주소 증명'),
  MEDICAL: label('Medical examination', '體檢', '健康診断', '건강 검진'),
  PAYMENT_PROOF: label('Proof of payment', '付款證明', '支払証明', '납입 증명'),
  SIGNED_APPLICATION: label('Signed application form', '已簽署的申請表', '署名済み申込書', '서명된 청약서'),
};

export const REQUIREMENT_STATUS_LABELS: Record<RequirementStatus, LocalizedLabel> = {
  outstanding: label('Outstanding', '尚未提交', '未提出', '미제출'),
  received: label('Received', '已收到', '受領済み', '접수됨'),
  under_review: label('Under review', '審核中', '審査中', '검토 중'),
  accepted: label('Accepted', '已接受', '承認済み', '승인됨'),
  rejected: label('Rejected', '已退回', '差し戻し', '반려됨'),
  waived: label('Waived', '已豁免', '免除', '면제됨'),
};

export const REQUIREMENT_PROVIDER_LABELS: Record<RequirementProvider, LocalizedLabel> = {
  client: label('Client', '客戶', 'お客様', '고객'),
  producer: label('Advisor', '顧問', 'アドバイザー', '어드바이저'),
  insurer: label('Insurer', '保險公司', '保険会社', '보험사'),
};
