import type { DateInputProps } from '@mantine/dates';

/** The props of a business date field (the picker's, less the format and parser it fixes). */
export type BusinessDateInputProps = Omit<DateInputProps, 'valueFormat' | 'dateParser'>;

const TYPED_DATE = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/;

/** Reads what the user typed: YYYY/MM/DD (or YYYY-MM-DD), a real calendar date, else nothing. */
export function parseTypedDate(text: string): string | null {
  const match = TYPED_DATE.exec(text.trim());
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${match[1]}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** An ISO date (YYYY-MM-DD) as the field shows it, YYYY/MM/DD; nothing for no date. */
export function formatBusinessDate(iso: string | null): string {
  return iso ? iso.slice(0, 10).replaceAll('-', '/') : '';
}

/** First and last day the picker offers: 5 years before and after the current year (docs/product.md, "Formats and
 * limits").
 */
export function pickerBounds(now = new Date()): { minDate: string; maxDate: string } {
  const year = now.getFullYear();
  return { minDate: `${year - 5}-01-01`, maxDate: `${year + 5}-12-31` };
}
