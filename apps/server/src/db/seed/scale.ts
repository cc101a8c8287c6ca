import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  applications,
  clients,
  funds,
  holdings,
  policies,
  policyItems,
  products,
  serviceRecords,
} from '../schema/index.js';
import { ensureDemoData } from './demo.js';
import { backfillStageDates, insertRequirements } from './demo-requirements.js';
import { Progress } from './progress.js';
import { Random } from './random.js';
import { backfillReportFacts } from './report-facts.js';
import { maySkipTriggers, verifyForeignKeys } from './scale-checks.js';
import { generateHistoryData } from './scale-history.js';
import { createMissingIndexes, dropIndexes, searchIndexDefinitions } from './scale-indexes.js';
import { IdReserve, StatementPipeline } from './scale-pipeline.js';
import { type ChunkRows, emptyChunk, type GeneratorState, generateChunk, type Team } from './scale-rows.js';
import { generateStatementData } from './scale-statements.js';
import { insertHeads, insertTeams } from './scale-teams.js';
import { rebuildTeamRequirementDays, rebuildTeamStageDays } from './team-stage-days.js';
import { insertsAsOneStatement } from './unnest.js';

export { scaleHeadCode } from './scale-teams.js';

export const POLICIES_PER_SCALE_UNIT = 10_000;
/** Clients drawn per generation step: the unit of the random stream, kept from the first generator. */
const CLIENTS_PER_CHUNK = 1_000;

export interface ScaleOptions {
  /** Multiples of 10 000 policies. */
  scale: number;
  /** Policies per INSERT statement (with their clients, applications, holdings… in the same statement). */
  batchSize?: number;
  /** Policies per scale unit; tests shrink it. */
  policiesPerUnit?: number;
  /** Statements in flight at once: 1 on PGlite (one connection), 2 on PostgreSQL (one per core here). */
  concurrency?: number;
  /** "Today" for the statement months (the six months before this one). Default: now. */
  now?: Date;
  /**
   * Skip the per-row foreign-key triggers while loading and check every key once afterwards (loadSettings,
   * scale-checks.ts). Default: when the session may (a superuser); otherwise the triggers check as usual.
   */
  skipTriggers?: boolean;
  /**
   * Sign-in users for the generated heads (login = head code, password Scale1234, every producer permission).
   * Default: unless NODE_ENV is production — a generated database is a development one.
   */
  signInUsers?: boolean;
  /**
   * Cases for the generated applications: the day each entered its stage and its cooling-off end, and its
   * requirements (docs/producer/cases.md), as the demo has them. Default true; tests of other things skip it.
   */
  cases?: boolean;
  /** Progress bars; default none (tests, the bench). */
  progress?: Progress;
  log?: (line: string) => void;
}

export interface ScaleReport {
  rows: Record<string, number>;
  totalRows: number;
  /** The load, the closing VACUUM ANALYZE excluded. */
  seconds: number;
  rowsPerSecond: number;
  /** The closing VACUUM ANALYZE. */
  analyzeSeconds: number;
  /** Time and rows of each phase, in order. */
  phases: { name: string; seconds: number; rows: number }[];
}

/** One chunk as one statement: its rows are written together or not at all. */
function chunkStatement(chunk: ChunkRows, skipTriggers: boolean): SQL {
  return insertsAsOneStatement(
    [
      { table: clients, rows: chunk.clients },
      { table: policies, rows: chunk.policies },
      { table: applications, rows: chunk.applications },
      { table: serviceRecords, rows: chunk.serviceRecords },
      { table: holdings, rows: chunk.holdings },
      { table: policyItems, rows: chunk.policyItems },
    ],
    skipTriggers,
  );
}

/** Tables whose keyword-search indexes are rebuilt after the load (scale-indexes.ts). */
const SEARCH_INDEXED_TABLES = ['clients', 'policies', 'applications', 'service_records'];

/** Tables the load writes with the triggers off (the producers keep theirs: they maintain producer_tree). */
const LOADED_TABLES = [
  'clients',
  'policies',
  'applications',
  'application_requirements',
  'service_records',
  'holdings',
  'policy_items',
  'statement_accounts',
  'statement_account_policies',
  'statement_snapshots',
  'statement_snapshot_holdings',
  'policy_values',
  'plan_valuations',
  'plan_holding_valuations',
  'plan_cash_flows',
];

const CHUNK_TABLES: [keyof ChunkRows, string][] = [
  ['clients', 'clients'],
  ['policies', 'policies'],
  ['applications', 'applications'],
  ['serviceRecords', 'service_records'],
  ['holdings', 'holdings'],
  ['policyItems', 'policy_items'],
];

/**
 * Adds scale × 10 000 policies (with their clients, applications, service records and holdings) under freshly
 * generated producer teams, then their report facts and six months of statements, then VACUUM ANALYZE. Rows are
 * built and inserted one chunk at a time, so memory stays flat whatever the scale. Runs can be repeated: every run
 * numbers its rows after the existing ones.
 */
