import { z } from 'zod';
import { decimalStringSchema } from './decimal.js';
import {
  booleanCriterion,
  dateCriterion,
  idSchema,
  optionalCriterion,
  rangeIssues,
  strictInt,
} from './lists/criteria.js';
import type { ListColumn } from './lists/define-list.js';
import { safeText } from './text.js';

/*
 * The commission ledger (docs/producer/commission-ledger.md, decision 055): every commission line of a producer from
 * projected to paid, the clawback exposure of their in-window policies, and the disputes they raise on a line.
 *   GET  /b2b/commission-ledger?from&to&stage&page&sizePerPage   → CommissionLedgerPage
 *   GET  /b2b/commission-ledger/export?from&to&stage             → the same lines as an Excel file
 *   GET  /b2b/clawback-exposure                                  → ClawbackExposure
 *   POST /b2b/commission-disputes { ledgerLineId, reason, comment } → { id }
 *   GET  /internal/commission-disputes?status&page               → the staff reconciliation list
 *   PATCH /internal/commission-disputes/{id}                       → the dispute after the change
 */

/** A line's stage: projected (pending application), expected (pay-out due), received (pay-in), paid, chargeback. */
export const LEDGER_STAGES = ['projected', 'expected', 'received', 'paid', 'chargeback'] as const;
export type LedgerStage = (typeof LEDGER_STAGES)[number];

/** What a line was made from (its source record), so a line can always be traced back. */
export const LEDGER_SOURCE_KINDS = [
  'application',
  'payout_record',
  'payin_settlement',
  'payout_settlement',
  'lapse',
  'adjustment',
] as const;
export type LedgerSourceKind = (typeof LEDGER_SOURCE_KINDS)[number];

/** Every amount of the ledger's totals and exposure is converted to this currency with the stored FX rates. */
export const LEDGER_REPORTING_CURRENCY = 'USD';

/** Policy statuses that claw commission back: lapse and surrender. */
export const CLAWBACK_STATUSES = ['LAP', 'SUR'] as const;

export const LEDGER_PAGE_SIZE_MAX = 100;

export const commissionLedgerQuerySchema = z
  .object({
    from: dateCriterion,
    to: dateCriterion,
    stage: optionalCriterion(z.enum(LEDGER_STAGES)),
    page: strictInt(1, 100_000).default(1),
    sizePerPage: strictInt(1, LEDGER_PAGE_SIZE_MAX).default(20),
    /** The producer chosen from the team tree (else the caller); with or without their team (default with). */
    selectedProducerId: optionalCriterion(idSchema),
    includedTeam: optionalCriterion(booleanCriterion),
  })
  .superRefine(rangeIssues([['from', 'to']]));
export type CommissionLedgerQuery = z.input<typeof commissionLedgerQuerySchema>;

export const ledgerLineSchema = z.object({
  id: z.number().int(),
  /** The plan number (an application's policy number once the provider gave one); null for a pending application without one. */
  policyNo: z.string().nullable(),
  stage: z.enum(LEDGER_STAGES),
  /** In the line's own currency (the revenue's or the application's); negative for a chargeback. */
  amount: decimalStringSchema,
  currency: z.string(),
  /** The amount in the reporting currency, at the stored FX rate of the line's date. */
  reportingAmount: decimalStringSchema,
  /** YYYY-MM-DD: the day the line is expected, received, paid or clawed back. */
  date: z.string(),
  producerId: z.number().int(),
  producerCode: z.string(),
  producerName: z.string(),
  insurerCode: z.string().nullable(),
  sourceKind: z.enum(LEDGER_SOURCE_KINDS),
  sourceId: z.number().int(),
  /** Why a chargeback or an adjustment was made. */
  reason: z.string().nullable(),
  /** The open dispute of the line, when there is one. */
  disputeStatus: z.string().nullable(),
});
export type LedgerLine = z.infer<typeof ledgerLineSchema>;

