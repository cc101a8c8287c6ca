import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

/** One row of a statement: its line number in the file (the heading is line 1) and its cells by heading. */
export interface StatementRow {
  lineNo: number;
  cells: Map<string, string | Date | number | null>;
}

export type StatementKind = 'csv' | 'xlsx';

/** A statement the reader cannot read at all (not CSV, broken quoting, not a workbook): refused at that line. */
export class UnreadableStatementError extends Error {
  constructor(
    readonly lineNo: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The rows of a statement, one at a time: CSV through csv-parse (quotes, embedded separators and line breaks, a BOM),
 * XLSX through exceljs's streaming reader (first worksheet). Neither holds the file's rows: each row is handed on as
 * it is parsed. The first row is the headings; blank rows are skipped.
 */
export async function* readStatement(
  data: Buffer,
  kind: StatementKind,
  delimiter: string,
): AsyncGenerator<{ headings: string[] } | StatementRow> {
  if (kind === 'csv') yield* readCsv(data, delimiter);
  else yield* readXlsx(data);
}

async function* readCsv(data: Buffer, delimiter: string) {
  const parser = Readable.from([data]).pipe(
    parse({
      delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      // A field longer than this is not a statement (garbage, a binary file): refused rather than buffered.
      max_record_size: 64 * 1024,
      info: true,
    }),
  );
  let headings: string[] | undefined;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (!headings) {
        headings = record.map((heading) => heading.trim());
        yield { headings };
        continue;
      }
      const cells = new Map<string, string | null>();
      for (const [i, heading] of headings.entries()) cells.set(heading, record[i] ?? null);
      yield { lineNo: info.lines, cells };
    }
  } catch (error) {
    const lines = (error as { lines?: number }).lines ?? 0;
    throw new UnreadableStatementError(lines, (error as Error).message);
  }
  if (!headings) throw new UnreadableStatementError(1, 'empty file');
}

function cellValue(value: ExcelJS.CellValue): string | Date | number | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value === 'number') return value;
  if (typeof value === 'object') {
    if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    return null;
  }
  return String(value).trim();
}

async function* readXlsx(data: Buffer) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let headings: string[] | undefined;
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellValue);
        if (values.every((value) => value === null || value === '')) continue;
        if (!headings) {
          headings = values.map((value) => String(value ?? '').trim());
          yield { headings };
          continue;
        }
        const cells = new Map<string, string | Date | number | null>();
        for (const [i, heading] of headings.entries()) cells.set(heading, values[i] ?? null);
        yield { lineNo: row.number, cells };
      }
      break; // the first worksheet is the statement
    }
  } catch (error) {
    throw new UnreadableStatementError(1, (error as Error).message);
  }
  if (!headings) throw new UnreadableStatementError(1, 'empty workbook');
}
