import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Language } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { type TeamScope, withScopeSize } from '../../db/team-scope.js';
import { listPageQueries, type ServerListDefinition } from '../../lists/index.js';
import type { ContractList, CriteriaOf } from '../../lists/server-list.js';
import { clientServerList } from './client-list.js';
import { newBusinessServerList } from './new-business-list.js';
import { serviceRecordServerList } from './service-record-list.js';

/*
 * `npx tsx apps/server/src/modules/producer-lists/explain-plans.cli.ts --producer G1HAFS [--keywords Chan]`
 * (on DATABASE_URL, else PGlite under DATA_DIR): EXPLAIN ANALYZE of exactly the page and count statements runList sends, for each producer
 * list, page 1 and page 500, for one producer with and without their team. docs/producer/lists.md has the findings.
 */

// biome-ignore lint/suspicious/noExplicitAny: the three definitions differ in criteria and rows
type AnyDefinition = ServerListDefinition<ContractList, any>;

const LISTS: [string, AnyDefinition, Record<string, unknown>][] = [
  ['new_business', newBusinessServerList as unknown as AnyDefinition, {}],
  ['service_records', serviceRecordServerList as unknown as AnyDefinition, {}],
  ['clients', clientServerList as unknown as AnyDefinition, {}],
];

async function main() {
  const { values } = parseArgs({
    options: {
      producer: { type: 'string' },
      keywords: { type: 'string' },
      sort: { type: 'string' },
      /** Every offered sort of each list, both orders, team only: one line of execution times per statement. */
      'all-sorts': { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      /** Refresh planner statistics first (after a bulk load; PGlite has no autovacuum). */
      analyze: { type: 'boolean', default: false },
    },
  });
  if (!values.producer) throw new Error('--producer CODE is required');
  // PostgreSQL when DATABASE_URL is set, else the PGlite directory under DATA_DIR (as `npm run seed` uses it).
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
    poolSize: 2,
  });
  console.log(`# ${database.kind}`);
  const db = database.db;
  try {
    if (values.analyze) await db.execute(sql`analyze`);
    const found = (await db.execute(
      sql`select id, site_code from producers where upper(code) = upper(${values.producer})`,
    )) as unknown as { rows: { id: unknown; site_code: TeamScope['caller']['siteCode'] }[] };
    const producer = found.rows[0];
    if (!producer) throw new Error(`no producer ${values.producer}`);
    const producerId = Number(producer.id);
    if (values['all-sorts']) {
      await explainEverySort(db, producerId, producer.site_code, values.keywords);
      return;
    }
    for (const includedTeam of [true, false]) {
      const resolved: TeamScope = {
        caller: { userId: 0, producerId, siteCode: producer.site_code },
        producerId,
        includedTeam,
        viewingOther: false,
      };
      // As the endpoint decides it for a keyword search (per-row keyword checks for a small scope).
      const scope = values.keywords ? await withScopeSize(db, resolved) : resolved;
      for (const [name, definition, base] of LISTS) {
        for (const page of [1, 500]) {
          const input = { ...base, page, keywords: values.keywords, sortField: values.sort };
          const criteria = definition.contract.criteria.parse(input) as CriteriaOf<ContractList>;
          const queries = listPageQueries(definition, scope, criteria, 'en' as Language);
          for (const [kind, query] of Object.entries(queries)) {
            const result = (await db.execute(sql`explain (analyze, buffers) ${query}`)) as unknown as {
              rows: { 'QUERY PLAN': string }[];
            };
            const lines = result.rows.map((r) => r['QUERY PLAN']);
            const time = lines.find((l) => l.startsWith('Execution Time')) ?? '';
            console.log(`\n## ${name} team=${includedTeam} page=${page} ${kind}: ${time}`);
            if (values.verbose || page === 1)
              console.log(lines.filter((l) => !l.startsWith('Planning')).join('\n'));
          }
        }
      }
    }
  } finally {
    await database.close();
  }
}

/** Execution times of the page and count statements of every sort of every list, for the producer's whole team. */
async function explainEverySort(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  producerId: number,
  siteCode: TeamScope['caller']['siteCode'],
  keywords: string | undefined,
) {
  const resolved: TeamScope = {
    caller: { userId: 0, producerId, siteCode },
    producerId,
    includedTeam: true,
    viewingOther: false,
  };
  const scope = keywords ? await withScopeSize(db, resolved) : resolved;
  for (const [name, definition, base] of LISTS) {
    for (const sortField of definition.contract.sortFields) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        for (const page of [1, 500]) {
          const input = { ...base, page, keywords, sortField, sortOrder };
          const criteria = definition.contract.criteria.parse(input) as CriteriaOf<ContractList>;
          const queries = listPageQueries(definition, scope, criteria, 'en' as Language);
          const times: string[] = [];
          for (const [kind, query] of Object.entries(queries)) {
            const result = (await db.execute(sql`explain (analyze, buffers) ${query}`)) as unknown as {
              rows: { 'QUERY PLAN': string }[];
            };
            const time = result.rows.map((r) => r['QUERY PLAN']).find((l) => l.startsWith('Execution Time'));
            times.push(`${kind} ${time?.replace('Execution Time: ', '') ?? '?'}`);
          }
          console.log(`${name} ${sortField} ${sortOrder} page ${page}: ${times.join(', ')}`);
        }
      }
    }
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
