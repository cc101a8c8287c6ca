import { z } from 'zod';
import { decimalStringSchema } from './decimal.js';
import {
  commonCriteriaShape,
  dateCriterion,
  idSchema,
  keywordsCriterion,
  listCriterion,
  rangeIssues,
  strictInt,
} from './lists/criteria.js';
import { defineList, type LocalizedLabel } from './lists/define-list.js';
import {
  POLICY_STATUS_CODES,
  PRODUCT_CATEGORIES,
  PRODUCT_CODE_LEGEND,
  type ProductCategory,
  productTypeSchema,
} from './products.js';
import { SERVICE_STATUS_FILTERS } from './service-records.js';
import { STAGE_FILTERS, STAGES } from './stages.js';

/*
 * The three producer lists (New Business, Service Records, Clients; docs/product.md, "Producer area"), each one
 * definition. Items are named as the original front end names the rows; amounts are decimal strings and dates ISO
 * YYYY-MM-DD (decision 005).
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const label = (en: string, zh: string, ja: string, kr: string): LocalizedLabel => ({ en, zh, ja, kr });

export type ProductLegendCode = (typeof PRODUCT_CODE_LEGEND)[number];

/**
 * The product-code legend letter of a row (docs/product.md, "Product categories": P insurance plan, L investment link,
 * F fund platform, T transfer in, PB private bank, TU trust): a transfer-in application is T whatever its product;
 * general insurance and riders count as insurance plans, MPF as a fund platform.
 */
export function productLegendCode(category: ProductCategory, actionType?: string | null): ProductLegendCode {
  if (actionType === 'TI') return 'T';
  switch (category) {
    case 'IL':
      return 'L';
    case 'FD':
    case 'MPF':
      return 'F';
    case 'PB':
      return 'PB';
    case 'TU':
      return 'TU';
    default:
      return 'P';
  }
}

const legendCodeSchema = z.enum(PRODUCT_CODE_LEGEND);
const categorySchema = z.enum(PRODUCT_CATEGORIES);

// Column headers shared by several lists.
const H = {
  category: label('Category', '類別', '区分', '구분'),
  policyNo: label('Policy No.', '保單號碼', '証券番号', '증권 번호'),
  productName: label('Product', '產品', '商品', '상품'),
  clientName: label('Client', '客戶', '顧客', '고객'),
  insuredName: label('Insured', '受保人', '被保険者', '피보험자'),
  modalPremium: label('Modal Premium', '每期保費', '保険料', '회차 보험료'),
  currency: label('Currency', '貨幣', '通貨', '통화'),
  consultant: label('Consultant', '顧問', 'コンサルタント', '컨설턴트'),
};

// ---------------------------------------------------------------------------------------------------------------
// New Business: POST /b2b/new_business, GET /b2b/nb_export

export const NEW_BUSINESS_SORT_FIELDS = [
  'receivedDate',
  'commenceOn',
  'policyNo',
  'clientName',
  'insuredName',
  'productName',
  'modalPremium',
  'stage',
  'consultant',
  'category',
] as const;

export const newBusinessCriteriaSchema = z
  .object({
    ...commonCriteriaShape(NEW_BUSINESS_SORT_FIELDS),
    stage: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(STAGE_FILTERS).default('nb')),
    /** Used only with stage "select" (the options are enabled only then). */
    stageOptions: listCriterion(strictInt(1, STAGES.length), STAGES.length),
    receivedFrom: dateCriterion,
    receivedTo: dateCriterion,
    /** The last day of the client's cooling-off, once the policy is delivered (docs/producer/cases.md). */
    coolingOffFrom: dateCriterion,
    coolingOffTo: dateCriterion,
  })
  .superRefine(
    rangeIssues([
      ['receivedFrom', 'receivedTo'],
      ['coolingOffFrom', 'coolingOffTo'],
    ]),
  );
export type NewBusinessCriteria = z.output<typeof newBusinessCriteriaSchema>;

export const newBusinessItemSchema = z.object({
  caaId: z.number().int(),
  category: categorySchema,
  productCode: legendCodeSchema,
  policyNo: z.string().nullable(),
  productName: z.string(),
  clientName: z.string(),
  insuredName: z.string(),
  modalPremium: decimalStringSchema.nullable(),
  currency: z.string(),
  commenceOn: isoDate.nullable(),
  receivedDate: isoDate,
  stage: z.number().int(),
  /** Whole Hong Kong days in the current stage (decision 054) and the stage's target on the site (null: none). */
  daysInStage: z.number().int(),
  stageTargetDays: z.number().int().nullable(),
  consultant: z.string(),
});
export type NewBusinessItem = z.infer<typeof newBusinessItemSchema>;

