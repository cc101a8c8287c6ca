import { hongKongToday } from '@portal/contract';

/** The Hong Kong calendar day of an instant, as YYYY-MM-DD (Hong Kong keeps UTC+8 all year). */
export const hongKongDateOf = (instant: Date) => hongKongToday(instant);

/** Whole calendar days from one YYYY-MM-DD day to another (0 on the same day). */
export function daysBetween(fromIsoDate: string, toIsoDate: string): number {
  return Math.round(
    (Date.parse(`${toIsoDate}T00:00:00Z`) - Date.parse(`${fromIsoDate}T00:00:00Z`)) / 86_400_000,
  );
}
