import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { FailFastGate } from './availability.js';
import type { Db } from './db-handle.js';
import { HEAVY_LANE_WAIT_MS, heavyLaneSize } from './lane.js';
import {
  listenOnPglite,
  listenOnPostgres,
  type NotificationHandlers,
  type NotificationListener,
} from './notification-listener.js';
import { pipelineQueries } from './pglite-query.js';
import { createGuardedPool, type NamedPool, type PoolTimeouts, UNHURRIED_POOL_TIMEOUTS } from './pool.js';
import { pgliteSession, pgliteSql, pgSession, type SqlExecutor, type SqlSession } from './raw-sql.js';
import { type ReadReplicaOptions, type ReadReplicas, routeReadsToReplicas } from './read-replicas.js';
import * as schema from './schema/index.js';
import { namedSearches, SEARCH_POOL_OPTIONS, useNamedSearches } from './search-statements.js';

export type { Db, NamedPool };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Plain SQL text on the same connections, for libraries that bring their own SQL (the job queue). */
  sql: SqlExecutor;
  /** PGlite only: the data directory as a tarball, to clone a prepared database quickly (tests). */
  dumpDataDir?: () => Promise<Blob>;
  /** PostgreSQL only: connections held by the pool now (leak checks after a fault). */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  /**
   * PostgreSQL only: every pool of this database by name (main, search, heavy, readiness), for the metrics
   * (observability/metrics.ts). Read at scrape time only.
   */
  pools?: readonly NamedPool[];
  /** PostgreSQL with DATABASE_READ_URL: the replicas that serve the read-only searches and cursors. */
  replicas?: ReadReplicas;
  /** PostgreSQL only: the fail-fast gate in front of the pool (readiness reports it). */
  gate?: FailFastGate;
  /**
   * `select 1` for readiness. On PostgreSQL on a connection of its own (sharing the gate), so a pool whose every
   * connection is busy with requests does not read as a database that is down; concurrent probes share one query.
   */
  ping(): Promise<void>;
  /**
   * One connection for a sequence of statements that share session state (a cursor): on PostgreSQL a pooled
   * connection held until `release`, on PGlite its only connection (shared with every request; release is a no-op).
   */
  session(): Promise<SqlSession>;
  /**
   * As `session`, in the heavy lane (export cursors): on PostgreSQL a connection of the heavy pool, taken in turn
   * behind the lane's slots (db/lane.ts); on PGlite the same as `session`.
   */
  heavySession(): Promise<SqlSession>;
  /** PostgreSQL only: the heavy lane's slots in use and work waiting (tests, logs). */
  heavyLaneStats?: () => { busy: number; waiting: number; slots: number };
  /**
   * LISTEN on a channel: on PostgreSQL over a connection of its own that is re-opened after a failure (the handlers
   * hear when it is down), on PGlite on its only connection.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<NotificationListener>;
}

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** PostgreSQL server URL; when absent an embedded PGlite database is used. */
  url?: string;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** Open PGlite from a data-directory tarball (tests clone a migrated, seeded template this way). */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /**
   * PostgreSQL only: connections of the heavy lane (report previews, export cursors), and how long heavy work may
   * wait for one. Defaults: heavyLaneSize(poolSize), HEAVY_LANE_WAIT_MS.
   */
  heavyPoolSize?: number;
  heavyWaitMs?: number;
  /** PostgreSQL only; UNHURRIED_POOL_TIMEOUTS when absent (the server passes config.dbTimeouts). */
  timeouts?: PoolTimeouts;
  /** PostgreSQL only: streaming replicas for read-only work (db/read-replicas.ts). */
  replicas?: Omit<ReadReplicaOptions, 'timeouts'>;
  /** Told when an idle pooled connection fails (server restart, failover, admin termination). */
  onConnectionLost?: (err: Error) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const max = options.poolSize ?? 10;
    const timeouts = options.timeouts ?? UNHURRIED_POOL_TIMEOUTS;
    const {
      pool,
      gate,
      lane: mainLane,
    } = createGuardedPool({
      url: options.url,
      max,
      timeouts,
    });
    // An idle connection that the server drops is an 'error' event on the pool; unheard, it would end the process.
    // The pool replaces the connection on the next checkout, so saying so is all there is to do.
    pool.on(
      'error',
      options.onConnectionLost ?? ((err) => console.error(`PostgreSQL connection lost: ${err.message}`)),
    );
    // Fail at boot, not on the first request, when the server is unreachable.
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // List and report searches: named statements with custom plans, on connections of their own
    // (search-statements.ts). Half the main pool's size: searches are a share of the requests.
    const { pool: searches, lane: searchLane } = createGuardedPool({
      url: options.url,
      max: Math.max(2, Math.ceil(max / 2)),
      timeouts,
      gate,
      options: SEARCH_POOL_OPTIONS,
    });
    searches.on('error', (err) => pool.emit('error', err));
    // The heavy lane: report previews and export cursors, on connections of their own (docs/operations.md).
    const { pool: heavy, lane } = createGuardedPool({
      url: options.url,
      max: options.heavyPoolSize ?? heavyLaneSize(max),
      timeouts,
      gate,
      options: SEARCH_POOL_OPTIONS,
      waitMs: options.heavyWaitMs ?? HEAVY_LANE_WAIT_MS,
    });
    heavy.on('error', (err) => pool.emit('error', err));
    useNamedSearches(db, { interactive: namedSearches(searches), heavy: namedSearches(heavy) });
    const { pool: probe, lane: probeLane } = createGuardedPool({
      url: options.url,
      max: 1,
      timeouts,
      gate,
    });
    probe.on('error', (err) => pool.emit('error', err));
    const url = options.url;
    const heavySession = async () => pgSession(await heavy.connect());
    const replicas =
      options.replicas && options.replicas.urls.length > 0
        ? routeReadsToReplicas(
            { db, heavySession, sql: { executeSql: (text, values) => probe.query(text, values) } },
            { ...options.replicas, timeouts },
          )
        : undefined;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateWithoutTimeouts(url),
      close: async () => {
        await replicas?.close();
        await Promise.all([pool.end(), searches.end(), heavy.end(), probe.end()]);
      },
      ping: singleFlight(async () => {
        await probe.query('select 1');
      }),
      pools: [
        { name: 'main', pool, lane: mainLane },
        { name: 'search', pool: searches, lane: searchLane },
        { name: 'heavy', pool: heavy, lane },
        { name: 'readiness', pool: probe, lane: probeLane },
        ...(replicas?.pools ?? []),
      ],
      ...(replicas ? { replicas } : {}),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      gate,
      sql: { executeSql: (text, values) => pool.query(text, values) },
      session: async () => pgSession(await pool.connect()),
      heavySession: replicas?.heavySession ?? heavySession,
      heavyLaneStats: () => lane.stats,
      listen: async (channel, handlers) => listenOnPostgres(url, channel, handlers, timeouts.connectMs),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dirname(resolve(dataDir)), { recursive: true });
  // pg_trgm backs the keyword-search indexes; PGlite only offers an extension that was loaded at open.
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  pipelineQueries(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
    ping: async () => {
      await client.query('select 1');
    },
    sql: pgliteSql(client),
    dumpDataDir: () => client.dumpDataDir('none'),
    session: async () => pgliteSession(client),
    heavySession: async () => pgliteSession(client),
    listen: (channel, handlers) => listenOnPglite(client, channel, handlers),
  };
}

/** Calls made while one is under way share its promise. */
function singleFlight(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  return () => {
    running ??= work().finally(() => {
      running = null;
    });
    return running;
  };
}

/**
 * Migrations may rebuild indexes for minutes: they run on a connection of their own, without the pool's limits.
 * Several processes of one release start together: a session lock lets the first migrate while the others wait and
 * then find nothing left to do (drizzle alone would run the same migration twice at once).
 */
async function migrateWithoutTimeouts(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('portal:migrate'))`);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.end();
  }
}
