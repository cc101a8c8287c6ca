import type { SiteCode } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  applications,
  clients,
  funds,
  holdings,
  policies,
  policyItems,
  producers,
  products,
  serviceRecords,
} from '../schema/index.js';
import { insertReturningIds } from './bulk.js';
import { ensureDemoData } from './demo.js';
import { Progress } from './progress.js';
import { Random } from './random.js';
import { backfillReportFacts } from './report-facts.js';
import { maySkipTriggers, verifyForeignKeys } from './scale-checks.js';
import {
  type ChunkRows,
  emptyChunk,
  type GeneratorState,
  generateChunk,
  type IdSource,
  type Team,
} from './scale-rows.js';
import { generateStatementData } from './scale-statements.js';
import { insertsAsOneStatement } from './unnest.js';

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
  /** Progress bars; default none (tests, the bench). */
  progress?: Progress;
  log?: (line: string) => void;
}

export interface ScaleReport {
  rows: Record<string, number>;
  totalRows: number;
  /** The load, ANALYZE excluded. */
  seconds: number;
  rowsPerSecond: number;
  analyzeSeconds: number;
  /** Time and rows of each phase, in order. */
  phases: { name: string; seconds: number; rows: number }[];
}

/** Ten teams per unit, each a partner, three sub-partners and four consultants under each sub-partner. */
async function insertTeams(
  db: Db,
  run: number,
  unit: number,
  heads: Record<SiteCode, number>,
  rows: Record<string, number>,
): Promise<Team[]> {
  const sitesCycle: SiteCode[] = ['afs', 'afs', 'afs', 'afs', 'afs', 'afs', 'ipc', 'ipc', 'absg', 'absg'];
  const teams: Team[] = [];
  for (const [t, site] of sitesCycle.entries()) {
    const prefix = `G${run}U${unit}T${t}`;
    const person = (code: string, parentId: number | null, title: string) => ({
      siteCode: site,
      code,
      name: `Gen ${code}`,
      fullName: `Generated ${title} ${code}`,
      parentId,
      title,
      hasCommissionPermission: title === 'Partner',
    });
    const [partner] = await insertReturningIds(db, producers, [person(`${prefix}P`, heads[site], 'Partner')]);
    const subs = await insertReturningIds(
      db,
      producers,
      [0, 1, 2].map((s) => person(`${prefix}S${s}`, partner ?? null, 'Sub-partner')),
    );
    const consultants = await insertReturningIds(
      db,
      producers,
      subs.flatMap((subId, s) => [0, 1, 2, 3].map((c) => person(`${prefix}S${s}C${c}`, subId, 'Consultant'))),
    );
    rows.producers = (rows.producers ?? 0) + 1 + subs.length + consultants.length;
    teams.push({ site, memberIds: [...subs, ...consultants] });
  }
  return teams;
}

/**
 * One head producer per site and run, above every generated partner of that site: the "top producer" whose whole
 * team holds most of a site's policies, the worst case the producer-list benchmarks measure (issue 9).
 */
async function insertHeads(
  db: Db,
  run: number,
  rows: Record<string, number>,
): Promise<Record<SiteCode, number>> {
  const sites: SiteCode[] = ['afs', 'ipc', 'absg'];
  const ids = await insertReturningIds(
    db,
    producers,
    sites.map((site) => ({
      siteCode: site,
      code: scaleHeadCode(run, site),
      name: `Gen head ${run} ${site}`,
      fullName: `Generated Head ${run} ${site.toUpperCase()}`,
      parentId: null,
      title: 'Partner',
      hasCommissionPermission: true,
    })),
  );
  rows.producers = (rows.producers ?? 0) + ids.length;
  return Object.fromEntries(sites.map((site, i) => [site, ids[i] as number])) as Record<SiteCode, number>;
}

/** Producer code of a run's head on a site (G1HAFS…); the benchmarks sign in as it. */
export function scaleHeadCode(run: number, site: SiteCode): string {
  return `G${run}H${site.toUpperCase()}`;
}

