import { type ImportTemplateMapping, REQUIRED_IMPORT_FIELDS } from '@portal/contract';

/** A statement line read through its template. */
export interface StatementLine {
  lineNo: number;
  policyNo: string;
  producerCode: string | null;
  statementDate: string;
  amount: string;
  currency: string;
  reference: string | null;
}

/** A problem with a line: its number, the column, and a message key (`import.*` in the server catalogs). */
export interface LineProblem {
  line: number;
  column: string | null;
  message: string;
}

/** Headings the template needs that the file lacks (compared without case and surrounding blanks). */
export function missingHeadings(mapping: ImportTemplateMapping, headings: string[]): string[] {
  const present = new Set(headings.map((heading) => heading.trim().toLowerCase()));
  return REQUIRED_IMPORT_FIELDS.map((field) => mapping.columns[field]).filter(
    (heading) => !present.has(heading.trim().toLowerCase()),
  );
}

const DATE_LAYOUTS: Record<ImportTemplateMapping['dateFormat'], RegExp> = {
  'YYYY-MM-DD': /^(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})$/,
  'YYYY/MM/DD': /^(?<y>\d{4})\/(?<m>\d{1,2})\/(?<d>\d{1,2})$/,
  'DD/MM/YYYY': /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{4})$/,
  'MM/DD/YYYY': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{4})$/,
  'DD.MM.YYYY': /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{4})$/,
};

/** A date cell in the template's layout (or a real date cell of a workbook) as ISO YYYY-MM-DD; null if not a day. */
export function parseStatementDate(
  value: unknown,
  layout: ImportTemplateMapping['dateFormat'],
): string | null {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  }
  if (typeof value !== 'string') return null;
  const groups = DATE_LAYOUTS[layout].exec(value.trim())?.groups;
  if (!groups) return null;
  const y = Number(groups.y);
  const m = Number(groups.m);
  const d = Number(groups.d);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  if (y < 1990 || y > 2200) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * An amount cell in the template's number layout as a decimal string of at most 2 decimals ("1,234.56" or
 * "1.234,56"; a leading minus or parentheses for a negative); null for text, more decimals or an empty cell.
 */
export function parseStatementAmount(
  value: unknown,
  layout: ImportTemplateMapping['numberFormat'],
): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Math.abs(value) >= 1e15) return null;
    const fixed = value.toFixed(2);
    return Number(fixed) === value || Math.abs(Number(fixed) - value) < 1e-9 ? fixed : null;
  }
  if (typeof value !== 'string') return null;
  let text = value.trim().replace(/\s/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  }
  const [group, decimal] = layout === '1,234.56' ? [',', '.'] : ['.', ','];
  const pattern =
    group === ',' ? /^(\d{1,3}(,\d{3})*|\d+)(\.\d{1,2})?$/ : /^(\d{1,3}(\.\d{3})*|\d+)(,\d{1,2})?$/;
  if (!pattern.test(text)) return null;
  const plain = text.split(group).join('').replace(decimal, '.');
  const [whole = '0', fraction = ''] = plain.split('.');
  if (whole.length > 15) return null;
  const amount = `${BigInt(whole)}.${fraction.padEnd(2, '0')}`;
  return negative && amount !== '0.00' ? `-${amount}` : amount;
}

const cellText = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : value instanceof Date
      ? value.toISOString()
      : String(value).trim();

/** Reads one row through the template; either the line or its problems (each with the row's line number). */
export function readLine(
  mapping: ImportTemplateMapping,
  lineNo: number,
  cells: Map<string, unknown>,
): StatementLine | LineProblem[] {
  const byHeading = new Map([...cells].map(([heading, value]) => [heading.trim().toLowerCase(), value]));
  const cell = (heading: string | undefined) =>
    heading === undefined ? undefined : byHeading.get(heading.trim().toLowerCase());
  const { columns } = mapping;
  const problems: LineProblem[] = [];
  const policyNo = cellText(cell(columns.policyNo));
  if (!/^[A-Za-z0-9][A-Za-z0-9-/]{0,39}$/.test(policyNo))
    problems.push({ line: lineNo, column: columns.policyNo, message: 'badPolicyNo' });
  const statementDate = parseStatementDate(cell(columns.statementDate), mapping.dateFormat);
  if (!statementDate) problems.push({ line: lineNo, column: columns.statementDate, message: 'badDate' });
  const amount = parseStatementAmount(cell(columns.amount), mapping.numberFormat);
  if (!amount) problems.push({ line: lineNo, column: columns.amount, message: 'badAmount' });
  const currency = cellText(cell(columns.currency)).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency))
    problems.push({ line: lineNo, column: columns.currency, message: 'badCurrency' });
  const producerCode = columns.producerCode ? cellText(cell(columns.producerCode)) || null : null;
  if (producerCode !== null && !/^[A-Za-z0-9]{1,20}$/.test(producerCode))
    problems.push({ line: lineNo, column: columns.producerCode ?? null, message: 'badProducerCode' });
  const reference = columns.reference ? cellText(cell(columns.reference)).slice(0, 100) || null : null;
  if (problems.length > 0 || !statementDate || !amount) return problems;
  return {
    lineNo,
    policyNo: policyNo.toUpperCase(),
    producerCode,
    statementDate,
    amount,
    currency,
    reference,
  };
}
