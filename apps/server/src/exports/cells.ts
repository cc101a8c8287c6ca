import type { ColumnKind } from '@portal/contract';
import type { ExportColumn } from './protocol.js';

/** What a cell holds: text, a number, an Excel date (a JS Date at UTC midnight of that day) or nothing. */
export type CellValue = string | number | Date | null;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
/** A decimal as PostgreSQL writes it (numeric, int8 as text): digits, an optional point and sign, no exponent. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Excel number formats per kind (dates as the portal shows them: YYYY/MM/DD). */
export function numberFormat(kind: ColumnKind): string | undefined {
  switch (kind) {
    case 'date':
      return 'yyyy/mm/dd';
    case 'amount':
      return '#,##0.00';
    case 'units':
      return '#,##0.0000';
    case 'int':
      return '0';
    default:
      return undefined;
  }
}

/**
 * A database value typed for its column. Decimals arrive as PostgreSQL's text and become the nearest double, which
 * is exactly how Excel stores any number: every amount below 10^13 keeps its cents (15 significant digits). A value
 * that does not fit its kind is written as the text it is rather than dropped or turned into 0.
 */
export function cellValue(kind: ColumnKind, value: unknown): CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'date': {
      if (value instanceof Date) return value;
      const match = ISO_DATE.exec(String(value));
      if (!match) return String(value);
      // UTC midnight: the writer turns a Date into the day's serial number through its UTC time (xlsx-parts.ts).
      return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    }
    case 'amount':
    case 'units':
    case 'int': {
      if (typeof value === 'number') return Number.isFinite(value) ? value : null;
      if (typeof value === 'bigint') return Number(value);
      const text = String(value).trim();
      return DECIMAL.test(text) ? Number(text) : text;
    }
    default:
      return typeof value === 'string' ? value : String(value);
  }
}

/** Characters as wide as two Latin ones in a spreadsheet's default font (CJK, full-width forms, Hangul). */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/g;

function displayWidth(text: string): number {
  return text.length + (text.match(WIDE)?.length ?? 0);
}

/** How a value looks once Excel formats it (for the width only). */
function shownAs(kind: ColumnKind, value: CellValue): string {
  if (value === null) return '';
  if (value instanceof Date) return '0000/00/00';
  if (typeof value === 'number') {
    const decimals = kind === 'amount' ? 2 : kind === 'units' ? 4 : 0;
    return value.toLocaleString('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
  }
  return value;
}

/**
 * A column width (in characters) fitting the header and the first batch of rows: a streamed sheet fixes its widths
 * before its first row, so the rest of the rows cannot be measured. Room for the autofilter button; at most 60.
 */
export function columnWidth(column: ExportColumn, sample: CellValue[]): number {
  let widest = displayWidth(column.header) + 3;
  for (const value of sample) widest = Math.max(widest, displayWidth(shownAs(column.kind, value)) + 1);
  return Math.min(60, Math.max(8, widest));
}
