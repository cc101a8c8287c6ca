import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import { type Config, loadConfig } from '../../apps/server/src/config.js';
import { type Database, openDatabase } from '../../apps/server/src/db/client.js';
import type { TeamScope } from '../../apps/server/src/db/team-scope.js';
import { listPageQueries } from '../../apps/server/src/lists/index.js';
import type { ContractList, CriteriaOf } from '../../apps/server/src/lists/server-list.js';
import { type ConcurrentResult, measureConcurrent } from '../harness.js';
import {
  type CountCheck,
  countChecks,
  type ListExportResult,
  listExportCase,
} from './producer-list-export.js';
import { type BenchProducer, benchProducers, LIST_KEYWORDS, SCALE_LISTS } from './producer-list-fixtures.js';

/*
 * Producer lists at scale (docs/performance.md): the three producer list endpoints under 32 calls in flight, each side
 * by side in the same run with exactly the SQL it sends (listPageQueries: page + bounded count, concurrently, as
 * runList does) run bare through node-postgres. Needs PostgreSQL seeded with `npm run seed -- --scale 100`
 * (docs/performance.md).
 */

const CONCURRENCY = 32;
const TARGET_RATIO = 0.5;
const TARGET_P95_MS = 100;
const TARGET_PAGE_RATIO = 1.5;

