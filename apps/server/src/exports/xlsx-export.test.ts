import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Language, languageSchema } from '@portal/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { queryInBatchesFor, type ResultRow } from '../db/query-in-batches.js';
import { openTestDatabase } from '../testing/test-app.js';
import { type ExportableList, listExport } from './list-export.js';
import { ROW_BATCHES_IN_FLIGHT } from './protocol.js';
import { type ExportProgress, sendXlsxExport } from './send-xlsx.js';

/**
 * The export path end to end: a route registered only here streams rows of a real query (generate_series joined to
 * the demo producers) through the render pool; the file is read back with exceljs. Real HTTP where a client leaves.
 */
const label = (en: string, zh: string, ja: string, kr: string) => ({ en, zh, ja, kr });
const testList: ExportableList = {
  fileName: label('test-export', '測試匯出', 'テスト', '테스트'),
  columns: [
    { key: 'no', kind: 'int', label: label('No.', '編號', '番号', '번호') },
    { key: 'name', kind: 'text', label: label('Name', '名稱', '名称', '이름') },
    { key: 'issued_on', kind: 'date', label: label('Issue date', '簽發日期', '発行日', '발행일') },
    { key: 'premium', kind: 'amount', label: label('Premium', '保費', '保険料', '보험료') },
    { key: 'units', kind: 'units', label: label('Units', '單位', '口数', '단위') },
  ],
};
const NOW = new Date('2026-11-23T17:30:00Z'); // already 24 November in Hong Kong
const BATCH = 500;

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let port: number;
let dir: string;
const ended: { progress: ExportProgress; error?: unknown }[] = [];

/** Rows 1..n: the first demo producer's name with CJK text, and typed columns. */
function rowsQuery(n: number) {
  return sql`select g as no,
      p.name || ' 保單 ' || g as name,
      (date '2026-01-01' + (g % 365))::date as issued_on,
      (g * 1234.56 + 0.01)::numeric(16,2) as premium,
      (g / 3.0)::numeric(18,4) as units
    from generate_series(1, ${n}::int) g
    join lateral (select name from producers order by id limit 1) p on true
    order by g`;
}

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    RENDER_THREADS: '1',
    RENDER_PER_USER: '1',
  });
  app = await buildApp({ config, database, logger: false });
  const queryInBatches = queryInBatchesFor(database, config.exportStatementTimeoutMs);
  // The test route: never part of the production app.
  app.get('/test-export/:lang', async (request, reply) => {
    const language = languageSchema.parse((request.params as { lang: string }).lang) as Language;
    const q = request.query as { rows?: string; max?: string; fail?: string };
    const n = Number(q.rows ?? 10);
    let batches: AsyncIterable<ResultRow[]> = queryInBatches(rowsQuery(n), {
      batchSize: BATCH,
      maxRows: Number(q.max ?? 200_000),
    });
    if (q.fail === 'before') batches = failing(0);
    if (q.fail === 'after') batches = failing(3);
    return sendXlsxExport(app.renderPool, request, reply, {
      ...listExport(testList, language, NOW),
      batches,
      onEnd: (progress, error) => ended.push({ progress, error }),
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  dir = mkdtempSync(join(tmpdir(), 'xlsx-export-test-'));
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await app.close();
  await database.close();
  await drop();
});

/** Batches that fail like a lost connection after `good` batches. */
async function* failing(good: number): AsyncGenerator<ResultRow[]> {
  for (let i = 0; i < good; i++)
    yield Array.from({ length: BATCH }, (_, j) => ({ no: i * BATCH + j, name: 'x' }));
  throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
}

async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0] as ExcelJS.Worksheet;
}

function get(path: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path }, resolve).on('error', reject).end();
  });
}

function readAll(response: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (c: Buffer) => chunks.push(c));
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', reject);
    response.on('aborted', () => reject(new Error('aborted')));
  });
}

const settled = async (count: number) => {
  for (let i = 0; i < 200 && ended.length < count; i++) await new Promise((r) => setTimeout(r, 25));
  expect(ended.length).toBe(count);
  return ended[count - 1] as (typeof ended)[number];
};