/**
 * Ids reserved from a table's identity sequence, a block at a time, and handed out synchronously while a chunk is
 * built: the chunk's plans can name their clients (and its applications their plans) without waiting for an
 * INSERT … RETURNING, so building chunk n + 1 overlaps inserting chunk n. A block is one `setval` past `nextval`
 * (50 000 single `nextval` calls took 0.4 s). Should another session take an id from the sequence between the two,
 * that id falls inside the block and the load stops on a duplicate key rather than writing anything wrong. Ids
 * left over at the end stay unused.
 */
class IdReserve implements IdSource {
  private next = 0;
  private last = -1;
  /** Lowest and highest id handed out (the statement data covers the generated clients by id range). */
  low = Number.POSITIVE_INFINITY;
  high = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly table: string,
    private readonly block: number,
  ) {}

  async ensure(count: number): Promise<void> {
    if (this.last - this.next + 1 >= count) return;
    const size = Math.max(count, this.block);
    const result = (await this.db.execute(sql`select setval(s.seq, nextval(s.seq) + ${size - 1}) as last
      from (select pg_get_serial_sequence(${this.table}, 'id') as seq) s`)) as unknown as {
      rows: { last: string | number }[];
    };
    // The ids still unused in the old block are dropped: blocks stay contiguous, so low…high covers this run only.
    this.last = Number(result.rows[0]?.last);
    this.next = this.last - size + 1;
  }

  take(): number {
    if (this.next > this.last) throw new Error(`no reserved ${this.table} id left`);
    const id = this.next++;
    if (id < this.low) this.low = id;
    if (id > this.high) this.high = id;
    return id;
  }
}

/**
 * At most `depth` statements in flight: `push` returns once the statement is on its way (or waits for a slot), so
 * the caller builds the next chunk while PostgreSQL inserts this one, on another pooled connection when depth > 1.
 */
class StatementPipeline {
  private readonly inFlight = new Set<Promise<void>>();
  private failure: unknown = null;

  constructor(
    private readonly db: Db,
    private readonly depth: number,
  ) {}

  async push(statement: SQL, onDone: () => void): Promise<void> {
    while (this.inFlight.size >= this.depth) await Promise.race(this.inFlight);
    if (this.failure) throw this.failure;
    const running: Promise<void> = this.db.execute(statement).then(onDone, (err: unknown) => {
      this.failure ??= err;
    });
    this.inFlight.add(running);
    void running.finally(() => this.inFlight.delete(running));
    // One turn of the event loop lets the driver check out a connection and send the statement before the caller
    // goes back to synchronous work.
    await new Promise((resolve) => setImmediate(resolve));
  }

