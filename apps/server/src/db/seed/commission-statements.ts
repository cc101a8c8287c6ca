import type { ImportTemplateMapping } from '@portal/contract';
import ExcelJS from 'exceljs';

/** One line of an insurer's statement, as the insurer would print it. */
export interface SampleStatementLine {
  policyNo: string;
  producerCode: string | null;
  statementDate: string;
  amount: string;
  currency: string;
  reference: string | null;
}

function formatDate(iso: string, layout: ImportTemplateMapping['dateFormat']): string {
  const [y = '', m = '', d = ''] = iso.split('-');
  switch (layout) {
    case 'YYYY-MM-DD':
      return `${y}-${m}-${d}`;
    case 'YYYY/MM/DD':
      return `${y}/${m}/${d}`;
    case 'DD/MM/YYYY':
      return `${d}/${m}/${y}`;
    case 'MM/DD/YYYY':
      return `${m}/${d}/${y}`;
    case 'DD.MM.YYYY':
      return `${d}.${m}.${y}`;
  }
}

function formatAmount(amount: string, layout: ImportTemplateMapping['numberFormat']): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = '00'] = amount.replace('-', '').split('.');
  const [group, decimal] = layout === '1,234.56' ? [',', '.'] : ['.', ','];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${grouped}${decimal}${fraction.padEnd(2, '0')}`;
}

const quote = (value: string, delimiter: string) =>
  value.includes(delimiter) || value.includes('"') || value.includes('\n')
    ? `"${value.replaceAll('"', '""')}"`
    : value;

/** The headings of a statement in the template's layout, mapped fields first. */
function layoutOf(mapping: ImportTemplateMapping) {
  const fields = (Object.keys(mapping.columns) as (keyof ImportTemplateMapping['columns'])[]).filter(
    (field) => mapping.columns[field] !== undefined,
  );
  return { fields, headings: fields.map((field) => mapping.columns[field] as string) };
}

function cellsOf(mapping: ImportTemplateMapping, line: SampleStatementLine, fields: string[]): string[] {
  return fields.map((field) => {
    if (field === 'statementDate') return formatDate(line.statementDate, mapping.dateFormat);
    if (field === 'amount') return formatAmount(line.amount, mapping.numberFormat);
    return String(line[field as keyof SampleStatementLine] ?? '');
  });
}

/** A statement as CSV text in the template's layout (headings, separator, date and number formats). */
export function* statementCsvChunks(
  mapping: ImportTemplateMapping,
  lines: Iterable<SampleStatementLine>,
): Generator<string> {
  const { fields, headings } = layoutOf(mapping);
  const row = (cells: string[]) =>
    `${cells.map((cell) => quote(cell, mapping.delimiter)).join(mapping.delimiter)}\r\n`;
  yield row(headings);
  for (const line of lines) yield row(cellsOf(mapping, line, fields));
}

export function statementCsv(mapping: ImportTemplateMapping, lines: Iterable<SampleStatementLine>): Buffer {
  return Buffer.from([...statementCsvChunks(mapping, lines)].join(''), 'utf8');
}

/** A statement as a workbook: one sheet, the headings in row 1, dates and amounts as text in the insurer's layout. */
export async function statementXlsx(
  mapping: ImportTemplateMapping,
  lines: Iterable<SampleStatementLine>,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Commission statement');
  const { fields, headings } = layoutOf(mapping);
  sheet.addRow(headings);
  for (const line of lines) sheet.addRow(cellsOf(mapping, line, fields));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
