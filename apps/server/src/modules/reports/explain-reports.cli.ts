import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import type { TeamScope } from '../../db/team-scope.js';
import { listPageQueries } from '../../lists/index.js';
import type { CriteriaOf } from '../../lists/server-list.js';
import { SERVER_REPORTS, type ServerReportDefinition } from './server-report-registry.js';

/*
 * `npx tsx apps/server/src/modules/reports/explain-reports.cli.ts --producer G1HAFS [--type 6] [--verbose]` (on
 * DATABASE_URL, else PGlite under DATA_DIR): EXPLAIN ANALYZE of the page (1 and 500) and count statements runList
 * sends for the reports 6, 7, 9–12, for one producer and their whole team, with typical criteria. docs/reports.md
 * has the findings.
 */

const CASES: [number, Record<string, unknown>][] = [
  [6, { month: 3 }],
  [6, { month: 3, excludeStatus: ['LAP', 'SUR', 'CAN', 'COF', 'TOT'] }],
  [7, {}],
  [7, { followupType: 6, dateFrom: '2026-01-01', dateTo: '2026-03-31' }],
  [9, {}],
  [9, { productType: 'FD', type: 'D' }],
  [10, { dateType: 'APPL', dateFrom: '2024-01-01', dateTo: '2024-12-31' }],
  [10, { dateType: 'POLICY', dateFrom: '2024-01-01', dateTo: '2024-12-31' }],
  [10, { dateType: 'APPLSENT', dateFrom: '2024-01-01', dateTo: '2024-12-31', excludeStatus: ['LAP'] }],
  [10, {}],
  [11, { dateType: 'APPL', dateFrom: '2024-01-01', dateTo: '2024-12-31' }],
  [11, {}],
  [12, { dateType: 'APPL', dateFrom: '2024-01-01', dateTo: '2024-12-31' }],
  [12, {}],
  [11, { dateType: 'APPL', dateFrom: '2025-07-01', dateTo: '2026-06-30' }],
  [13, { dateType: 'APPL', dateFrom: '2025-07-01', dateTo: '2026-06-30' }],
  [14, { dateType: 'APPL', dateFrom: '2025-07-01', dateTo: '2026-06-30' }],
  [4, { dateFrom: '2025-07-01', dateTo: '2026-06-30' }],
];

async function main() {
  const { values } = parseArgs({
    options: {
      producer: { type: 'string' },
      type: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
  if (!values.producer) throw new Error('--producer CODE is required');
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
    poolSize: 2,
  });
  const db = database.db;
  try {
    const found = (await db.execute(
      sql`select id, site_code from producers where upper(code) = upper(${values.producer})`,
    )) as unknown as { rows: { id: unknown; site_code: TeamScope['caller']['siteCode'] }[] };
    const producer = found.rows[0];
    if (!producer) throw new Error(`no producer ${values.producer}`);
    const producerId = Number(producer.id);
    const scope: TeamScope = {
      caller: { userId: 0, producerId, siteCode: producer.site_code },
      producerId,
      includedTeam: true,
      viewingOther: false,
    };
    for (const [type, input] of CASES) {
      if (values.type && Number(values.type) !== type) continue;
      const definition = SERVER_REPORTS[type as keyof typeof SERVER_REPORTS] as ServerReportDefinition;
      for (const page of [1, 500]) {
        const criteria = definition.contract.criteria.parse({
          reportType: type,
          ...input,
          page,
        }) as CriteriaOf<ServerReportDefinition['contract']>;
        const queries = listPageQueries(definition, scope, criteria, 'en');
        for (const [kind, query] of Object.entries(queries)) {
          if (page === 500 && kind === 'count') continue;
          const result = (await db.execute(sql`explain (analyze, buffers) ${query}`)) as unknown as {
            rows: { 'QUERY PLAN': string }[];
          };
          const lines = result.rows.map((r) => r['QUERY PLAN']);
          const time = lines.find((l) => l.startsWith('Execution Time')) ?? '';
          console.log(`\n## type ${type} ${JSON.stringify(input)} page=${page} ${kind}: ${time}`);
          if (values.verbose) console.log(lines.filter((l) => !l.startsWith('Planning')).join('\n'));
        }
      }
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
