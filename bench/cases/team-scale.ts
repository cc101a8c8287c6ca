import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  REPORT_DEFINITIONS,
  REPORT_TYPES,
  type ReportType,
  reportToday,
  withReportDefaults,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { SEARCH_POOL_OPTIONS } from '../../apps/server/src/db/search-statements.js';
import type { TeamScope } from '../../apps/server/src/db/team-scope.js';
import { listPageQueries } from '../../apps/server/src/lists/index.js';
import type { ContractList, CriteriaOf } from '../../apps/server/src/lists/server-list.js';
import { listRequirements } from '../../apps/server/src/modules/cases/list-requirements.js';
import { loadProducerHome } from '../../apps/server/src/modules/cases/producer-home.js';
import { SERVER_REPORTS } from '../../apps/server/src/modules/reports/server-report-registry.js';
import { captureSql } from '../capture-sql.js';
import { type ConcurrentResult, measureConcurrent } from '../harness.js';
import { listExportCase } from './producer-list-export.js';
import { type BenchProducer, benchProducers, LIST_KEYWORDS, SCALE_LISTS } from './producer-list-fixtures.js';
import { bareCount, bareStatements } from './producer-lists.js';
import { BENCH_FORMS } from './reports.js';

/*
 * Big teams by design (decision 039): the top producer's whole team and a ~50-plan producer on the million-policy preset, every list × every
 * offered sort × with and without a common surname × page 1 and 500, every report's preview, and the 100 000-row
 * export. Each case: the endpoint (app.inject, the whole pipeline, the server's default pools and DB limits) and
 * exactly its SQL run bare (named statements on a pool with the searches' options), each at 1 and at 8 in flight;
 * p95s, the endpoint ÷ bare throughput at 8 in flight, any answer but 200 (a 503 is a failure of the case), and
 * EXPLAIN (ANALYZE, BUFFERS) of the case's slowest statement (one line in the table; the plans in a file).
 *
 * `DATABASE_URL=…/bench_1m npx tsx --expose-gc bench/cases/team-scale.ts [--duration 600] [--only lists,reports,export,home] [--list requirements]
 *   [--who top] [--plans .tmp/team-scale-plans.md]`
 */

const TARGET_LIST_P95_MS = 150;
const TARGET_REPORT_P95_MS = 500;
const TARGET_RATIO = 0.5;
/** A case's checklist (issue "cases that move"): one application's dozen items. */
const TARGET_REQUIREMENTS_P95_MS = 20;

interface CaseRow {
  case: string;
  total: string;
  'p95 @1': number;
  'p95 @8': number;
  'bare p95 @1': number;
  'bare p95 @8': number;
  ratio: number;
  'not 200': number | string;
  'slowest statement ms': number;
  plan: string;
  pass: string;
}

type Measured = {
  endpoint1: ConcurrentResult;
  endpoint8: ConcurrentResult;
  bare1: ConcurrentResult;
  bare8: ConcurrentResult;
};