export async function generateScaleData(db: Db, options: ScaleOptions): Promise<ScaleReport> {
  const log = options.log ?? (() => {});
  const depth = Math.max(1, options.concurrency ?? 1);
  const progress = options.progress ?? new Progress({ write: () => {} });
  await ensureDemoData(db);
  const started = performance.now();
  const rows: Record<string, number> = {};
  const count = (table: string, n: number) => {
    rows[table] = (rows[table] ?? 0) + n;
  };
  const skipTriggers = options.skipTriggers ?? (await maySkipTriggers(db));
  const searchIndexes = searchIndexDefinitions(SEARCH_INDEXED_TABLES);
  // A run that died without rebuilding them left them missing: build them first, so they are dropped knowingly.
  await createMissingIndexes(db, searchIndexes, depth);
  await dropIndexes(db, searchIndexes);
  const [lastApplication] = await db
    .select({ id: sql<number>`coalesce(max(${applications.id}), 0)::float8` })
    .from(applications);
  let clientIds: { low: number; high: number };
  try {
    clientIds = await loadPlans(db, options, depth, skipTriggers, progress, count, log);
  } finally {
    progress.begin('search indexes', searchIndexes.length, 'indexes');
    await createMissingIndexes(db, searchIndexes, depth);
    progress.update(searchIndexes.length, 0);
  }

  if (options.cases ?? true) {
    // Set-based, on the new applications only: stage dates first (the requirements' dates follow them).
    progress.begin('cases', 2, 'steps');
    const fromId = Number(lastApplication?.id ?? 0);
    // With the triggers off, the home's team counts are recounted below in one statement rather than kept by these.
    await db.transaction(async (tx) => {
      if (skipTriggers) await tx.execute(sql`set local session_replication_role = replica`);
      await backfillStageDates(tx, fromId);
    });
    progress.update(1, 0);
    const inserted = await db.transaction(async (tx) => {
      if (skipTriggers) await tx.execute(sql`set local session_replication_role = replica`);
      return insertRequirements(tx, options.now ?? new Date(), fromId);
    });
    count('application_requirements', inserted);
    progress.update(2, inserted);
  }
  // Applications and requirements were written with the triggers off: the home's team counts are recounted once.
  if (skipTriggers) {
    progress.begin('team stage days', 1, 'steps');
    const stageDays = await rebuildTeamStageDays(db);
    const requirementDays = await rebuildTeamRequirementDays(db);
    count('team_stage_days', stageDays);
    count('team_requirement_days', requirementDays);
    progress.update(1, stageDays + requirementDays);
  }

  // Cards, BV factors, AB BV lines and training for the generated plans and producers, derived in SQL from what was inserted.
  progress.begin('report facts', 1, 'steps');
  const facts = await backfillReportFacts(db, options.now ? { now: options.now } : {});
  count('payment_cards', facts.paymentCards);
  count('bv_factors', facts.bvFactors);
  count('ab_bv_lines', facts.abBvLines);
  count('plan_item_counts', facts.planItemCounts);
  count('producer_trainings', facts.trainings);
  progress.update(
    1,
    facts.paymentCards + facts.bvFactors + facts.abBvLines + facts.planItemCounts + facts.trainings,
  );

  if (clientIds.high >= clientIds.low) {
    progress.begin('statements', clientIds.high - clientIds.low + 1, 'clients');
    // The statement data is one INSERT … SELECT per 10 000 clients: planned on the statistics of a database that
    // held the demo set only, its joins ran as nested loops (10 minutes for the first 10 000 clients).
    await db.execute(sql`analyze clients, policies, holdings, fund_prices, fx_rates, statement_accounts`);
    const statementRows = await generateStatementData(db, {
      fromClientId: clientIds.low,
      toClientId: clientIds.high,
      now: options.now ?? new Date(),
      concurrency: depth,
      skipTriggers,
      onProgress: (clientsDone, written) => progress.update(clientsDone, written),
    });
    for (const [table, n] of Object.entries(statementRows)) count(table, n);
    // Its own phase, so the report shows what the history adds to the load.
    progress.begin('performance history', clientIds.high - clientIds.low + 1, 'clients');
    await db.execute(sql`analyze statement_accounts, statement_snapshots, statement_snapshot_holdings`);
    const historyRows = await generateHistoryData(db, {
      fromClientId: clientIds.low,
      toClientId: clientIds.high,
      now: options.now ?? new Date(),
      concurrency: depth,
      skipTriggers,
      onProgress: (clientsDone, written) => progress.update(clientsDone, written),
    });
    for (const [table, n] of Object.entries(historyRows)) count(table, n);
    // Generated statements are history, not news: nobody is told of them (migration 0050's outbox).
    await db.execute(sql`delete from statement_notice_outbox`);
  }
  if (skipTriggers) {
    progress.begin('foreign keys', 1, 'steps');
    const checked = await verifyForeignKeys(db, LOADED_TABLES, depth);
    progress.update(1, 0);
    log(`foreign keys: ${checked} checked`);
  }
  progress.end();
  const seconds = (performance.now() - started) / 1000;
  const totalRows = Object.values(rows).reduce((a, b) => a + b, 0);

  // Fresh statistics before anyone queries: right after the 1M preset the planner, still believing the tables
  // nearly empty, ran /b2c/plans 12× slower until ANALYZE (docs/data-model.md, "Large data sets"). VACUUM with it sets
  // the visibility map, so the lists' covering indexes answer from the index alone at once rather than after autovacuum
  // gets round to the new rows; the foreign-key scans have already set the pages' hint bits, which keeps it cheap (1.2
  // s at scale 40). Timed apart from the load's rows per second.
  progress.begin('vacuum analyze', 1, 'steps');
  const analyzeStarted = performance.now();
  await db.execute(sql`vacuum (analyze)`);
  const analyzeSeconds = (performance.now() - analyzeStarted) / 1000;
  progress.update(1, 0);
  progress.end();
  log(`vacuum analyze: ${analyzeSeconds.toFixed(1)} s`);
  return {
    rows,
    totalRows,
    seconds,
    rowsPerSecond: Math.round(totalRows / seconds),
    analyzeSeconds,
    phases: progress.phases,
  };
}

