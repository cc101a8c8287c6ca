import type pg from 'pg';
import { isConnectionFailure } from './availability.js';
import type { Db } from './db-handle.js';
import { HEAVY_LANE_WAIT_MS, heavyLaneSize } from './lane.js';
import { createGuardedPool, type NamedPool, type PoolTimeouts } from './pool.js';
import { pgSession, type SqlExecutor, type SqlSession } from './raw-sql.js';
import {
  namedSearches,
  namedSearchesOf,
  SEARCH_POOL_OPTIONS,
  type SearchLane,
  type SearchRows,
  useNamedSearches,
} from './search-statements.js';

/**
 * Streaming replicas for the read-only work (decision 057, docs/operations.md "Read replicas"): the list and report
 * searches (named statements, db/search-statements.ts) and the export and report cursors (queryInBatches) run on a
 * replica that is up and close enough behind; everything else (sessions, sign-in, writes, every read that follows a
 * write, jobs, leases) stays on the primary, since it never goes through these two doors. A replica further behind
 * than `maxLagMs`, or whose connection failed, is passed over: its reads go to the primary. A search that meets a
 * failed replica runs again on the primary at once (one statement, nothing written), so a replica going away costs
 * no request; its fail-fast gate then keeps later reads away without waiting for a connect timeout.
 */
export type ReplicaState = 'ok' | 'lagging' | 'down';

export interface ReplicaStatus {
  name: string;
  state: ReplicaState;
  /** How far behind the primary it was at the last look; null before the first or when it did not answer. */
  lagMs: number | null;
}

export interface ReadReplicaOptions {
  urls: string[];
  /** Connections of each replica's searches' pool (DB_READ_POOL_MAX); the heavy pool gets a quarter, at least 2. */
  poolSize: number;
  timeouts: PoolTimeouts;
  /** READ_MAX_LAG_MS. */
  maxLagMs: number;
  /** How often each replica's lag is measured. */
  pollMs?: number;
}

export interface ReadReplicas {
  status(): ReplicaStatus[];
  /** The replicas' pools, for the metrics (named replica-1-search, replica-1-heavy, …). */
  pools: NamedPool[];
  /** Measures every replica's lag now (start-up and tests; a timer does it every pollMs). */
  refresh(): Promise<void>;
  /** Told where each routed read ran (the metrics count them); unset: not counted. */
  onRead: ((target: 'replica' | 'primary') => void) | undefined;
  close(): Promise<void>;
}

const DEFAULT_POLL_MS = 500;

class Replica {
  lagMs: number | null = null;
  answered = false;
  readonly searches: Record<SearchLane, SearchRows>;
  readonly gate;
  readonly pools: NamedPool[];
  readonly #probe: pg.Pool;
  readonly #heavy: pg.Pool;

  constructor(
    readonly name: string,
    url: string,
    options: ReadReplicaOptions,
    onLost: (err: Error) => void,
  ) {
    const { timeouts, poolSize } = options;
    const search = createGuardedPool({ url, max: poolSize, timeouts, options: SEARCH_POOL_OPTIONS });
    this.gate = search.gate;
    const heavy = createGuardedPool({
      url,
      max: heavyLaneSize(poolSize),
      timeouts,
      gate: search.gate,
      options: SEARCH_POOL_OPTIONS,
      waitMs: HEAVY_LANE_WAIT_MS,
    });
    const probe = createGuardedPool({ url, max: 1, timeouts, gate: search.gate });
    for (const pool of [search.pool, heavy.pool, probe.pool]) pool.on('error', onLost);
    this.#heavy = heavy.pool;
    this.#probe = probe.pool;
    this.searches = { interactive: namedSearches(search.pool), heavy: namedSearches(heavy.pool) };
    this.pools = [
      { name: `${name}-search`, pool: search.pool, lane: search.lane },
      { name: `${name}-heavy`, pool: heavy.pool, lane: heavy.lane },
    ];
  }

  usable(maxLagMs: number): boolean {
    return this.answered && !this.gate.isOpen && this.lagMs !== null && this.lagMs <= maxLagMs;
  }

  get state(): ReplicaState {
    if (!this.answered || this.gate.isOpen) return 'down';
    return 'ok';
  }

