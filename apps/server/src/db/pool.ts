import pg from 'pg';
import {
  DatabaseUnavailableError,
  FailFastGate,
  isConnectionFailure,
  isPoolBusy,
  PoolBusyError,
  READ_TIMEOUT_MESSAGE,
} from './availability.js';
import { Lane } from './lane.js';

/** Limits on every pooled connection (config.ts reads them from DB_* variables; docs/operations.md). */
export interface PoolTimeouts {
  /** Opening a connection, and waiting for a free one in a full pool. */
  connectMs: number;
  /**
   * Client-side: a query with no answer by then fails and its connection is destroyed. The only limit that works
   * against a frozen server or a silent network, which never deliver the server-side cancel.
   */
  queryMs: number;
  /** Server-side statement_timeout: shorter than queryMs, so a slow query on a live server is cancelled cleanly. */
  statementMs: number;
  /** Server-side idle_in_transaction_session_timeout: a transaction left open cannot hold locks for long. */
  idleInTransactionMs: number;
  /** How long the fail-fast gate stays shut after the database failed (FailFastGate). */
  failFastMs: number;
}

/**
 * For callers that pass no limits: seeding, the bench, test databases, one-off scripts. Generous, because they run
 * long statements on purpose. The server passes config.dbTimeouts (DB_* variables), whose defaults are short.
 */
export const UNHURRIED_POOL_TIMEOUTS: PoolTimeouts = {
  connectMs: 10_000,
  queryMs: 600_000,
  statementMs: 590_000,
  idleInTransactionMs: 600_000,
  failFastMs: 1000,
};

/** The client-side read limit is this much longer than a statement_timeout set for one transaction. */
export const READ_TIMEOUT_MARGIN_MS = 500;

type Callback = (err: Error | undefined, ...rest: unknown[]) => void;
type PoolConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pg.Client that (1) destroys its connection when a client-side read timeout fires and (2) tells the gate whether
 * the server answered. node-postgres leaves a timed-out query active on the connection: a pool would hand that
 * connection to the next caller, whose queries wait behind it — and inside a transaction, after a ROLLBACK that
 * was never sent, they would run in someone else's open transaction. Ending the client marks it so the pool
 * discards it on release.
 */
function guardedClientClass(gate: FailFastGate) {
  return class GuardedClient extends pg.Client {
    /** A longer read limit for the current checkout (withStatementTimeout); undefined: the pool's queryMs. */
    readTimeoutMs: number | undefined;

    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // A checked-out client has no pool listener: without this, a server that drops the connection mid-transaction
      // would emit an unheard 'error' and end the process. The queries in flight get the error anyway.
      this.on('error', () => {});
    }

    private observe(err: Error | undefined) {
      if (!err) return gate.succeeded();
      if (err.message === READ_TIMEOUT_MESSAGE) {
        gate.failed();
        this.end().catch(() => {});
        return;
      }
      // An SQL error is still an answer from a live server.
      if (!isConnectionFailure(err)) gate.succeeded();
    }

    // biome-ignore lint/suspicious/noExplicitAny: wraps every overload of pg's query (text, config, callback, promise)
    override query(...args: any[]): any {
      const [config] = args;
      if (config && typeof config === 'object' && typeof config.submit === 'function')
        return super.query(config);
      if (this.readTimeoutMs !== undefined) {
        args[0] =
          typeof config === 'string'
            ? { text: config, query_timeout: this.readTimeoutMs }
            : { ...config, query_timeout: this.readTimeoutMs };
      }
      const callbackAt = args.findIndex((a) => typeof a === 'function');
      if (callbackAt >= 0) {
        const callback = args[callbackAt] as Callback;
        args[callbackAt] = (err: Error | undefined, ...rest: unknown[]) => {
          this.observe(err);
          callback(err, ...rest);
        };
        return super.query(...(args as [string]));
      }
      const result = super.query(...(args as [string])) as Promise<unknown>;
      // Observes without handling: the caller still gets the original promise and its rejection.
      result.then(
        () => this.observe(undefined),
        (err: Error) => this.observe(err),
      );
      return result;
    }
  };
}

/**
 * What a failed checkout means: a wait for a busy pool becomes PoolBusyError and leaves the gate alone; anything
 * else (refused, reset, a new connection that did not open in time) is the database failing, and shuts the gate.
 */
