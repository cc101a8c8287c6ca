import { hongKongToday, REPORT_KEYS, type ReportToday, type ReportType } from '@portal/contract';

/** The report's name in a file name: its stable key in kebab case (`lapsedSurrender` → `lapsed-surrender`). */
export function reportSlug(type: ReportType): string {
  return REPORT_KEYS[type].replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

interface PeriodCriteria {
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  month?: number | undefined;
  expiryFromYear?: number | undefined;
  expiryFromMonth?: number | undefined;
  expiryToYear?: number | undefined;
  expiryToMonth?: number | undefined;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The export's file name: the report and the period it covers, so several exports of one report can be told apart
 * in a downloads folder. A date range (`lapsed-surrender_2026-01-01_2026-06-30.xlsx`, one end only:
 * `…_from_2026-01-01` / `…_to_2026-06-30`), a birthday month (`birthday_2026-12.xlsx`: the month's next occurrence
 * from today), an expiry range (`credit-card-expiry_2026-11_2027-03.xlsx`); otherwise today's date in Hong Kong.
 * Criteria are the parsed ones, defaults filled, and only the report's own filters count.
 */
export function reportFileName(
  type: ReportType,
  filters: readonly string[],
  criteria: PeriodCriteria,
  now: Date,
  today: ReportToday,
): string {
  const reads = (field: keyof PeriodCriteria) => filters.includes(field) && criteria[field] !== undefined;
  const slug = reportSlug(type);
  let period: string;
  if (reads('dateFrom') && reads('dateTo')) period = `${criteria.dateFrom}_${criteria.dateTo}`;
  else if (reads('dateFrom')) period = `from_${criteria.dateFrom}`;
  else if (reads('dateTo')) period = `to_${criteria.dateTo}`;
  else if (reads('month')) {
    const month = criteria.month as number;
    period = `${month >= today.month ? today.year : today.year + 1}-${two(month)}`;
  } else if (reads('expiryFromYear') && reads('expiryToYear')) {
    period = `${criteria.expiryFromYear}-${two(criteria.expiryFromMonth ?? 1)}_${criteria.expiryToYear}-${two(criteria.expiryToMonth ?? 12)}`;
  } else period = hongKongToday(now);
  return `${slug}_${period}.xlsx`;
}
