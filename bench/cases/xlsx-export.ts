import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { EXPORT_ROW_LIMIT } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.js';
import { type Config, loadConfig } from '../../apps/server/src/config.js';
import { type Database, openDatabase } from '../../apps/server/src/db/client.js';
import { queryInBatchesFor } from '../../apps/server/src/db/query-in-batches.js';
import { ensureDemoData } from '../../apps/server/src/db/seed/demo.js';
import { type ExportableList, listExport } from '../../apps/server/src/exports/list-export.js';
import { sendXlsxExport } from '../../apps/server/src/exports/send-xlsx.js';

export interface XlsxExportResult {
  name: string;
  rows: number;
  seconds: number;
  fileMb: number;
  /** The listening server before any render thread started. */
  rssServerMb: number;
  /** After a 100-row export: the render thread runs (it parses the PDF fonts as it starts). */
  rssBeforeMb: number;
  peakRssMb: number;
  /** Peak minus before: what the export itself costs. */
  exportRssMb: number;
  targetSeconds: number;
  targetPeakRssMb: number;
  pass: boolean;
}

const TARGET_SECONDS = 10;
const TARGET_PEAK_RSS_MB = 250;
const label = (text: string) => ({ en: text, zh: text, ja: text, kr: text });

/** Eight columns of every kind, like a producer list's export. */
const benchList: ExportableList = {
  fileName: { en: 'bench-export', zh: '效能測試', ja: 'ベンチ', kr: '벤치' },
  columns: [
    { key: 'no', kind: 'int', label: label('No.') },
    { key: 'policy_no', kind: 'text', label: label('Policy number') },
    { key: 'producer', kind: 'text', label: label('Producer') },
    { key: 'client', kind: 'text', label: label('Client') },
    { key: 'issued_on', kind: 'date', label: label('Issue date') },
    { key: 'currency', kind: 'text', label: label('Currency') },
    { key: 'premium', kind: 'amount', label: label('Premium') },
    { key: 'units', kind: 'units', label: label('Units') },
  ],
};

/** `rows` rows from generate_series joined to the demo producers (a producer per row, names in Chinese). */
function benchQuery(rows: number) {
  return sql`with p as (select row_number() over (order by id) - 1 as i, code, name from producers),
      n as (select count(*) as total from producers)
    select g as no,
      'P' || lpad(g::text, 9, '0') as policy_no,
      p.code || ' ' || p.name as producer,
      '陳大文 ' || g as client,
      (date '2020-01-01' + (g % 2000))::date as issued_on,
      case g % 3 when 0 then 'USD' when 1 then 'HKD' else 'EUR' end as currency,
      (g * 97.31 + 0.07)::numeric(16,2) as premium,
      (g / 7.0)::numeric(18,4) as units
    from generate_series(1, ${rows}::int) g
    cross join n
    join p on p.i = g % n.total
    order by g`;
}

/**
 * 100 000 rows exported through the real path (HTTP → sendXlsxExport → queryInBatches cursor → render thread →
 * streamed response), read to the end by a client over a socket. Reports the time and the process's resident memory
 * (sampled every 10 ms): idle, before, peak, and the export's own share (peak − before), against ≤ 10 s and
 * ≤ 250 MB for that share.
 */
export async function xlsxExportCase(
  database: Database,
  config: Config,
  rows = 100_000,
): Promise<XlsxExportResult> {
  const app = await buildApp({ config, database, logger: false });
  const queryInBatches = queryInBatchesFor(database, config.exportStatementTimeoutMs);
  app.get('/bench-export', async (request, reply) =>
    sendXlsxExport(app.renderPool, request, reply, {
      ...listExport(benchList, 'zh', new Date()),
      batches: queryInBatches(benchQuery(Number((request.query as { rows?: string }).rows ?? rows)), {
        maxRows: EXPORT_ROW_LIMIT,
      }),
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  global.gc?.();
  const rssServer = process.memoryUsage().rss;
  try {
    // A small export first: the render thread starts (and loads exceljs) outside the measurement.
    await download(port, '/bench-export?rows=100');
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const started = performance.now();
    const bytes = await download(port, '/bench-export');
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const mb = (n: number) => Number((n / 1024 / 1024).toFixed(1));
    return {
      name: `xlsx export ${rows.toLocaleString('en-US')} rows (${database.kind})`,
      rows,
      seconds: Number(seconds.toFixed(2)),
      fileMb: mb(bytes),
      rssServerMb: mb(rssServer),
      rssBeforeMb: mb(rssBefore),
      peakRssMb: mb(peak),
      exportRssMb: mb(peak - rssBefore),
      targetSeconds: TARGET_SECONDS,
      targetPeakRssMb: TARGET_PEAK_RSS_MB,
      // The memory target applies to what the export adds: the idle process is already ~220 MB under tsx (plus the
      // render thread's parsed fonts, plus the embedded database on PGlite) before anything is exported.
      pass: seconds <= TARGET_SECONDS && mb(peak - rssBefore) <= TARGET_PEAK_RSS_MB,
    };
  } finally {
    await app.close();
  }
}

/** GETs `path` and reads the body to its end; the number of bytes. */
export function download(port: number, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** `npx tsx bench/cases/xlsx-export.ts [rows]`: this case alone, on in-memory PGlite or DATABASE_URL. */
async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: 'memory://' },
  );
  await database.migrate();
  await ensureDemoData(database.db);
  const result = await xlsxExportCase(database, config, Number(process.argv[2] ?? 100_000));
  console.table([result]);
  await database.close();
  if (!result.pass) process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