function checkoutFailure(gate: FailFastGate, err: Error): Error {
  if (isPoolBusy(err)) return new PoolBusyError('every pooled connection is busy', { cause: err });
  gate.failed();
  return err;
}

/** Frees the lane's slot when pg-pool's release of this checkout is called (once). */
function releasingSlot(client: pg.PoolClient, free: () => void): pg.PoolClient {
  const release = client.release;
  client.release = (err?: Error | boolean) => {
    client.release = release;
    try {
      return release.call(client, err);
    } finally {
      free();
    }
  };
  return client;
}

/**
 * A pg.Pool whose checkouts fail at once while the gate is shut, and whose failed connects shut it. With a `lane`,
 * each checkout first takes a slot of it (shared out per person, db/lane.ts); the pool has as many connections as
 * the lane has slots, so nothing waits in pg-pool's own queue.
 */
function guardedPoolClass(gate: FailFastGate, lane: Lane | undefined) {
  return class GuardedPool extends pg.Pool {
    // biome-ignore lint/suspicious/noExplicitAny: wraps both overloads of pg-pool's connect (callback and promise)
    override connect(callback?: PoolConnectCallback): any {
      if (!gate.admit()) {
        const err = new DatabaseUnavailableError('database unreachable (fail-fast)');
        if (callback) return void process.nextTick(callback, err, undefined, () => {});
        return Promise.reject(err);
      }
      if (!lane) return this.checkout(callback);
      const slot = lane.acquire();
      if (callback) {
        slot.then(
          (free) =>
            this.checkout((err, client, done) => {
              if (err || !client) {
                free();
                return callback(err, client, done);
              }
              releasingSlot(client, free);
              callback(undefined, client, (release) => client.release(release as Error));
            }),
          (err: Error) => callback(err, undefined, () => {}),
        );
        return;
      }
      return slot.then((free) =>
        this.checkout().then(
          (client: pg.PoolClient) => releasingSlot(client, free),
          (err: Error) => {
            free();
            throw err;
          },
        ),
      );
    }

    // biome-ignore lint/suspicious/noExplicitAny: both overloads of pg-pool's connect
    private checkout(callback?: PoolConnectCallback): any {
      if (callback) {
        return super.connect((err, client, done) => {
          callback(err ? checkoutFailure(gate, err) : err, client, done);
        });
      }
      return super.connect().catch((err: Error) => {
        throw checkoutFailure(gate, err);
      });
    }
  };
}

export interface GuardedPoolOptions {
  url: string;
  max: number;
  timeouts: PoolTimeouts;
  /** Another pool's gate, so both shut together when the database fails; a new gate when absent. */
  gate?: FailFastGate;
  /** Settings every connection starts with (libpq `options`, e.g. `-c plan_cache_mode=…`). */
  options?: string;
  /** How long a checkout may wait for a connection, shared out per person (db/lane.ts); default connectMs. */
  waitMs?: number;
}

/** The pool the portal runs on: timeouts on every connection, keepalive, and the fail-fast gate. */
export function createGuardedPool({
  url,
  max,
  timeouts,
  gate: sharedGate,
  options,
  waitMs,
}: GuardedPoolOptions) {
  const gate =
    sharedGate ??
    new FailFastGate({
      openMs: timeouts.failFastMs,
      trialMs: timeouts.connectMs + timeouts.queryMs + READ_TIMEOUT_MARGIN_MS,
    });
  const lane = new Lane(max, waitMs ?? timeouts.connectMs);
  const Pool = guardedPoolClass(gate, lane);
  const pool = new Pool({
    connectionString: url,
    max,
    ...(options ? { options } : {}),
    Client: guardedClientClass(gate),
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // A peer that vanished without a FIN (host down, network cut) is noticed on idle connections too.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  return { pool, gate, lane };
}

/** One pool of a database, as the metrics see it: `lane` shares its connections out (db/lane.ts). */
export interface NamedPool {
  name: string;
  pool: pg.Pool;
  lane: Lane;
}

/** True for connections made by createGuardedPool (withStatementTimeout lengthens their read limit). */
export function hasReadTimeout(client: unknown): client is { readTimeoutMs: number | undefined } {
  return !!client && typeof client === 'object' && 'readTimeoutMs' in client;
}