/**
 * The producers, then the clients with their plans, applications, service records, holdings and items, chunk by
 * chunk with `depth` statements in flight. Returns the range of the client ids it used.
 */
async function loadPlans(
  db: Db,
  options: ScaleOptions,
  depth: number,
  skipTriggers: boolean,
  progress: Progress,
  count: (table: string, n: number) => void,
  log: (line: string) => void,
): Promise<{ low: number; high: number }> {
  const batch = options.batchSize ?? 5000;
  const perUnit = options.policiesPerUnit ?? POLICIES_PER_SCALE_UNIT;
  const productRows = await db
    .select({ id: products.id, category: products.category, name: products.name })
    .from(products);
  const fundRows = await db
    .select({ id: funds.id, code: funds.code, name: funds.name, currency: funds.currency })
    .from(funds);
  const meta = (await db.execute(sql`
    select (select count(*) from producers where code ~ '^G[0-9]+U0T0P$')::int + 1 as run,
           greatest(20000000, coalesce((select max(substring(client_no from 3)::int) from clients), 0) + 1)::int as next_client`)) as unknown as {
    rows: { run: number; next_client: number }[];
  };
  const run = Number(meta.rows[0]?.run ?? 1);
  const state: GeneratorState = {
    run,
    rng: new Random(9000 + run),
    statusRng: new Random(19000 + run),
    nextClient: Number(meta.rows[0]?.next_client ?? 20000000),
    planSerial: 0,
    nonRider: productRows.filter((p) => p.category !== 'IR'),
    productNames: new Map(productRows.map((p) => [p.id, p.name])),
    fundRows,
  };

  const producerRows: Record<string, number> = {};
  progress.begin('producers', 3 + options.scale * 10 * 16, 'producers');
  const heads = await insertHeads(
    db,
    run,
    producerRows,
    options.signInUsers ?? process.env.NODE_ENV !== 'production',
  );
  const unitTeams: Team[][] = [];
  for (let unit = 0; unit < options.scale; unit++) {
    unitTeams.push(await insertTeams(db, run, unit, heads, producerRows));
    progress.update(producerRows.producers ?? 0, producerRows.producers ?? 0);
  }
  count('producers', producerRows.producers ?? 0);

  progress.begin('policies', options.scale * perUnit, 'policies');
  const ids = {
    clients: new IdReserve(db, 'clients', 20_000),
    policies: new IdReserve(db, 'policies', 50_000),
  };
  const pipeline = new StatementPipeline(db, depth);
  let pending = emptyChunk();
  let pendingPolicies = 0;
  let policiesInserted = 0;
  let rowsInserted = 0;
  const flush = async () => {
    if (pending.clients.length === 0) return;
    const chunk = pending;
    const policyCount = pendingPolicies;
    pending = emptyChunk();
    pendingPolicies = 0;
    await pipeline.push(chunkStatement(chunk, skipTriggers), () => {
      for (const [key, table] of CHUNK_TABLES) {
        count(table, chunk[key].length);
        rowsInserted += chunk[key].length;
      }
      policiesInserted += policyCount;
      progress.update(policiesInserted, rowsInserted);
    });
  };
  for (let unit = 0; unit < options.scale; unit++) {
    const teams = unitTeams[unit] as Team[];
    let policiesLeft = perUnit;
    while (policiesLeft > 0) {
      await ids.clients.ensure(CLIENTS_PER_CHUNK);
      await ids.policies.ensure(CLIENTS_PER_CHUNK * 4);
      const made = generateChunk(state, teams, ids, CLIENTS_PER_CHUNK, policiesLeft, pending);
      policiesLeft -= made;
      pendingPolicies += made;
      if (pendingPolicies >= batch) await flush();
    }
    log(`unit ${unit + 1}/${options.scale} built`);
  }
  await flush();
  await pipeline.drain();
  return { low: ids.clients.low, high: ids.clients.high };
}