  async drain(): Promise<void> {
    await Promise.all(this.inFlight);
    if (this.failure) throw this.failure;
  }
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

/** Tables the load writes with the triggers off (the producers keep theirs: they maintain producer_tree). */
const LOADED_TABLES = [
  'clients',
  'policies',
  'applications',
  'service_records',
  'holdings',
  'policy_items',
  'statement_accounts',
  'statement_account_policies',
  'statement_snapshots',
  'statement_snapshot_holdings',
  'policy_values',
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
 * generated producer teams, then their report facts and six months of statements, then ANALYZE. Rows are built and
 * inserted one chunk at a time, so memory stays flat whatever the scale. Runs can be repeated: every run numbers
 * its rows after the existing ones.
 */
export async function generateScaleData(db: Db, options: ScaleOptions): Promise<ScaleReport> {
  const log = options.log ?? (() => {});
  const batch = options.batchSize ?? 5000;
  const perUnit = options.policiesPerUnit ?? POLICIES_PER_SCALE_UNIT;
  const depth = Math.max(1, options.concurrency ?? 1);
  const progress = options.progress ?? new Progress({ write: () => {} });
  await ensureDemoData(db);
  const started = performance.now();
  const rows: Record<string, number> = {};
  const count = (table: string, n: number) => {
    rows[table] = (rows[table] ?? 0) + n;
  };
  const total = () => Object.values(rows).reduce((a, b) => a + b, 0);

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

  const skipTriggers = options.skipTriggers ?? (await maySkipTriggers(db));
  progress.begin('producers', 3 + options.scale * 10 * 16, 'producers');
  const heads = await insertHeads(db, run, rows);
  const unitTeams: Team[][] = [];
  for (let unit = 0; unit < options.scale; unit++) {
    unitTeams.push(await insertTeams(db, run, unit, heads, rows));
    progress.update(rows.producers ?? 0, total());
  }

  progress.begin('policies', options.scale * perUnit, 'policies');
  const loadStarted = total();
  const ids = {
    clients: new IdReserve(db, 'clients', 20_000),
    policies: new IdReserve(db, 'policies', 50_000),
  };
  const pipeline = new StatementPipeline(db, depth);
  let pending = emptyChunk();
  let pendingPolicies = 0;
  let policiesInserted = 0;
  const flush = async () => {
    if (pending.clients.length === 0) return;
    const chunk = pending;
    const policyCount = pendingPolicies;
    pending = emptyChunk();
    pendingPolicies = 0;
    await pipeline.push(chunkStatement(chunk, skipTriggers), () => {
      for (const [key, table] of CHUNK_TABLES) count(table, chunk[key].length);
      policiesInserted += policyCount;
      progress.update(policiesInserted, total() - loadStarted);
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

  // Cards, BV factors and training for the generated plans and producers, derived in SQL from what was inserted.
  progress.begin('report facts', 1, 'steps');
  const facts = await backfillReportFacts(db, options.now ? { now: options.now } : {});
  count('payment_cards', facts.paymentCards);
  count('bv_factors', facts.bvFactors);
  count('producer_trainings', facts.trainings);
  progress.update(1, facts.paymentCards + facts.bvFactors + facts.trainings);

  if (ids.clients.high >= ids.clients.low) {
    const clientCount = ids.clients.high - ids.clients.low + 1;
    progress.begin('statements', clientCount, 'clients');
    // The statement data is one INSERT … SELECT per 10 000 clients: planned on the statistics of a database that
    // held the demo set only, its joins ran as nested loops (10 minutes for the first 10 000 clients).
    await db.execute(sql`analyze clients, policies, holdings, fund_prices, fx_rates, statement_accounts`);
    const statementRows = await generateStatementData(db, {
      fromClientId: ids.clients.low,
      toClientId: ids.clients.high,
      now: options.now ?? new Date(),
      concurrency: depth,
      skipTriggers,
      onProgress: (clientsDone, written) => progress.update(clientsDone, written),
    });
    for (const [table, n] of Object.entries(statementRows)) count(table, n);
  }
  if (skipTriggers) {
    progress.begin('foreign keys', 1, 'steps');
    const checked = await verifyForeignKeys(db, LOADED_TABLES, depth);
    progress.update(1, 0);
    log(`foreign keys: ${checked} checked`);
  }
  progress.end();
  const seconds = (performance.now() - started) / 1000;
  const totalRows = total();

  // Fresh statistics before anyone queries: right after the 1M preset the planner, still believing the tables
  // nearly empty, ran /b2c/plans 12× slower until ANALYZE (issue 12). Not counted in the load's rows per second.
  progress.begin('analyze', 1, 'steps');
  const analyzeStarted = performance.now();
  await db.execute(sql`analyze`);
  const analyzeSeconds = (performance.now() - analyzeStarted) / 1000;
  progress.update(1, 0);
  progress.end();
  log(`analyze: ${analyzeSeconds.toFixed(1)} s`);
  return {
    rows,
    totalRows,
    seconds,
    rowsPerSecond: Math.round(totalRows / seconds),
    analyzeSeconds,
    phases: progress.phases,
  };
}
