import { z } from 'zod';
import { decimalStringSchema } from '../client-area.js';
import { idSchema, strictInt } from '../lists/criteria.js';

/*
 * The staff revenue detail (docs/internal/README.md; docs/internal/staff-area-plan.md (a)). Field names as the
 * original front end spells them (including its snake_case ones). Money, rates and percentages are decimal strings
 * (rates as stored, 8 dp), dates ISO YYYY-MM-DD.
 */

const decimal = decimalStringSchema;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const idName = z.object({ id: z.number().int(), name: z.string() });

/** The pay modes of pay-out records; the Particular view filters by one of them. */
export const PAY_MODES = ['BANK', 'CHEQUE'] as const;
export type PayMode = (typeof PAY_MODES)[number];

/**
 * How the provider pays a revenue's commission in (the header's pay-in mode), stored as a code and worded by the
 * server in the request's language (decision 012). The revenue's own `payMode` is a payment frequency
 * (`PAYMENT_FREQUENCIES`: M, Q, H, A, S), the premium frequency the commission follows.
 */
export const PAYIN_MODES = ['BANK_TRANSFER', 'OFFSET', 'CHEQUE', 'AUTOPAY'] as const;
export type PayinMode = (typeof PAYIN_MODES)[number];

/** The Particular view shows one pay-out record per page (docs/internal/README.md, "Pay-out › Particular"). */
export const PAYOUT_RECORDS_PER_PAGE = 1;

/** Path parameter `{id}` of the revenue routes. */
export const revenueParamsSchema = z.object({ id: idSchema });