  async heavySession(): Promise<SqlSession> {
    return pgSession(await this.#heavy.connect());
  }

  /**
   * Lag: 0 when the replica has replayed at least what the primary had written just before we asked; otherwise the
   * time since the last transaction it replayed. (Time since the last replay alone would call an idle, caught-up
   * replica late.)
   */
  async measure(primaryLsn: string): Promise<void> {
    try {
      const { rows } = await this.#probe.query(
        `select pg_is_in_recovery() as standby,
                pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn())::float8 as bytes_behind,
                (extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::float8 as since_replay_ms`,
        [primaryLsn],
      );
      const row = rows[0] as {
        standby: boolean;
        bytes_behind: number | null;
        since_replay_ms: number | null;
      };
      this.answered = true;
      if (!row.standby || (row.bytes_behind !== null && row.bytes_behind <= 0)) this.lagMs = 0;
      else this.lagMs = row.since_replay_ms ?? Number.POSITIVE_INFINITY;
    } catch {
      this.answered = false;
      this.lagMs = null;
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.pools.map((p) => p.pool.end()).concat(this.#probe.end()));
  }
}

/** A failure that another server would not have: the replica's connection, or replay cancelling the statement. */
function isReplicaFailure(err: unknown): boolean {
  if (isConnectionFailure(err)) return true;
  const code = (err as { code?: unknown })?.code;
  return code === '40001' && String((err as Error).message).includes('conflict with recovery');
}

/**
 * Opens the replicas and routes `primary`'s searches and heavy sessions through them. Returns at once: until a
 * replica's first lag reading answers, its reads go to the primary.
 */
export function routeReadsToReplicas(
  primary: { db: Db; heavySession: () => Promise<SqlSession>; sql: SqlExecutor },
  options: ReadReplicaOptions,
): ReadReplicas & { heavySession: () => Promise<SqlSession> } {
  const onLost = (err: Error) => console.error(`PostgreSQL replica connection lost: ${err.message}`);
  const replicas = options.urls.map((url, i) => new Replica(`replica-${i + 1}`, url, options, onLost));
  const primarySearches = namedSearchesOf(primary.db);
  let turn = 0;
  const pick = (): Replica | undefined => {
    for (let i = 0; i < replicas.length; i++) {
      const replica = replicas[(turn + i) % replicas.length] as Replica;
      if (replica.usable(options.maxLagMs)) {
        turn = (turn + i + 1) % replicas.length;
        return replica;
      }
    }
    return undefined;
  };

  const routed = (lane: SearchLane): SearchRows => {
    const onPrimary: SearchRows = primarySearches
      ? primarySearches[lane]
      : async <T>(query: Parameters<SearchRows>[0]) =>
          ((await primary.db.execute(query)) as unknown as { rows: T[] }).rows;
    return async <T>(query: Parameters<SearchRows>[0]) => {
      const replica = pick();
      if (replica) {
        try {
          const rows = await replica.searches[lane]<T>(query);
          routing.onRead?.('replica');
          return rows;
        } catch (err) {
          if (!isReplicaFailure(err)) throw err;
          // Left out until its gate lets a trial through; this read goes to the primary.
          replica.answered = replica.answered && !isConnectionFailure(err);
        }
      }
      routing.onRead?.('primary');
      return onPrimary<T>(query);
    };
  };
  useNamedSearches(primary.db, { interactive: routed('interactive'), heavy: routed('heavy') });

  const refresh = async () => {
    let lsn: string;
    try {
      const { rows } = await primary.sql.executeSql('select pg_current_wal_lsn()::text as lsn');
      lsn = (rows[0] as { lsn: string }).lsn;
    } catch {
      return; // The primary is away: readiness says so; the replicas keep their last reading.
    }
    await Promise.all(replicas.map((r) => r.measure(lsn)));
  };
  let polling: Promise<void> | undefined;
  const timer = setInterval(() => {
    polling ??= refresh().finally(() => {
      polling = undefined;
    });
  }, options.pollMs ?? DEFAULT_POLL_MS);
  timer.unref();

  const routing: ReadReplicas & { heavySession: () => Promise<SqlSession> } = {
    onRead: undefined,
    pools: replicas.flatMap((r) => r.pools),
    status: () =>
      replicas.map((r) => ({
        name: r.name,
        state: r.state === 'ok' && !r.usable(options.maxLagMs) ? 'lagging' : r.state,
        lagMs: r.lagMs === null || !Number.isFinite(r.lagMs) ? null : Math.round(r.lagMs),
      })),
    refresh,
    heavySession: async () => {
      const replica = pick();
      if (replica) {
        try {
          const session = await replica.heavySession();
          routing.onRead?.('replica');
          return session;
        } catch (err) {
          if (!isReplicaFailure(err)) throw err;
        }
      }
      routing.onRead?.('primary');
      return primary.heavySession();
    },
    close: async () => {
      clearInterval(timer);
      await polling;
      await Promise.all(replicas.map((r) => r.close()));
    },
  };
  return routing;
}
