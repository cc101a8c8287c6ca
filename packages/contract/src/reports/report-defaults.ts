import { hongKongToday } from '../lists/criteria.js';
import type { ReportFilterField } from './report-criteria.js';
import { APPL_DATE_REPORT_TYPES, type ReportType } from './report-types.js';

/** Year and month of "today" in Hong Kong, the calendar every report default is taken from. */
export interface ReportToday {
  year: number;
  month: number;
}

export function reportToday(now: Date): ReportToday {
  const [year, month] = hongKongToday(now).split('-').map(Number) as [number, number];
  return { year, month };
}

export type ReportDefaults = Partial<{
  dateType: 'APPL';
  month: number;
  expiryFromYear: number;
  expiryFromMonth: number;
  expiryToYear: number;
  expiryToMonth: number;
}>;

/**
 * The values a report type starts with (docs/producer/reports-screen.md): dateType APPL for types 2, 3, 4, 10–14; type
 * 6 the birthday month after this one (January after December); type 8 the expiry range from and to this year and
 * month. Every other field is empty. The web resets its form to these when the type changes; the server fills a missing
 * field with them.
 */
export function reportDefaults(type: ReportType, today: ReportToday): ReportDefaults {
  if (APPL_DATE_REPORT_TYPES.includes(type)) return { dateType: 'APPL' };
  if (type === 6) return { month: (today.month % 12) + 1 };
  if (type === 8) {
    return {
      expiryFromYear: today.year,
      expiryFromMonth: today.month,
      expiryToYear: today.year,
      expiryToMonth: today.month,
    };
  }
  return {};
}

/** Expiry years offered by the type 8 pickers (docs/product.md, "Formats and limits"): last year to six years ahead. */
export function expiryYearOptions(today: ReportToday): number[] {
  return Array.from({ length: 8 }, (_, i) => today.year - 1 + i);
}

/**
 * Criteria with the report's defaults filled where the request left a field out. Only fields the report reads are
 * filled; what the request gave is kept.
 */
export function withReportDefaults<C extends Partial<Record<ReportFilterField, unknown>>>(
  criteria: C,
  type: ReportType,
  filters: readonly ReportFilterField[],
  today: ReportToday,
): C {
  const filled: Record<string, unknown> = { ...criteria };
  for (const [field, value] of Object.entries(reportDefaults(type, today))) {
    if (filters.includes(field as ReportFilterField) && filled[field] === undefined) filled[field] = value;
  }
  return filled as C;
}
