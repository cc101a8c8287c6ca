/** ISO calendar dates (YYYY-MM-DD) as whole days; UTC, so no daylight-saving day is 23 or 25 hours long. */
const DAY_MS = 86_400_000;

export const dayNumber = (iso: string): number =>
  Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / DAY_MS;

export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

export const isoOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export const addDays = (iso: string, days: number): string => isoOfDay(dayNumber(iso) + days);

/** Last day of the month `months` after the month of `iso` (negative: before). */
export function monthEndOf(iso: string, months = 0): string {
  const y = +iso.slice(0, 4);
  const m = +iso.slice(5, 7) - 1 + months;
  return new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
}

export const isMonthEnd = (iso: string): boolean => monthEndOf(iso) === iso;

/** The same day `years` later, 29 February falling back to the 28th. */
export function addYears(iso: string, years: number): string {
  const y = +iso.slice(0, 4) + years;
  const m = +iso.slice(5, 7);
  const last = +monthEndOf(`${y}-${iso.slice(5, 7)}-01`).slice(8, 10);
  const d = Math.min(+iso.slice(8, 10), last);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
