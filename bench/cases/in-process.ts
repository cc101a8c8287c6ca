import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { type Config, loadConfig } from '../../apps/server/src/config.js';
import { type Database, openDatabase } from '../../apps/server/src/db/client.js';
import { clients, statementAccounts } from '../../apps/server/src/db/schema/index.js';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { sitesReadOnce } from '../../apps/server/src/modules/statements/statement-firm.js';
import { loadStatement } from '../../apps/server/src/modules/statements/view-statement.js';
import type { StatementDocument } from '../../apps/server/src/render/statement-model.js';
import { createRenderPool } from '../../apps/server/src/render-pool/pool.js';
import type { CaseOutput, Check } from '../context.js';
import type { Ratio } from '../http-load.js';
import { pdfThroughput } from './pdf-throughput.js';
import { countChecks, listExportCase } from './producer-list-export.js';
import { listScaleCases, printListScale } from './producer-lists.js';
import { printReportCases, reportCases } from './reports.js';
import { xlsxExportCase } from './xlsx-export.js';

/*
 * The cases (render isolation, producer lists and exports, reports, staff index; docs/performance.md) that drive the
 * portal's modules in this process (app.inject, the render pool, the export path) on the PostgreSQL database, after the
 * server children have stopped. Their only judged parts are a ratio (producer lists vs their bare SQL) and the bounded
 * counts; times and memory are printed, not judged, as they depend on the machine.
 */

const LIST_TARGET = 0.5;

/** The demo client's statements (latest month) in Chinese and English, built as the download routes build them. */
async function sampleStatements(database: Database, config: Config) {
  const renderPool = createRenderPool(config);
  try {
    const ctx = {
      db: database.db,
      config,
      now: () => new Date(),
      renderPool,
      sites: await sitesReadOnce(database.db),
    };
    const accounts = await database.db
      .select({ id: statementAccounts.id, clientId: statementAccounts.clientId })
      .from(statementAccounts)
      .innerJoin(clients, eq(clients.id, statementAccounts.clientId))
      .where(eq(clients.clientNo, demoAccount('client').login))
      .orderBy(asc(statementAccounts.id));
    const docs: StatementDocument[] = [];
    for (const language of ['zh', 'en'] as const)
      for (const account of accounts)
        docs.push(
          await loadStatement(ctx, { clientId: account.clientId, siteCode: 'afs', language }, account.id, {}),
        );
    return docs;
  } finally {
    await renderPool.close();
  }
}

/**
 * Producer lookups by code go through the (site_code, upper(code)) unique index: checked on the plan of the team
 * scope query the producer lists start from (a sequential scan there reads every producer).
 */
async function producerCodeIndexCheck(databaseUrl: string): Promise<Check> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const plan = await client.query(`explain select count(*) from applications a
      join producer_tree t on t.descendant_id = a.producer_id
      join producers p on p.id = t.ancestor_id
      where p.site_code = 'afs' and upper(p.code) = upper('A1001') and a.stage between 1 and 6`);
    const text = plan.rows.map((r: Record<string, string>) => Object.values(r)[0]).join('\n');
    return {
      name: 'team scope: producer code lookup uses producers_site_code_uq (EXPLAIN)',
      value: text.includes('producers_site_code_uq') ? 'index scan' : 'no index',
      pass: text.includes('producers_site_code_uq'),
    };
  } finally {
    await client.end();
  }
}

export async function inProcessCases(
  databaseUrl: string,
  only: Set<string>,
  options: { repeats: number; durationMs: number },
): Promise<CaseOutput> {
  const out: CaseOutput = { ratios: [], checks: [], tables: [] };
  if (only.has('checks')) out.checks.push(await producerCodeIndexCheck(databaseUrl));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    // What production serialises with (the bench's portal process does the same, processes.ts).
    RESPONSE_SERIALIZER: 'compiled',
  });
  const database = await openDatabase({ url: databaseUrl, poolSize: config.dbPoolMax });
  try {
    if (only.has('lists')) {
      const rows = await listScaleCases(database, config, {
        durationMs: options.durationMs,
        repeats: options.repeats,
      });
      const counts = await countChecks(database);
      const exported = await listExportCase(database, config);
      printListScale(rows, counts, exported);
      for (const row of rows)
        out.ratios.push({
          name: `list ${row.list} ${row.who} p${row.page}${row.keywords === '—' ? '' : ' kw'} (inject) ÷ bare SQL`,
          portal: row.endpointOps,
          baseline: row.bareOps,
          unit: 'req/s',
          ratio: row.ratio,
          target: { op: 'min', value: LIST_TARGET },
          judged: true,
        } satisfies Ratio);
      for (const count of counts)
        out.checks.push({
          name: `bounded count: ${count.list} ${count.criteria} reads ≤ 10 001 rows`,
          value: `${count.countedRows} rows read (${count.matching} match)`,
          pass: count.pass,
        });
    }
    if (only.has('reports')) printReportCases(await reportCases(database, config));
    if (only.has('xlsx')) {
      // Its targets (10 s, 250 MB) are absolute: printed beside the figures, not judged.
      const { pass, ...result } = await xlsxExportCase(database, config);
      out.tables?.push({
        title: 'Excel export, printed only',
        rows: [{ ...result, withinOldTargets: pass }],
      });
    }
    if (only.has('pdf_inprocess')) {
      const docs = await sampleStatements(database, config);
      out.tables?.push({
        title: 'Statement PDFs per second in this process (render path without HTTP), printed only',
        rows: (await pdfThroughput(docs, config, [...new Set([config.render.threads, 2])])).map((r) => ({
          ...r,
        })),
      });
    }
  } finally {
    await database.close();
  }
  return out;
}