export const newBusinessList = defineList({
  name: 'new_business',
  criteria: newBusinessCriteriaSchema,
  item: newBusinessItemSchema,
  sortFields: NEW_BUSINESS_SORT_FIELDS,
  defaultSort: { field: 'receivedDate', order: 'desc' },
  columns: [
    { key: 'productCode', kind: 'text', label: H.category },
    { key: 'policyNo', kind: 'text', label: H.policyNo },
    { key: 'productName', kind: 'text', label: H.productName, wrap: true },
    { key: 'clientName', kind: 'text', label: H.clientName, wrap: true, pin: 'start' },
    { key: 'insuredName', kind: 'text', label: H.insuredName, wrap: true },
    { key: 'modalPremium', kind: 'amount', label: H.modalPremium },
    { key: 'currency', kind: 'text', label: H.currency },
    { key: 'commenceOn', kind: 'date', label: label('Commence Date', '生效日期', '契約日', '계약일') },
    { key: 'receivedDate', kind: 'date', label: label('Received Date', '收件日期', '受付日', '접수일') },
    { key: 'stage', kind: 'int', label: label('Stage', '階段', 'ステージ', '단계'), pin: 'end' },
    {
      key: 'daysInStage',
      kind: 'int',
      label: label('Days in Stage', '階段日數', 'ステージ日数', '단계 일수'),
    },
    { key: 'consultant', kind: 'text', label: H.consultant },
  ],
  fileName: label('new-business', 'new-business', 'new-business', 'new-business'),
});

// ---------------------------------------------------------------------------------------------------------------
// Service Records: POST /b2b/service_records, GET /b2b/sr_export, GET /b2b/get_all_followup_type

export const SERVICE_RECORD_SORT_FIELDS = [
  'createdDate',
  'completedDate',
  'uniqueId',
  'policyNo',
  'clientName',
  'insuredName',
  'productName',
  'type',
  'status',
  'consultant',
  'category',
] as const;

export const serviceRecordCriteriaSchema = z
  .object({
    ...commonCriteriaShape(SERVICE_RECORD_SORT_FIELDS),
    statusOptions: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(SERVICE_STATUS_FILTERS).default('O'),
    ),
    /** Follow-up type ids (GET /b2b/get_all_followup_type); none = every type. */
    typeOptions: listCriterion(idSchema, 20),
    createdFrom: dateCriterion,
    createdTo: dateCriterion,
    completedFrom: dateCriterion,
    completedTo: dateCriterion,
  })
  .superRefine(
    rangeIssues([
      ['createdFrom', 'createdTo'],
      ['completedFrom', 'completedTo'],
    ]),
  );
export type ServiceRecordCriteria = z.output<typeof serviceRecordCriteriaSchema>;

export const serviceRecordItemSchema = z.object({
  uniqueId: z.string(),
  followupId: z.number().int(),
  category: categorySchema,
  policyNo: z.string(),
  productName: z.string(),
  clientName: z.string(),
  insuredName: z.string(),
  /** The follow-up type in the request's language. */
  type: z.string(),
  status: z.enum(['O', 'C']),
  createdDate: isoDate,
  completedDate: isoDate.nullable(),
  consultant: z.string(),
});
export type ServiceRecordItem = z.infer<typeof serviceRecordItemSchema>;

export const serviceRecordList = defineList({
  name: 'service_records',
  criteria: serviceRecordCriteriaSchema,
  item: serviceRecordItemSchema,
  sortFields: SERVICE_RECORD_SORT_FIELDS,
  defaultSort: { field: 'createdDate', order: 'desc' },
  columns: [
    {
      key: 'uniqueId',
      kind: 'text',
      label: label('Reference', '參考編號', '参照番号', '참조 번호'),
      pin: 'start',
    },
    { key: 'category', kind: 'text', label: H.category },
    { key: 'policyNo', kind: 'text', label: H.policyNo },
    { key: 'productName', kind: 'text', label: H.productName, wrap: true },
    { key: 'clientName', kind: 'text', label: H.clientName, wrap: true },
    { key: 'insuredName', kind: 'text', label: H.insuredName, wrap: true },
    { key: 'type', kind: 'text', label: label('Type', '類型', '種類', '유형') },
    { key: 'status', kind: 'text', label: label('Status', '狀態', '状況', '상태'), pin: 'end' },
    { key: 'createdDate', kind: 'date', label: label('Created', '建立日期', '作成日', '생성일') },
    { key: 'completedDate', kind: 'date', label: label('Completed', '完成日期', '完了日', '완료일') },
    { key: 'consultant', kind: 'text', label: H.consultant },
  ],
  fileName: label('service-records', 'service-records', 'service-records', 'service-records'),
});