export const ledgerTotalsSchema = z.object({
  projected: decimalStringSchema,
  expected: decimalStringSchema,
  received: decimalStringSchema,
  paid: decimalStringSchema,
  chargeback: decimalStringSchema,
});
export type LedgerTotals = z.infer<typeof ledgerTotalsSchema>;

const ledgerGroupSchema = z.object({ key: z.string(), label: z.string(), totals: ledgerTotalsSchema });

export const commissionLedgerPageSchema = z.object({
  data: z.array(ledgerLineSchema),
  /** Over every line of the criteria (not the page), in the reporting currency. */
  totals: ledgerTotalsSchema,
  currency: z.literal(LEDGER_REPORTING_CURRENCY),
  totalSize: z.number().int().nonnegative(),
  /** The same totals by month (YYYY-MM), by insurer and by producer. */
  byMonth: z.array(ledgerGroupSchema),
  byInsurer: z.array(ledgerGroupSchema),
  byProducer: z.array(ledgerGroupSchema),
});
export type CommissionLedgerPage = z.infer<typeof commissionLedgerPageSchema>;

/** Lines of the exposure answered at most (the total covers every one). */
export const CLAWBACK_EXPOSURE_MAX_LINES = 500;

export const clawbackExposureQuerySchema = z.object({
  selectedProducerId: optionalCriterion(idSchema),
  includedTeam: optionalCriterion(booleanCriterion),
});

export const clawbackExposureLineSchema = z.object({
  policyNo: z.string(),
  producerCode: z.string(),
  /** What would be clawed back if the policy lapsed today, in the reporting currency. */
  amountAtRisk: decimalStringSchema,
  /** The commission paid on the policy the rule applies to, in the reporting currency. */
  paidCommission: decimalStringSchema,
  /** The rule's percentage today (100, 50, …). */
  clawbackPercent: decimalStringSchema,
  /** YYYY-MM-DD: the last day any clawback applies. */
  windowEndsOn: z.string(),
  /** The plan's payment status (OVERDUE first: missing premiums are the likeliest lapses). */
  paymentStatus: z.string().nullable(),
});
export const clawbackExposureSchema = z.object({
  total: decimalStringSchema,
  /** In-window policies in all; `data` holds the first CLAWBACK_EXPOSURE_MAX_LINES of them. */
  totalSize: z.number().int().nonnegative(),
  currency: z.literal(LEDGER_REPORTING_CURRENCY),
  data: z.array(clawbackExposureLineSchema),
});
export type ClawbackExposure = z.infer<typeof clawbackExposureSchema>;