export const revenueHeaderSchema = z.object({
  revenueId: z.number().int(),
  commissionType: z.string(),
  receivedCurrency: z.string(),
  providerExchangeRate: decimal,
  serviceCompany: idName,
  totalPayinAmount: decimal,
  payinEffectiveDate: isoDate.nullable(),
  refNo: z.string(),
  accountNo: z.string().nullable(),
  policy: z.object({ id: z.number().int(), planNo: z.string(), currency: z.string() }).nullable(),
  premiumDate: isoDate.nullable(),
  /** Null unless the commission type is C. */
  lapseSurrenderOn: isoDate.nullable(),
  /** The pay-in mode's words in the request's language (stored as a `PAYIN_MODES` code). */
  payinMode: z.string().nullable(),
  totalPayoutAmount: decimal,
  payoutEffectiveDate: isoDate.nullable(),
  /** Null unless the revenue is part of a split case. */
  join_seq_no: z.number().int().nullable(),
  /** Revenue start month. */
  cutoffOn: isoDate.nullable(),
  bankInOn: isoDate.nullable(),
  grossProfit: decimal.nullable(),
  grossProfitPercentage: decimal.nullable(),
  upfrontWrapFee: decimal.nullable(),
  contributionAmount: decimal.nullable(),
  isContributionAmountFloat: z.boolean(),
  combinedContributionAmount: decimal.nullable(),
  originalContributionAmount: decimal.nullable(),
  /** The product category's words in the request's language (stored as its category code). */
  productRecordType: z.string().nullable(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  /** `type`: the item type's words in the request's language (stored as BASIC or RIDER). */
  policyItem: z
    .object({ type: z.string(), commenceOn: isoDate.nullable(), modalPremium: decimal.nullable() })
    .nullable(),
  /** The payment frequency's words in the request's language (stored as a `PAYMENT_FREQUENCIES` code). */
  payMode: z.string().nullable(),
  term: z.number().int().nullable(),
  clients: z.array(idName),
  salesCampaign: z.string().nullable(),
  isOrphanCase: z.boolean(),
  editable: z.boolean(),
  deletable: z.boolean(),
  /** updatedAt as ISO: the version an edit sends back for its optimistic check. */
  version: z.string(),
});
export type RevenueHeader = z.infer<typeof revenueHeaderSchema>;

export const revenueSummarySchema = z.object({
  description: z.string().nullable(),
  internalRemark: z.string().nullable(),
  totalInstallmentNo: z.number().int(),
  payinTotalRate: decimal,
  noOfSettled: z.number().int(),
  totalEntitledPayinAmount: decimal,
  totalSettledPayinAmount: decimal,
  totalOutstandingPayinAmount: decimal,
  showBadge: z.boolean(),
  payouts: z.array(
    z.object({
      producerId: z.number().int(),
      producerName: z.string(),
      totalRate: decimal,
      payAmount: decimal,
    }),
  ),
  payoutTotalRate: decimal,
  totalPayAmount: decimal,
  totalSettledAmount: decimal,
  totalOutstandingAmount: decimal,
});
export type RevenueSummary = z.infer<typeof revenueSummarySchema>;

export const payinSettlementSchema = z.object({
  refNo: z.string(),
  cutoffOn: isoDate,
  actualReceiveOn: isoDate,
  settledAmount: decimal,
});

export const payinItemSchema = z.object({
  installmentNo: z.number().int(),
  projectedReceiveOn: isoDate,
  groupPayinRate: decimal,
  totalPayAmount: decimal,
  totalSettledAmount: decimal,
  totalOutstandingAmount: decimal,
  fullySettled: z.boolean(),
  settlementList: z.array(payinSettlementSchema),
});

export const payinRateSchema = z.object({
  rate: decimal,
  annualBonus: decimal.nullable(),
  singleTopup: decimal.nullable(),
  payTerm: z.number().int().nullable(),
  renewal: decimal.nullable(),
  issueAge: z.number().int().nullable(),
  trail: decimal.nullable(),
  sumInsured: decimal.nullable(),
  effectiveDate: isoDate,
});

export const revenuePayinSchema = z.object({
  items: z.array(payinItemSchema),
  totalPayinPercent: decimal,
  /** The latest rate in effect today (Hong Kong), or null when none is yet. */
  rate: payinRateSchema.nullable(),
});
export type RevenuePayin = z.infer<typeof revenuePayinSchema>;

const rateLine = z.object({ label: z.string(), rate: z.string() });

export const overallPayoutSchema = z.object({
  producerId: z.number().int(),
  producerName: z.string(),
  totalRate: decimal,
  payoutRatePopup: z.object({ rateInfo: z.array(rateLine), overrideRateInfo: z.array(rateLine) }),
  payoutEffectiveDate: isoDate.nullable(),
  settlementInfo: z.object({
    timeline: z.array(z.object({ ref_no: z.string(), bank_in_on: isoDate, settled_amount: decimal })),
    payAmount: decimal,
    revenueMonth: isoDate.nullable(),
  }),
});

export const revenuePayoutSchema = z.object({
  totalInstallmentNo: z.number().int(),
  totalEntitledPayoutAmount: decimal,
  totalSettledPayoutAmount: decimal,
  totalOutstandingPayoutAmount: decimal,
  /** Worded by the server in the request's language, e.g. "3 instalments, 1 settled". */
  installmentInfoTitle: z.string(),
  overallPayouts: z.array(overallPayoutSchema),
  /** The Particular view's filter options. */
  payModes: z.array(z.enum(PAY_MODES)),
});
export type RevenuePayout = z.infer<typeof revenuePayoutSchema>;

/** `GET /internal/revenues/{id}`: the one document behind the detail's header and its three tabs. */
export const revenueDetailSchema = z.object({
  revenue: revenueHeaderSchema,
  summary: revenueSummarySchema,
  payin: revenuePayinSchema,
  payout: revenuePayoutSchema,
});
export type RevenueDetail = z.infer<typeof revenueDetailSchema>;

/** `GET /internal/revenues/payout_record/{id}?pay_mode=&page=`: blank or absent pay_mode is every mode. */
export const payoutRecordsQuerySchema = z.object({
  pay_mode: z.preprocess((value) => (value === '' ? undefined : value), z.enum(PAY_MODES).optional()),
  /** 0-based, canonical integer ("01", "-1", "1e1" refused); blank (the original front end's `page=`) is the first
   * page.
   */
  page: z.preprocess((value) => (value === '' ? undefined : value), strictInt(0, 2 ** 31 - 1).default(0)),
});
export type PayoutRecordsQuery = z.infer<typeof payoutRecordsQuerySchema>;

export const payoutRecordSchema = z.object({
  recordId: z.number().int(),
  producer: idName,
  dueDate: isoDate,
  installmentNo: z.number().int(),
  payMode: z.string(),
  payOutAmount: decimal,
});

export const payoutRecordsResponseSchema = z.object({
  payoutRecords: z.array(payoutRecordSchema),
  /** Σ of every record matching the filter (not only this page's). */
  payOutAmount: decimal,
  totalSize: z.number().int(),
});
export type PayoutRecordsResponse = z.infer<typeof payoutRecordsResponseSchema>;
