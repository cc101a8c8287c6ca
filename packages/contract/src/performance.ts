import { z } from 'zod';
import { decimalStringSchema } from './decimal.js';
import { CURRENCIES } from './product-codes.js';

/*
 * Performance over time (docs/performance-reporting.md): GET /b2c/performance (client) and
 * GET /b2b/clients/:clientId/performance (producer, team scope). Returns are decimal strings with 4 decimals
 * ("0.0734" = 7.34 %), amounts with 2, dates YYYY-MM-DD.
 */

/** A real calendar date, YYYY-MM-DD (2026-02-30 is refused, not rolled over into March). */
export const calendarDateSchema = z.string().refine((value) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && value >= '1900-01-01';
}, 'invalidDate');

export const PERFORMANCE_PRESETS = ['ytd', '1y', '3y', '5y', 'inception'] as const;
export type PerformancePreset = (typeof PERFORMANCE_PRESETS)[number];

export const performanceQuerySchema = z
  .object({
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    /** One plan; without it the whole portfolio. */
    planNo: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,39}$/)
      .optional(),
    /** One statement account (party id) — a plan's POLICY account or a CONSOLIDATE account's plans. */
    partyId: z
      .string()
      .regex(/^[1-9]\d{0,14}$/)
      .optional(),
    /** Reporting currency; default the plan's own, USD for several plans. */
    currency: z.enum(CURRENCIES).optional(),
    /** A named range ending at `to` (or the latest month end); `from` wins when both are given. */
    preset: z.enum(PERFORMANCE_PRESETS).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'dateRangeReversed' })
  .refine((q) => !(q.planNo && q.partyId), { path: ['partyId'], message: 'notAllowed' });
export type PerformanceQuery = z.infer<typeof performanceQuerySchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const decimal = decimalStringSchema;

/** Why a figure is missing or must be read with care; the web says it in words. */
export const PERFORMANCE_NOTES = [
  'noValuations',
  'capitalNotPositive',
  'noRate',
  'startsAfterFrom',
  'endsBeforeTo',
  'surrendered',
] as const;
export type PerformanceNote = (typeof PERFORMANCE_NOTES)[number];

export const DIFFERENCE_REASONS = [
  'noFlows',
  'similar',
  'addedBeforeFall',
  'addedBeforeRise',
  'withdrewBeforeRise',
  'withdrewBeforeFall',
] as const;

export const performanceResponseSchema = z.object({
  /** The range measured: `from` is the first day after the start valuation, `to` the last valuation's date. */
  from: isoDate,
  to: isoDate,
  currency: z.enum(CURRENCIES),
  /** Time-weighted (chain-linked Modified Dietz per month); null when it cannot be measured (see `notes`). */
  twr: decimal.nullable(),
  /** Money-weighted (XIRR of the flows, start and end values). */
  mwr: decimal.nullable(),
  /** True when the range is longer than a year and both returns are annual rates. */
  annualised: z.boolean(),
  startValue: decimal,
  endValue: decimal,
  netFlows: decimal,
  /** endValue − startValue − netFlows. */
  gain: decimal,
  /** One point per month end (the start valuation first), with that month's net flows. */
  series: z.array(z.object({ date: isoDate, value: decimal, netFlows: decimal })),
  /** The dated flows of the range: positive put in, negative taken out; they add up to netFlows. */
  flows: z.array(z.object({ date: isoDate, amount: decimal })),
  benchmark: z
    .object({
      name: z.string(),
      /** Over the same range, annualised exactly when twr is. */
      return: decimal,
      /** The index rebased to the start value, one point per month end. */
      series: z.array(z.object({ date: isoDate, value: decimal })),
    })
    .nullable(),
  /** Why TWR and MWR differ, with the facts a sentence needs. */
  difference: z
    .object({
      reason: z.enum(DIFFERENCE_REASONS),
      largestFlow: z.object({ date: isoDate, amount: decimal }).nullable(),
      returnAfterLargestFlow: decimal.nullable(),
    })
    .nullable(),
  notes: z.array(z.enum(PERFORMANCE_NOTES)),
  /** The whole history available: first month end and latest, for range pickers. */
  available: z.object({ from: isoDate, to: isoDate }).nullable(),
  /** Plans measured (plan numbers). */
  plans: z.array(z.string()),
  /**
   * The client's consolidated statement accounts covering any of the plans measured, by account number: the
   * choices a screen offers between one plan and the whole portfolio (`partyId` asks for one).
   */
  accounts: z.array(z.object({ partyId: z.number().int(), accountNo: z.string() })),
});
export type PerformanceResponse = z.infer<typeof performanceResponseSchema>;

/** The `from` day of a preset range ending on `to` (a month end), never before `inception` (a date). */
export function presetFrom(preset: PerformancePreset, to: string, inception: string): string {
  const year = Number(to.slice(0, 4));
  const back = (years: number) => {
    // The day after the same month end `years` earlier: 1Y to 2026-10-31 runs from 2025-11-01.
    const d = new Date(Date.UTC(year - years, Number(to.slice(5, 7)), 1));
    return d.toISOString().slice(0, 10);
  };
  const from =
    preset === 'ytd'
      ? `${year}-01-01`
      : preset === '1y'
        ? back(1)
        : preset === '3y'
          ? back(3)
          : preset === '5y'
            ? back(5)
            : inception;
  return from < inception ? inception : from;
}