async function openCursors(): Promise<number> {
  const { rows } = await database.sql.executeSql('select count(*)::int as n from pg_cursors');
  return Number((rows[0] as { n: number }).n);
}

describe('Excel export through the render pool', () => {
  it('writes typed cells, localized headers, a frozen bold header with a filter, and a dated file name', async () => {
    const before = ended.length;
    const zh = await app.inject({ url: '/test-export/zh?rows=1234' });
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(zh.headers['cache-control']).toBe('private, no-store');
    expect(zh.headers['content-disposition']).toBe(
      `attachment; filename="____-2026-11-24.xlsx"; filename*=UTF-8''${encodeURIComponent('測試匯出-2026-11-24.xlsx')}`,
    );
    const sheet = await readSheet(zh.rawPayload);
    expect(sheet.rowCount).toBe(1235);
    expect(sheet.getRow(1).values).toEqual([undefined, '編號', '名稱', '簽發日期', '保費', '單位']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    const row = sheet.getRow(11); // g = 10
    expect(row.getCell(1).value).toBe(10);
    expect(String(row.getCell(2).value)).toMatch(/ 保單 10$/);
    expect(row.getCell(3).type).toBe(ExcelJS.ValueType.Date);
    expect((row.getCell(3).value as Date).toISOString()).toBe('2026-01-11T00:00:00.000Z');
    expect(row.getCell(3).numFmt).toBe('yyyy/mm/dd');
    expect(row.getCell(4).type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(4).value).toBe(12345.61);
    expect(row.getCell(4).numFmt).toBe('#,##0.00');
    expect(row.getCell(5).value).toBe(3.3333);
    expect(row.getCell(5).numFmt).toBe('#,##0.0000');
    expect(sheet.getRow(1235).getCell(1).value).toBe(1234);
    // Wide enough for the header and the first rows; CJK counts double.
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual(12);

    const en = await app.inject({ url: '/test-export/en?rows=3' });
    const enSheet = await readSheet(en.rawPayload);
    expect(enSheet.getRow(1).values).toEqual([undefined, 'No.', 'Name', 'Issue date', 'Premium', 'Units']);
    expect(en.headers['content-disposition']).toContain('filename="test-export-2026-11-24.xlsx"');
    const { progress, error } = await settled(before + 2);
    expect(error).toBeUndefined();
    expect(progress).toMatchObject({ fetchedRows: 3, writtenRows: 3 });
    expect(await openCursors()).toBe(0);
    writeFileSync(join(dir, 'zh.xlsx'), zh.rawPayload);
  });

  it('an empty result is a file with its header row only', async () => {
    const before = ended.length;
    const empty = await app.inject({ url: '/test-export/ja?rows=0' });
    expect(empty.statusCode).toBe(200);
    const sheet = await readSheet(empty.rawPayload);
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getRow(1).getCell(1).value).toBe('番号');
    await settled(before + 1);
  });

  it('refuses an export over the row limit before its first byte, in the language of the request', async () => {
    const before = ended.length;
    const refused = await app.inject({ url: '/test-export/zh?rows=120&max=100' });
    await settled(before + 1);
    expect(refused.statusCode).toBe(422);
    expect(refused.headers['content-disposition']).toBeUndefined();
    expect(refused.json().error).toBe(
      '此匯出共有 120 行，每次最多只可匯出 100 行。請收窄搜尋範圍（例如縮短日期範圍或減少顧問）後再匯出。',
    );
    expect(app.renderPool.activeDownloads).toBe(0);
    expect(await openCursors()).toBe(0);
  });

  it('answers 503 with Retry-After when the database fails before the first byte', async () => {
    const before = ended.length;
    const failed = await app.inject({ url: '/test-export/en?fail=before' });
    await settled(before + 1);
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['retry-after']).toBe('5');
    expect(failed.headers['content-disposition']).toBeUndefined();
    expect(app.renderPool.activeDownloads).toBe(0);
  });

  it('a failure after the first byte breaks the download instead of ending a truncated file', async () => {
    const before = ended.length;
    const response = await get('/test-export/en?fail=after');
    expect(response.statusCode).toBe(200);
    await expect(readAll(response)).rejects.toThrow();
    expect((await settled(before + 1)).error).toBeTruthy();
    expect(app.renderPool.activeDownloads).toBe(0);
  });

  it('a client that leaves mid-way stops the cursor and frees its slot; the main thread stays a few batches ahead', async () => {
    const before = ended.length;
    const response = await get('/test-export/en?rows=150000');
    expect(response.statusCode).toBe(200);
    // One chunk, then the client goes away (a cancelled download).
    await new Promise<void>((resolve) => response.once('data', () => resolve()));
    response.destroy();
    const { progress, error } = await settled(before + 1);
    expect(error).toBeTruthy();
    expect(progress.fetchedRows).toBeLessThan(150_000);
    expect(progress.mostRowsAhead).toBeLessThanOrEqual((ROW_BATCHES_IN_FLIGHT + 1) * BATCH);
    expect(app.renderPool.activeDownloads).toBe(0);
    expect(await openCursors()).toBe(0);
    // PostgreSQL: the export's connection is back in the pool (the job queue's polling may hold one briefly).
    if (database.poolStats) {
      let stats = database.poolStats();
      for (let i = 0; i < 40 && stats.idle < stats.total; i++) {
        await new Promise((r) => setTimeout(r, 50));
        stats = database.poolStats();
      }
      expect(stats.idle).toBe(stats.total);
    }
  });

  it('keeps one export per person at a time and lets others be answered while it runs', async () => {
    const before = ended.length;
    const first = await get('/test-export/en?rows=60000');
    // Over the per-person cap (RENDER_PER_USER=1): refused at once with Retry-After.
    const second = await app.inject({ url: '/test-export/en?rows=5' });
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBeTruthy();
    const reading = readAll(first);
    const livez: number[] = [];
    const healthz: number[] = [];
    while (ended.length === before) {
      let t0 = performance.now();
      expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);
      livez.push(performance.now() - t0);
      t0 = performance.now();
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      healthz.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
    const { progress } = await settled(before + 1);
    const sheet = await readSheet(await reading);
    expect(sheet.rowCount).toBe(60_001);
    // Every batch acknowledged, including those that arrived while an earlier one waited for the output to flow.
    expect(progress).toMatchObject({ fetchedRows: 60_000, writtenRows: 60_000 });
    expect(progress.mostRowsAhead).toBeLessThanOrEqual((ROW_BATCHES_IN_FLIGHT + 1) * BATCH);
    console.log(
      `while exporting 60 000 rows (${database.kind}): /livez max ${Math.max(...livez).toFixed(0)} ms, ` +
        `/healthz max ${Math.max(...healthz).toFixed(0)} ms over ${livez.length} probes`,
    );
    // Answered while the export ran; how fast is measured by the benchmark (bench/cases/xlsx-export.ts), not here.
    expect(livez.length).toBeGreaterThan(0);
  }, 120_000);

  it('opens in LibreOffice when it is installed', async () => {
    let office: string | undefined;
    for (const candidate of ['libreoffice', 'soffice']) {
      try {
        execFileSync('which', [candidate]);
        office = candidate;
        break;
      } catch {}
    }
    if (!office) {
      console.log('LibreOffice is not installed: the CSV conversion check was skipped');
      return;
    }
    // The CSV filter's options: comma, double quote, character set 76 = UTF-8 (the default is the locale's, which
    // turns Chinese into question marks under LANG=C).
    const csvUtf8 = 'csv:Text - txt - csv (StarCalc):44,34,76';
    execFileSync(office, ['--headless', '--convert-to', csvUtf8, '--outdir', dir, join(dir, 'zh.xlsx')], {
      timeout: 60_000,
    });
    const csv = execFileSync('cat', [join(dir, 'zh.csv')], { encoding: 'utf8' });
    expect(csv.split('\n')[0]).toContain('編號');
  });
});
