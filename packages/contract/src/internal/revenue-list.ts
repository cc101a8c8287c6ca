import { z } from 'zod';
import { decimalStringSchema } from '../decimal.js';
import {
  dateCriterion,
  idSchema,
  listCriterion,
  optionalCriterion,
  pagingCriteriaShape,
  rangeIssues,
} from '../lists/criteria.js';
import { defineList, type LocalizedLabel } from '../lists/define-list.js';
import { siteCodeSchema } from '../sites.js';

/*
 * The staff revenue index (docs/internal/README.md, and docs/internal/staff-area-plan.md (a)): `POST
 * /internal/revenues/search` with these criteria → the list mechanism's `{ items, totalSize, totalIsLowerBound }`. It
 * is where a delete returns to. Staff see the revenues of every site (the group's one back office, plan (g3)).
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const label = (en: string, zh: string, ja: string, kr: string): LocalizedLabel => ({ en, zh, ja, kr });

/** The commission type codes a revenue may carry (the column's check allows 1–3 capital letters). */
export const commissionTypeSchema = z.string().regex(/^[A-Z]{1,3}$/);

/** Settled state of a revenue's pay-in: every instalment settled, some money received, or nothing yet. */
export const REVENUE_SETTLED_STATES = ['settled', 'partly', 'outstanding'] as const;
export type RevenueSettledState = (typeof REVENUE_SETTLED_STATES)[number];

/** The settled-state filter; "all" is the default. */
export const REVENUE_SETTLED_FILTERS = ['all', 'settled', 'partly', 'outstanding'] as const;

export const REVENUE_SORT_FIELDS = [
  'refNo',
  'payinEffectiveDate',
  'bankInOn',
  'totalPayinAmount',
  'commissionType',
  'providerName',
] as const;

export const revenueListCriteriaSchema = z
  .object({
    /** `keywords` matches ref no., account no., plan no. or a client's name (contains, case-insensitive). */
    ...pagingCriteriaShape(REVENUE_SORT_FIELDS),
    commissionType: listCriterion(commissionTypeSchema, 10),
    serviceCompanyId: optionalCriterion(idSchema),
    /** The site the revenue belongs to (staff see every site's revenues). */
    siteCode: optionalCriterion(siteCodeSchema),
    settledState: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z.enum(REVENUE_SETTLED_FILTERS).default('all'),
    ),
    /** On the pay-in effective date. */
    dateFrom: dateCriterion,
    dateTo: dateCriterion,
  })
  .superRefine(rangeIssues([['dateFrom', 'dateTo']]));
export type RevenueListCriteria = z.output<typeof revenueListCriteriaSchema>;

export const revenueListItemSchema = z.object({
  revenueId: z.number().int(),
  siteCode: z.string(),
  refNo: z.string(),
  accountNo: z.string().nullable(),
  policyNo: z.string().nullable(),
  providerName: z.string().nullable(),
  serviceCompanyName: z.string(),
  commissionType: z.string(),
  receivedCurrency: z.string(),
  totalPayinAmount: decimalStringSchema,
  totalPayoutAmount: decimalStringSchema,
  totalSettledPayinAmount: decimalStringSchema,
  payinEffectiveDate: isoDate.nullable(),
  bankInOn: isoDate.nullable(),
  settledState: z.enum(REVENUE_SETTLED_STATES),
  isOrphanCase: z.boolean(),
  join_seq_no: z.number().int().nullable(),
});
export type RevenueListItem = z.infer<typeof revenueListItemSchema>;

export const revenueList = defineList({
  name: 'revenues',
  criteria: revenueListCriteriaSchema,
  item: revenueListItemSchema,
  sortFields: REVENUE_SORT_FIELDS,
  defaultSort: { field: 'refNo', order: 'desc' },
  // Short headers: the twelve columns fit a 1366 px screen without a sideways scroll (the site and the orphan flag
  // are badges under the ref no., not columns of their own); on a narrower one the ref no. and the status stay put.
  columns: [
    {
      key: 'refNo',
      kind: 'text',
      label: label('Ref No.', '參考編號', '参照番号', '참조 번호'),
      pin: 'start',
    },
    { key: 'commissionType', kind: 'text', label: label('Type', '類型', '種別', '유형') },
    { key: 'accountNo', kind: 'text', label: label('Account', '帳戶', '口座', '계좌') },
    { key: 'policyNo', kind: 'text', label: label('Policy', '保單', '証券', '증권') },
    {
      key: 'providerName',
      kind: 'text',
      label: label('Provider', '供應商', 'プロバイダー', '공급사'),
      wrap: true,
    },
    { key: 'receivedCurrency', kind: 'text', label: label('Currency', '貨幣', '通貨', '통화') },
    { key: 'totalPayinAmount', kind: 'amount', label: label('Pay-in', '收入', '入金', '입금') },
    { key: 'totalSettledPayinAmount', kind: 'amount', label: label('Settled', '已結算', '精算済', '정산됨') },
    { key: 'totalPayoutAmount', kind: 'amount', label: label('Pay-out', '支出', '支払', '지급') },
    { key: 'payinEffectiveDate', kind: 'date', label: label('Effective', '生效日', '発効日', '발효일') },
    { key: 'bankInOn', kind: 'date', label: label('Bank-in', '入帳日', '入金日', '입금일') },
    { key: 'settledState', kind: 'text', label: label('Status', '狀態', '状況', '상태'), pin: 'end' },
  ],
  fileName: label('revenues', 'revenues', 'revenues', 'revenues'),
});

/**
 * `GET /internal/revenues/options`: what the index's filters offer, read from the database — every service company
 * (by name) and the commission type codes the revenues carry (by code).
 */
export const revenueListOptionsSchema = z.object({
  serviceCompanies: z.array(z.object({ id: z.number().int(), name: z.string() })),
  commissionTypes: z.array(commissionTypeSchema),
});
export type RevenueListOptions = z.infer<typeof revenueListOptionsSchema>;