/** GET /b2b/get_all_followup_type: `{value, type}` pairs (value = type id, type = its name in the language). */
export const followupTypeOptionSchema = z.object({ value: z.number().int(), type: z.string() });
export const followupTypeListSchema = z.array(followupTypeOptionSchema);
export type FollowupTypeOption = z.infer<typeof followupTypeOptionSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Clients: POST /b2b/clients, GET /b2b/client_export

export const CLIENT_SORT_FIELDS = [
  'clientName',
  'policyNo',
  'productName',
  'insuredName',
  'modalPremium',
  'policyStatus',
  'consultant',
  'category',
  'accountNo',
] as const;

export const clientCriteriaSchema = z.object({
  ...commonCriteriaShape(CLIENT_SORT_FIELDS),
  excludePolicyStatus: listCriterion(z.enum(POLICY_STATUS_CODES), POLICY_STATUS_CODES.length),
  /** Fund code or name held in the plan. */
  fundKeywords: keywordsCriterion,
  clientProductType: listCriterion(productTypeSchema, 7),
  /**
   * Plans whose owner has a birthday in the Monday-to-Sunday week holding this day (birthMonthDaysOfWeek): the home's
   * birthday figure counts those owners.
   */
  birthdayWeekOf: dateCriterion,
});
export type ClientCriteria = z.output<typeof clientCriteriaSchema>;

export const clientItemSchema = z.object({
  /** The client-account-plan row id: the plan's id (client detail, documents). */
  capId: z.number().int(),
  /** The plan owner's id: the client of GET /b2b/clients/{id}/performance (the detail's chart). */
  clientId: z.number().int(),
  category: categorySchema,
  /** Product-code legend letter (P, L, F, T, PB, TU). */
  sourceTypeT: legendCodeSchema,
  clientName: z.string(),
  clientNo: z.string(),
  policyNo: z.string(),
  productName: z.string(),
  insuredName: z.string(),
  modalPremium: decimalStringSchema.nullable(),
  currency: z.string(),
  policyStatusCode: z.enum(POLICY_STATUS_CODES),
  /** The status in the request's language. */
  policyStatus: z.string(),
  consultant: z.string(),
  /** The plan's statement account (documents tree, statements); null when it has none. */
  accountNo: z.string().nullable(),
  /** The statement account's id (the party id of /statement/{id}.pdf); null when it has none. */
  stmtId: z.number().int().nullable(),
});
export type ClientItem = z.infer<typeof clientItemSchema>;

export const clientList = defineList({
  name: 'clients',
  criteria: clientCriteriaSchema,
  item: clientItemSchema,
  sortFields: CLIENT_SORT_FIELDS,
  defaultSort: { field: 'clientName', order: 'asc' },
  columns: [
    { key: 'sourceTypeT', kind: 'text', label: H.category },
    { key: 'clientName', kind: 'text', label: H.clientName, wrap: true, pin: 'start' },
    { key: 'clientNo', kind: 'text', label: label('Client ID', '客戶編號', '顧客ID', '고객 ID') },
    { key: 'policyNo', kind: 'text', label: H.policyNo },
    { key: 'productName', kind: 'text', label: H.productName, wrap: true },
    { key: 'insuredName', kind: 'text', label: H.insuredName, wrap: true },
    { key: 'modalPremium', kind: 'amount', label: H.modalPremium },
    { key: 'currency', kind: 'text', label: H.currency },
    {
      key: 'policyStatus',
      kind: 'text',
      label: label('Policy Status', '保單狀態', '契約状況', '계약 상태'),
      pin: 'end',
    },
    { key: 'accountNo', kind: 'text', label: label('Account No.', '帳戶號碼', '口座番号', '계좌 번호') },
    { key: 'consultant', kind: 'text', label: H.consultant },
  ],
  fileName: label('clients', 'clients', 'clients', 'clients'),
});

/** Every producer list, by the name its export and URL state use. */
export const PRODUCER_LISTS = { newBusinessList, serviceRecordList, clientList } as const;