/** Why a producer disputes a line. */
export const DISPUTE_REASONS = ['missing', 'wrong_amount', 'wrong_producer'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
/** A dispute's life: open → investigating → resolved (with an adjustment) or rejected (with a reason). */
export const DISPUTE_STATUSES = ['open', 'investigating', 'resolved', 'rejected'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
/** Statuses a dispute can still leave. */
export const LIVE_DISPUTE_STATUSES = ['open', 'investigating'] as const;

export const commissionDisputeCreateSchema = z.object({
  ledgerLineId: idSchema,
  reason: z.enum(DISPUTE_REASONS),
  comment: safeText().trim().min(1).max(2000),
});
export type CommissionDisputeCreate = z.input<typeof commissionDisputeCreateSchema>;
export const commissionDisputeCreatedSchema = z.object({ id: z.number().int() });

export const commissionDisputeListQuerySchema = z.object({
  status: optionalCriterion(z.enum(DISPUTE_STATUSES)),
  page: strictInt(1, 100_000).default(1),
  sizePerPage: strictInt(1, LEDGER_PAGE_SIZE_MAX).default(20),
});

export const disputeEventSchema = z.object({
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  note: z.string().nullable(),
});

export const commissionDisputeSchema = z.object({
  id: z.number().int(),
  ledgerLineId: z.number().int().nullable(),
  policyNo: z.string().nullable(),
  stage: z.enum(LEDGER_STAGES),
  amount: decimalStringSchema,
  currency: z.string(),
  producerCode: z.string(),
  producerName: z.string(),
  reason: z.enum(DISPUTE_REASONS),
  comment: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  assignedStaffId: z.number().int().nullable(),
  assignedStaffName: z.string().nullable(),
  resolution: z.string().nullable(),
  adjustmentAmount: decimalStringSchema.nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  events: z.array(disputeEventSchema),
});
export type CommissionDispute = z.infer<typeof commissionDisputeSchema>;

export const commissionDisputeListSchema = z.object({
  data: z.array(commissionDisputeSchema),
  totalSize: z.number().int().nonnegative(),
});

/** A signed amount of 2 decimals at most, as typed: "-12.50", "300". */
export const adjustmentAmountSchema = z
  .string()
  .trim()
  .regex(/^-?\d{1,15}(\.\d{1,2})?$/, 'invalidAmount')
  .refine((value) => Number(value) !== 0, 'invalidAmount');

export const commissionDisputePatchSchema = z
  .object({
    /** The version read: a stale edit is refused (409), so two staff members cannot overwrite each other. */
    version: strictInt(1, 1_000_000),
    status: z.enum(DISPUTE_STATUSES).optional(),
    /** Assign to a staff member (null to unassign). */
    assignedStaffId: z.union([idSchema, z.null()]).optional(),
    /** Required to reject; the adjustment's reason when resolving. */
    resolution: safeText().trim().min(1).max(2000).optional(),
    /** Required to resolve: the signed amount added to the producer's ledger, in the line's currency. */
    adjustmentAmount: adjustmentAmountSchema.optional(),
    note: safeText().trim().min(1).max(2000).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'resolved' && value.adjustmentAmount === undefined)
      ctx.addIssue({ code: 'custom', path: ['adjustmentAmount'], message: 'required' });
    if (value.status === 'rejected' && value.resolution === undefined)
      ctx.addIssue({ code: 'custom', path: ['resolution'], message: 'required' });
    if (value.adjustmentAmount !== undefined && value.status !== 'resolved')
      ctx.addIssue({ code: 'custom', path: ['adjustmentAmount'], message: 'onlyWhenResolving' });
  });
export type CommissionDisputePatch = z.input<typeof commissionDisputePatchSchema>;
export const disputeParamsSchema = z.object({ id: idSchema });

/** The ledger's Excel export (the export path of the producer lists): its columns and file name per language. */
export const commissionLedgerExport = {
  fileName: { en: 'commission-ledger', zh: '佣金明細帳', ja: '手数料台帳', kr: '수수료원장' },
  columns: [
    { key: 'date', kind: 'date', label: { en: 'Date', zh: '日期', ja: '日付', kr: '일자' } },
    { key: 'stage', kind: 'text', label: { en: 'Stage', zh: '階段', ja: '段階', kr: '단계' } },
    {
      key: 'policyNo',
      kind: 'text',
      label: { en: 'Policy no.', zh: '保單號碼', ja: '証券番号', kr: '증권번호' },
    },
    {
      key: 'producerCode',
      kind: 'text',
      label: { en: 'Advisor code', zh: '顧問編號', ja: 'アドバイザーコード', kr: '어드바이저 코드' },
    },
    {
      key: 'insurerCode',
      kind: 'text',
      label: { en: 'Insurer', zh: '保險公司', ja: '保険会社', kr: '보험사' },
    },
    { key: 'currency', kind: 'text', label: { en: 'Currency', zh: '貨幣', ja: '通貨', kr: '통화' } },
    { key: 'amount', kind: 'amount', label: { en: 'Amount', zh: '金額', ja: '金額', kr: '금액' } },
    {
      key: 'reportingAmount',
      kind: 'amount',
      label: { en: 'Amount (USD)', zh: '金額 (USD)', ja: '金額 (USD)', kr: '금액 (USD)' },
    },
    { key: 'reason', kind: 'text', label: { en: 'Reason', zh: '原因', ja: '理由', kr: '사유' } },
  ],
} as const satisfies { fileName: Record<string, string>; columns: readonly ListColumn[] };