/** The first lines of a plan that say what it does: the nodes that read tables, with their index. */
function planSummary(lines: string[]): string {
  const reads = lines
    .map((l) => l.trim().replace(/^->\s*/, ''))
    .filter((l) =>
      /^(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan|Sort |Incremental Sort|HashAggregate|GroupAggregate)/.test(
        l,
      ),
    )
    .map((l) => l.replace(/\s+\(cost=.*$/, '').replace(/ on [a-z_]+( [a-z_0-9]+)?$/, ''));
  return [...new Set(reads)].slice(0, 3).join('; ');
}

async function main() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '600' },
      only: { type: 'string', default: 'lists,reports,export' },
      who: { type: 'string' },
      // Some of the lists only, by name (new_business, service_records, clients, requirements).
      list: { type: 'string' },
      plans: { type: 'string', default: '.tmp/team-scale-plans.md' },
    },
  });
  const durationMs = Number(values.duration);
  const only = new Set(values.only.split(','));
  // Eight in flight stand for eight people, signed in here as one account per producer: the per-person caps
  // (USER_CONCURRENT_*, decision 038) are raised to let one account carry them; every DB_* limit stays at its default.
  const config = loadConfig({
    USER_CONCURRENT_LISTS: '8',
    USER_CONCURRENT_PREVIEWS: '8',
    ...process.env,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
  });
  if (!config.databaseUrl)
    throw new Error('set DATABASE_URL to a PostgreSQL database seeded with --preset 1m');
  // The server's own pools and DB limits (statement timeout, connect wait, outage gate): a 503 counts against a case.
  const database = await openDatabase({
    url: config.databaseUrl,
    poolSize: config.dbPoolMax,
    heavyPoolSize: config.dbHeavyPoolMax,
    timeouts: config.dbTimeouts,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const bare = new pg.Pool({
    connectionString: config.databaseUrl,
    max: config.dbPoolMax,
    options: SEARCH_POOL_OPTIONS,
  });
  const dialect = new PgDialect();
  const plans: string[] = [];
  const rows: CaseRow[] = [];
  let notOk = 0;
  try {
    const producers = (await benchProducers(database, config, app)).filter(
      (p) => !values.who || (values.who === 'top' ? p.label === 'top team' : p.label !== 'top team'),
    );

    /** Endpoint and bare at 1 and 8 in flight, then EXPLAIN of the slowest bare statement. */
    const measure = async (
      name: string,
      who: BenchProducer,
      call: () => Promise<number>,
      statements: { name: string; text: string; values: unknown[]; stage?: number }[],
      target: number,
    ): Promise<void> => {
      let failures = 0;
      const statuses = new Set<number>();
      const endpoint = async () => {
        const status = await call();
        if (status !== 200) {
          failures++;
          statuses.add(status);
        }
      };
      // A use case's statements replay in its round trips (capture-sql.ts): a stage after the one it waited for.
      const stages = [...new Set(statements.map((s) => s.stage ?? 0))].sort((a, b) => a - b);
      const bareRun = async () => {
        for (const stage of stages)
          await Promise.all(
            statements
              .filter((s) => (s.stage ?? 0) === stage)
              .map(({ stage: _stage, ...s }) => bare.query(s)),
          );
      };
      const m: Measured = {
        endpoint1: await measureConcurrent(`${name} @1`, { concurrency: 1, durationMs }, endpoint),
        bare1: await measureConcurrent(`${name} bare @1`, { concurrency: 1, durationMs }, bareRun),
        endpoint8: await measureConcurrent(`${name} @8`, { concurrency: 8, durationMs }, endpoint),
        bare8: await measureConcurrent(`${name} bare @8`, { concurrency: 8, durationMs }, bareRun),
      };
      let slowest = { ms: -1, lines: [] as string[] };
      for (const s of statements) {
        const explained = await bare.query({
          text: `explain (analyze, buffers) ${s.text}`,
          values: s.values as unknown[],
        });
        const lines = explained.rows.map((r: Record<string, string>) => r['QUERY PLAN'] as string);
        const ms = Number(lines.find((l) => l.startsWith('Execution Time'))?.match(/[\d.]+/)?.[0] ?? 0);
        if (ms > slowest.ms) slowest = { ms, lines };
      }
      plans.push(`### ${name}\n\n\`\`\`\n${slowest.lines.join('\n')}\n\`\`\`\n`);
      const ratio = Number((m.endpoint8.opsPerSecond / m.bare8.opsPerSecond).toFixed(2));
      const missed = [
        failures > 0 ? 'not 200' : '',
        m.endpoint8.p95Ms > target ? `p95>${target}` : '',
        ratio < TARGET_RATIO ? `ratio<${TARGET_RATIO}` : '',
      ].filter(Boolean);
      if (failures > 0) notOk++;
      const row: CaseRow = {
        case: name,
        total: '',
        'p95 @1': m.endpoint1.p95Ms,
        'p95 @8': m.endpoint8.p95Ms,
        'bare p95 @1': m.bare1.p95Ms,
        'bare p95 @8': m.bare8.p95Ms,
        ratio,
        'not 200': failures ? `${failures} (${[...statuses].join(', ')})` : 0,
        'slowest statement ms': slowest.ms,
        plan: planSummary(slowest.lines),
        pass: missed.length ? missed.join(' ') : 'ok',
      };
      rows.push(row);
      console.error(`${name} (${who.label}): ${JSON.stringify(row)}`);
    };

    if (only.has('lists')) {
      const listNames = values.list ? new Set(values.list.split(',')) : null;
      for (const list of SCALE_LISTS.filter((l) => !listNames || listNames.has(l.name))) {
        const sorts: (string | undefined)[] = [undefined, ...list.definition.contract.sortFields];
        for (const who of producers)
          for (const sortField of sorts)
            for (const keywords of ['', LIST_KEYWORDS])
              for (const page of [1, 500]) {
                const body: Record<string, unknown> = {
                  page,
                  sizePerPage: 10,
                  ...(sortField ? { sortField, sortOrder: 'asc' } : {}),
                  ...(keywords ? { keywords } : {}),
                };
                const name = `${list.name} ${who.label} ${sortField ?? 'default'} p${page}${keywords ? ` ${keywords}` : ''}`;
                const first = await who.agent.send('POST', list.path, body);
                const statements = bareStatements(list, who, body);
                const bareTotal = bareCount(await Promise.all(statements.map((s) => bare.query(s))));
                await measure(
                  name,
                  who,
                  async () => (await who.agent.send('POST', list.path, body)).statusCode,
                  statements,
                  TARGET_LIST_P95_MS,
                );
                const answer = first.json() as { totalSize?: number; totalIsLowerBound?: boolean };
                const last = rows.at(-1) as CaseRow;
                last.total = `${answer.totalSize ?? '?'}${answer.totalIsLowerBound ? '+' : ''}`;
                if (first.statusCode === 200 && Math.min(bareTotal, 10_000) !== answer.totalSize)
                  throw new Error(`${name}: endpoint total ${answer.totalSize}, bare ${bareTotal}`);
              }
      }
    }

    if (only.has('reports')) {
      const head = producers.find((p) => p.label === 'top team') ?? producers[0];
      if (!head) throw new Error('no bench producer');
      await database.db.execute(sql`update producers set has_bv_report_permission = true,
        has_training_history_report_permission = true where id = ${head.producerId}`);
      const scope: TeamScope = {
        caller: { userId: 0, producerId: head.producerId, siteCode: head.siteCode },
        producerId: head.producerId,
        includedTeam: true,
        viewingOther: false,
      };
      for (const type of REPORT_TYPES as readonly ReportType[]) {
        const form = { reportType: type, ...BENCH_FORMS[type], page: 1, sizePerPage: 10 };
        const definition = REPORT_DEFINITIONS[type];
        const parsed = definition.criteria.parse(form) as CriteriaOf<ContractList>;
        const criteria = withReportDefaults(
          parsed as never,
          type,
          definition.filters,
          reportToday(new Date()),
        ) as CriteriaOf<ContractList>;
        const queries = listPageQueries(SERVER_REPORTS[type] as never, scope, criteria, 'en');
        const statements = [queries.page, ...(queries.count ? [queries.count] : [])].map((q, i) => {
          const { sql: text, params } = dialect.sqlToQuery(q);
          return { name: `bench_report_${type}_${i}`, text, values: params };
        });
        await measure(
          `report ${type} ${definition.title.en}`,
          head,
          async () => (await head.agent.send('POST', '/b2b/reports', form)).statusCode,
          statements,
          TARGET_REPORT_P95_MS,
        );
      }
    }

    if (only.has('home')) {
      // The producer home (docs/producer/cases.md) for each bench producer with their whole team, against the SQL its
      // use case sends, captured and replayed bare in the same round trips; then one application's checklist.
      for (const who of producers) {
        // The producer's own user: opening a team member's case is audited under it (a foreign key).
        const [user] = (
          await bare.query('select min(id) as id from users where producer_id = $1', [who.producerId])
        ).rows as { id: string }[];
        const caller = { userId: Number(user?.id), producerId: who.producerId, siteCode: who.siteCode };
        const captured = await captureSql(config.databaseUrl, (db) =>
          loadProducerHome({ db, now: () => new Date(), notifier: undefined as never }, caller, {
            includedTeam: true,
          }),
        );
        await measure(
          `home ${who.label}`,
          who,
          async () => (await who.agent.get('/b2b/home')).statusCode,
          captured.map((c, i) => ({
            name: `bench_home_${who.code}_${i}`,
            text: c.text,
            values: c.params,
            stage: c.stage,
          })),
          TARGET_LIST_P95_MS,
        );
        const [pending] = (
          await bare.query(
            `select a.id from applications a join producer_tree t on t.descendant_id = a.producer_id
             where t.ancestor_id = $1 and a.stage between 1 and 5 order by a.id desc limit 1`,
            [who.producerId],
          )
        ).rows as { id: string }[];
        if (!pending) continue;
        const app = { id: Number(pending.id) };
        const checklist = await captureSql(config.databaseUrl, (db) =>
          listRequirements({ db, now: () => new Date(), notifier: undefined as never }, caller, app.id),
        );
        await measure(
          `requirements ${who.label}`,
          who,
          async () => (await who.agent.get(`/b2b/applications/${app.id}/requirements`)).statusCode,
          checklist.map((c, i) => ({
            name: `bench_req_${who.code}_${i}`,
            text: c.text,
            values: c.params,
            stage: c.stage,
          })),
          TARGET_REQUIREMENTS_P95_MS,
        );
      }
    }

    console.log(
      `\n## Big-team cases (${durationMs} ms per window; p95 in ms; ratio = endpoint ÷ bare at 8 in flight)\n`,
    );
    const columns = Object.keys(rows[0] ?? {}) as (keyof CaseRow)[];
    console.log(`| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|`);
    for (const row of rows) console.log(`| ${columns.map((c) => String(row[c])).join(' | ')} |`);

    if (only.has('export')) {
      // As the producer-list export case: on a handle without the short DB_* limits (its row count alone is a whole-team
      // count), the export itself streamed through the route as the server serves it.
      const unlimited = await openDatabase({ url: config.databaseUrl, poolSize: config.dbPoolMax });
      const exported = await listExportCase(unlimited, config).finally(() => unlimited.close());
      console.log('\n## 100 000-row export\n');
      console.log(JSON.stringify(exported, null, 2));
    }
  } finally {
    writeFileSync(
      values.plans,
      `# EXPLAIN (ANALYZE, BUFFERS) of each case's slowest statement\n\n${plans.join('\n')}`,
    );
    await bare.end();
    await app.close();
    await database.close();
  }
  console.log(`\nplans: ${values.plans}`);
  if (notOk > 0 || rows.some((r) => r.pass !== 'ok')) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
