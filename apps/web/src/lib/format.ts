/**
 * Display formatters. Amounts, units, prices and rates are always shown with `,` thousands separators and `.`
 * decimals whatever the UI language, as financial statements of the group do; missing values show a dash.
 *
 * Numbers from the server may arrive as strings (PostgreSQL numerics): they are formatted from the decimal
 * string itself, so '1.005' rounds to '1.01' without going through a binary float.
 */

export const DASH = '-';

export type NumericInput = number | string | null | undefined;

const formatters = new Map<number, Intl.NumberFormat>();

function numberFormat(decimals: number): Intl.NumberFormat {
  let formatter = formatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: true,
      // 'negative' avoids "-0.00" for tiny negative values that round to zero.
      signDisplay: 'negative',
    });
    formatters.set(decimals, formatter);
  }
  return formatter;
}

const DECIMAL_STRING = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Normalises input: a finite number or a clean decimal string (thousands separators removed), else null. */
function toNumeric(value: NumericInput): number | `${number}` | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const cleaned = value.trim().replace(/,/g, '');
  if (!cleaned || !DECIMAL_STRING.test(cleaned)) return null;
  return cleaned as `${number}`;
}

/** Any number with a fixed count of decimals: formatDecimal(1234.5, 3) → '1,234.500'. */
export function formatDecimal(value: NumericInput, decimals: number): string {
  const numeric = toNumeric(value);
  if (numeric === null) return DASH;
  // Intl accepts decimal strings (exact rounding); the cast only satisfies older lib typings.
  return numberFormat(decimals).format(numeric as number);
}

/** Money amounts: thousands separators and exactly 2 decimals. */
export function formatAmount(value: NumericInput): string {
  return formatDecimal(value, 2);
}

/** Fund units held: 4 decimals. */
export function formatUnits(value: NumericInput): string {
  return formatDecimal(value, 4);
}

/** Fund unit prices: 4 decimals. */
export function formatPrice(value: NumericInput): string {
  return formatDecimal(value, 4);
}

/**
 * Percentage-like rates (commission rates): 4 decimals. Not for exchange rates: a rounded rate would not reproduce
 * the converted amount printed beside it — use formatExchangeRate (decision 011).
 */
export function formatRate(value: NumericInput): string {
  return formatDecimal(value, 4);
}

/**
 * Exchange rates with every digit they carry, at least 4 decimals ('0.00667123', '1.2704', '149.8970'): the server
 * quotes rates to 6 significant digits and computes every converted amount from exactly that quote (decision 011),
 * so a client can multiply the value shown by the rate shown and get the amount shown.
 */
export function formatExchangeRate(value: NumericInput): string {
  const numeric = toNumeric(value);
  if (numeric === null) return DASH;
  const digits = String(numeric).split('.')[1]?.replace(/0+$/, '').length ?? 0;
  return formatDecimal(numeric, Math.max(4, digits));
}

/** Whole numbers with thousands separators (counts, integer masks). */
export function formatInteger(value: NumericInput): string {
  return formatDecimal(value, 0);
}

/** Percentages as given (already ×100): formatPercent(12.5) → '12.50%'. */
export function formatPercent(value: NumericInput, decimals = 2): string {
  const text = formatDecimal(value, decimals);
  return text === DASH ? DASH : `${text}%`;
}

/** Amount with its currency code in front: 'USD 1,234.50'. */
export function formatMoney(value: NumericInput, currency: string | null | undefined): string {
  const text = formatAmount(value);
  return text === DASH || !currency ? text : `${currency} ${text}`;
}

/** Reads a masked input back: '1,234.50' → 1234.5; empty or invalid → null. */
export function parseNumber(text: string | null | undefined): number | null {
  const numeric = toNumeric(text);
  if (numeric === null) return null;
  const parsed = Number(numeric);
  return Number.isFinite(parsed) ? parsed : null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T\s])/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * Dates as YYYY/MM/DD. ISO strings are read textually ('2024-03-01T00:00:00Z' → '2024/03/01'), never through
 * `new Date()`, so a browser west of UTC does not show the previous day. Date objects use their local date.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return DASH;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return DASH;
    return `${value.getFullYear()}/${pad(value.getMonth() + 1)}/${pad(value.getDate())}`;
  }
  const trimmed = value.trim();
  const date = ISO_DATE.exec(trimmed);
  if (date) return `${date[1]}/${date[2]}/${date[3]}`;
  // Already in display form (YYYY/MM/DD): keep it.
  if (/^\d{4}\/\d{2}\/\d{2}$/.test(trimmed)) return trimmed;
  return DASH;
}

/** Months as YYYY/MM ('2024-05' or '2024-05-01' → '2024/05'). */
export function formatMonth(value: string | null | undefined): string {
  if (!value) return DASH;
  const month = ISO_MONTH.exec(value.trim()) ?? ISO_DATE.exec(value.trim());
  return month ? `${month[1]}/${month[2]}` : DASH;
}

/** Display date back to ISO for the API: '2024/03/01' → '2024-03-01'; anything else → null. */
export function toIsoDate(display: string | null | undefined): string | null {
  const match = display ? /^(\d{4})\/(\d{2})\/(\d{2})$/.exec(display.trim()) : null;
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** Any text value, with a dash when empty. */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? DASH : String(value);
}
