import { z } from 'zod';
import {
  calendarMonthSchema,
  commonCriteriaShape,
  dateCriterion,
  listCriterion,
  optionalCriterion,
  rangeIssues,
  strictInt,
} from '../lists/criteria.js';
import {
  EXCLUDE_STATUS_OPTIONS,
  excludeStatusSchema,
  POLICY_STATUS_CODES,
  productTypeSchema,
} from '../products.js';
import {
  FOLLOWUP_TYPE_MISSING_PREMIUM,
  FOLLOWUP_TYPE_RENEWAL,
  serviceTypeSchema,
} from '../service-records.js';
import { REPORT_TYPES, type ReportType, reportDateTypeSchema } from './report-types.js';

/*
 * The Reports form (docs/reports.md): one set of fields for every report type. A report reads only the filters it
 * declares (ReportDefinition.filters); the others are accepted and ignored, because the original front end sends the
 * whole form (cleared fields as "") whatever the type. Every field is still validated: a malformed value is a 400 field
 * error even where the chosen report would ignore it.
 */

export const FOLLOWUP_TYPE_OPTIONS = [FOLLOWUP_TYPE_MISSING_PREMIUM, FOLLOWUP_TYPE_RENEWAL] as const;

/** Expiry years offered (docs/product.md, "Formats and limits": last year to six years ahead); wider years are refused,
 * not clamped.
 */
export const EXPIRY_YEAR_MIN = 1990;
export const EXPIRY_YEAR_MAX = 2200;

const month = calendarMonthSchema;
const year = strictInt(EXPIRY_YEAR_MIN, EXPIRY_YEAR_MAX);

/** The report filter fields (docs/reports.md), all optional until a report's defaults fill them. */
export const reportFilterShape = {
  dateType: optionalCriterion(reportDateTypeSchema),
  dateFrom: dateCriterion,
  dateTo: dateCriterion,
  excludeStatus: listCriterion(excludeStatusSchema, EXCLUDE_STATUS_OPTIONS.length),
  status: optionalCriterion(z.enum(POLICY_STATUS_CODES)),
  productType: optionalCriterion(productTypeSchema),
  /** Birthday month (type 6). */
  month: optionalCriterion(month),
  followupType: optionalCriterion(
    z.preprocess(
      (value) => (typeof value === 'string' && /^[0-9]$/.test(value) ? Number(value) : value),
      z.union([z.literal(FOLLOWUP_TYPE_MISSING_PREMIUM), z.literal(FOLLOWUP_TYPE_RENEWAL)]),
    ),
  ),
  /** Service type D / N / T. */
  type: optionalCriterion(serviceTypeSchema),
  expiryFromYear: optionalCriterion(year),
  expiryFromMonth: optionalCriterion(month),
  expiryToYear: optionalCriterion(year),
  expiryToMonth: optionalCriterion(month),
};

export type ReportFilterField = keyof typeof reportFilterShape;

export const reportTypeCriterion = z.preprocess(
  (value) => (typeof value === 'string' && /^(0|[1-9]\d{0,3})$/.test(value) ? Number(value) : value),
  z
    .number()
    .int()
    .refine((n): n is ReportType => (REPORT_TYPES as readonly number[]).includes(n), 'unknownReportType'),
) as unknown as z.ZodType<ReportType, unknown>;

type ExpiryRange = {
  expiryFromYear?: number | undefined;
  expiryFromMonth?: number | undefined;
  expiryToYear?: number | undefined;
  expiryToMonth?: number | undefined;
};

/** An expiry range whose start (year, month) is after its end is a field error on the end year. */
export function expiryRangeIssue(value: ExpiryRange, ctx: z.RefinementCtx): void {
  const { expiryFromYear: fy, expiryFromMonth: fm, expiryToYear: ty, expiryToMonth: tm } = value;
  if (fy === undefined || ty === undefined) return;
  if (fy * 12 + (fm ?? 1) > ty * 12 + (tm ?? 12)) {
    ctx.addIssue({ code: 'custom', path: ['expiryToYear'], message: 'dateRangeReversed' });
  }
}

/**
 * The criteria of one report: the common list criteria with the report's own sort allowlist, the report type, and
 * every report filter field.
 */
export function reportCriteriaSchema<const F extends readonly [string, ...string[]]>(sortFields: F) {
  return z
    .object({ ...commonCriteriaShape(sortFields), reportType: reportTypeCriterion, ...reportFilterShape })
    .superRefine(rangeIssues([['dateFrom', 'dateTo']]))
    .superRefine(expiryRangeIssue);
}

/** The report filters as a report receives them once parsed (each report reads the fields it declares). */
export type ReportForm = z.output<z.ZodObject<typeof reportFilterShape>>;