export interface ListScaleRow {
  list: string;
  who: string;
  page: number;
  keywords: string;
  totalSize: string;
  endpointOps: number;
  endpointP50Ms: number;
  endpointP95Ms: number;
  bareOps: number;
  bareP95Ms: number;
  /** Median over the repeats of endpoint ops/s ÷ bare ops/s measured back to back. */
  ratio: number;
  /** Page 500 rows: median endpoint p50 of page 500 ÷ that of page 1 (same list, producer, keywords). */
  page500VsPage1?: number;
  pass: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** The page and count statements the endpoint sends for `body`, as node-postgres named (prepared) statements. */
export function bareStatements(
  list: (typeof SCALE_LISTS)[number],
  who: BenchProducer,
  body: Record<string, unknown>,
) {
  const scope: TeamScope = {
    caller: { userId: 0, producerId: who.producerId, siteCode: who.siteCode },
    producerId: who.producerId,
    includedTeam: true,
    viewingOther: false,
    // As the endpoint decides it for a keyword search (withScopeSize; its one bounded read is not repeated here).
    ...(body.keywords ? { small: who.smallScope } : {}),
  };
  const criteria = list.definition.contract.criteria.parse(body) as CriteriaOf<ContractList>;
  const queries = listPageQueries(list.definition, scope, criteria, 'en');
  const dialect = new PgDialect();
  const statement = (kind: string, query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return {
      // Named by a digest of the text: one name per distinct statement (sorts, keywords, pages, producers).
      name: `bench_${kind}_${createHash('sha1').update(text).digest('base64url')}`,
      text,
      values: params,
    };
  };
  // One statement (page and bounded count in one pass) unless the page lies beyond the count limit.
  return queries.count
    ? [statement('page', queries.page), statement('count', queries.count)]
    : [statement('page', queries.page)];
}

/** The bounded count of the bare statements' answers: the count statement's, or the one-pass page's list_total. */
export function bareCount(results: { rows: Record<string, unknown>[] }[]): number {
  const [page, count] = results;
  return Number(count ? count.rows[0]?.n : (page?.rows[0]?.list_total ?? 0));
}

export interface ListScaleOptions {
  durationMs: number;
  repeats: number;
}

/**
 * Every (list × producer × page 1/500 × without/with keywords) case, endpoint then bare SQL back to back, the whole
 * matrix repeated `repeats` times (medians reported: the machine is shared, a single pass swings).
 */
export async function listScaleCases(
  database: Database,
  config: Config,
  options: ListScaleOptions,
): Promise<ListScaleRow[]> {
  if (!config.databaseUrl || database.kind !== 'postgres')
    throw new Error('the list scale bench needs PostgreSQL');
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  // Named statements, planned for their parameters every time (as the endpoint's unnamed ones are): with the default
  // plan_cache_mode a named statement switches to a generic plan after five runs, and the generic plans of the
  // keyword and page-500 statements were 3-100× slower than the ones the endpoint gets (docs/performance.md).
  const bare = new pg.Pool({
    connectionString: config.databaseUrl,
    max: config.dbPoolMax,
    options: '-c plan_cache_mode=force_custom_plan',
  });
  try {
    const producers = await benchProducers(database, config, app);
    type Case = { list: (typeof SCALE_LISTS)[number]; who: BenchProducer; page: number; keywords: string };
    const cases: Case[] = [];
    for (const list of SCALE_LISTS)
      for (const who of producers)
        for (const keywords of ['', LIST_KEYWORDS])
          for (const page of [1, 500]) cases.push({ list, who, page, keywords });
    const samples = new Map<Case, { endpoint: ConcurrentResult; bare: ConcurrentResult }[]>();
    const totals = new Map<Case, string>();
    for (const c of cases) {
      const body = { page: c.page, ...(c.keywords ? { keywords: c.keywords } : {}) };
      // Once, outside the measurement: the endpoint and the bare SQL agree on the total.
      const response = await c.who.agent.send('POST', c.list.path, body);
      if (response.statusCode !== 200) throw new Error(`${c.list.path} answered ${response.statusCode}`);
      const { totalSize, totalIsLowerBound } = response.json() as {
        totalSize: number;
        totalIsLowerBound: boolean;
      };
      const results = await Promise.all(bareStatements(c.list, c.who, body).map((s) => bare.query(s)));
      const bareTotal = Math.min(bareCount(results), 10_000);
      if (bareTotal !== totalSize)
        throw new Error(`${c.list.name}: endpoint total ${totalSize}, bare ${bareTotal}`);
      totals.set(c, `${totalSize.toLocaleString('en-US')}${totalIsLowerBound ? '+' : ''}`);
    }
    for (let repeat = 0; repeat < options.repeats; repeat++) {
      for (const c of cases) {
        const body = { page: c.page, ...(c.keywords ? { keywords: c.keywords } : {}) };
        const name = `${c.list.name} ${c.who.label} p${c.page}${c.keywords ? ' kw' : ''}`;
        const measureOptions = { concurrency: CONCURRENCY, durationMs: options.durationMs };
        const endpoint = await measureConcurrent(`${name} endpoint`, measureOptions, async () => {
          const response = await c.who.agent.send('POST', c.list.path, body);
          if (response.statusCode !== 200)
            throw new Error(`${c.list.path} answered ${response.statusCode} ${response.body}`);
        });
        const statements = bareStatements(c.list, c.who, body);
        const bareResult = await measureConcurrent(`${name} bare`, measureOptions, () =>
          Promise.all(statements.map((s) => bare.query(s))),
        );
        samples.set(c, [...(samples.get(c) ?? []), { endpoint, bare: bareResult }]);
        // Progress on stderr (the tables come at the end): a run takes minutes.
        console.error(
          `${name}: endpoint ${endpoint.opsPerSecond}/s p95 ${endpoint.p95Ms} ms, bare ${bareResult.opsPerSecond}/s p95 ${bareResult.p95Ms} ms`,
        );
      }
    }
    const rows = cases.map((c) => {
      const runs = samples.get(c) ?? [];
      const endpointP50 = median(runs.map((r) => r.endpoint.p50Ms));
      const row: ListScaleRow = {
        list: c.list.name,
        who: c.who.label,
        page: c.page,
        keywords: c.keywords || '—',
        totalSize: totals.get(c) ?? '',
        endpointOps: Math.round(median(runs.map((r) => r.endpoint.opsPerSecond))),
        endpointP50Ms: endpointP50,
        endpointP95Ms: median(runs.map((r) => r.endpoint.p95Ms)),
        bareOps: Math.round(median(runs.map((r) => r.bare.opsPerSecond))),
        bareP95Ms: median(runs.map((r) => r.bare.p95Ms)),
        ratio: Number(median(runs.map((r) => r.endpoint.opsPerSecond / r.bare.opsPerSecond)).toFixed(2)),
        pass: '',
      };
      if (c.page === 500) {
        const first = cases.find(
          (o) => o.list === c.list && o.who === c.who && o.keywords === c.keywords && o.page === 1,
        );
        const firstRuns = first ? (samples.get(first) ?? []) : [];
        row.page500VsPage1 = Number(
          median(runs.map((r, i) => r.endpoint.p50Ms / (firstRuns[i]?.endpoint.p50Ms ?? Number.NaN))).toFixed(
            2,
          ),
        );
      }
      return row;
    });
    for (const row of rows) row.pass = verdict(row);
    return rows;
  } finally {
    await bare.end();
    await app.close();
  }
}

/** Which of the three targets a row meets: ratio, p95, page 500 vs page 1 ("ok" when all). */
function verdict(row: ListScaleRow): string {
  const missed = [
    row.ratio < TARGET_RATIO ? `ratio<${TARGET_RATIO}` : '',
    row.endpointP95Ms > TARGET_P95_MS ? `p95>${TARGET_P95_MS}` : '',
    (row.page500VsPage1 ?? 0) > TARGET_PAGE_RATIO ? `p500>${TARGET_PAGE_RATIO}×p1` : '',
  ].filter(Boolean);
  return missed.length === 0 ? 'ok' : missed.join(' ');
}

export function printListScale(
  rows: ListScaleRow[],
  counts: CountCheck[],
  exported: ListExportResult | null,
) {
  console.log(
    `\nProducer lists at scale (bench/cases/producer-lists.ts): ${CONCURRENCY} calls in flight, endpoint (inject) vs the same SQL bare (pg.Pool, named statements); medians of the repeats`,
  );
  console.table(rows);
  console.log('\nBounded counts (EXPLAIN ANALYZE of the count statement, top producer):');
  console.table(counts);
  if (exported) {
    console.log('\nGET /b2b/nb_export of the top producer (HTTP, streamed to the end):');
    console.table([exported]);
  }
}

/** The ratio is the target judged within one run (the others depend on the machine; see docs/performance.md). */
export function listScalePassed(
  rows: ListScaleRow[],
  counts: CountCheck[],
  exported: ListExportResult | null,
) {
  return (
    rows.every((r) => r.ratio >= TARGET_RATIO) && counts.every((c) => c.pass) && (exported?.pass ?? true)
  );
}

/**
 * `DATABASE_URL=… npx tsx --expose-gc bench/cases/producer-lists.ts [--duration ms] [--repeats n] [--no-export]`:
 * this case alone, on a database already seeded at scale (never reseeded here).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '2000' },
      repeats: { type: 'string', default: '3' },
      'no-export': { type: 'boolean', default: false },
    },
  });
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  if (!config.databaseUrl)
    throw new Error('set DATABASE_URL to a PostgreSQL database seeded with --scale 100');
  const database = await openDatabase({
    url: config.databaseUrl,
    poolSize: config.dbPoolMax,
  });
  try {
    await database.migrate();
    const rows = await listScaleCases(database, config, {
      durationMs: Number(values.duration),
      repeats: Number(values.repeats),
    });
    const counts = await countChecks(database);
    const exported = values['no-export'] ? null : await listExportCase(database, config);
    printListScale(rows, counts, exported);
    if (!listScalePassed(rows, counts, exported)) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
