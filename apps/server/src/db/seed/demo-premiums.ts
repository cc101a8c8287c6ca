import { FX_TO_USD } from './catalog-data.js';

/** Months between two premiums, by payment frequency code; 'S' (single premium) pays once. */
const MONTHS_PER_PAYMENT: Record<string, number> = { M: 1, Q: 3, H: 6, A: 12 };

/** "10 years" → 10; other wordings ("To age 100", "Whole of life") set no limit the demo can count. */
function payTermYears(payTerm: string | null | undefined): number | null {
  const match = /^(\d+)\s*years?$/i.exec(payTerm?.trim() ?? '');
  return match ? Number(match[1]) : null;
}

function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
}

/**
 * Premiums due from commencement up to `asOf`: the first on the commencement date, then one per period, never past
 * the pay term. So total premium paid = modal premium × this count fits the dates a client reads beside it.
 */
export function premiumsDue(
  commenceDate: string,
  asOf: string,
  frequency: string | null | undefined,
  payTerm: string | null | undefined,
): number {
  const period = MONTHS_PER_PAYMENT[frequency ?? ''];
  if (!period) return 1;
  const elapsed = Math.max(0, monthsBetween(commenceDate, asOf));
  const due = Math.floor(elapsed / period) + 1;
  const years = payTermYears(payTerm);
  return years === null ? due : Math.min(due, (years * 12) / period);
}

/** A USD amount in `currency` at the catalogue's reference rate, to the cent (JPY amounts are JPY-sized). */
export function fromUsd(usd: number, currency: string): number {
  return Math.round((usd / (FX_TO_USD[currency] ?? 1)) * 100) / 100;
}

/** `date` plus whole months, on the same day or the month's last day when it has fewer (31 Jan + 1 → 28/29 Feb). */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return `${first.toISOString().slice(0, 8)}${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/**
 * The premium due dates of a regular-premium plan around `date`: the last one on or before it (the commencement if
 * `date` comes first) and the first one after it, on the plan's schedule (commencement plus whole periods). Null
 * for a single premium or an unknown frequency. Missing-premium and renewal follow-ups carry these dates.
 */
export function premiumDueDates(
  commenceDate: string,
  date: string,
  frequency: string | null | undefined,
): { last: string; next: string } | null {
  const period = MONTHS_PER_PAYMENT[frequency ?? ''];
  if (!period) return null;
  const n = Math.max(0, Math.floor(monthsBetween(commenceDate, date) / period));
  return { last: addMonths(commenceDate, n * period), next: addMonths(commenceDate, (n + 1) * period) };
}
