import { FormValidationError } from '../../plugins/errors.js';

/** Day, month and year as the forms send them → `YYYY-MM-DD`; 31 February is a field error, not a non-match. */
export function birthDateOf(day: number, month: number, year: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new FormValidationError({ birthDay: ['validation.invalidDate'] });
  }
  return date.toISOString().slice(0, 10);
}

/** Names as people type them: any case, runs of spaces collapsed. */
export function normalizeName(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLowerCase();
}
