import { randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';
import { READ_TIMEOUT_MARGIN_MS } from './pool.js';
import type { SqlSession } from './raw-sql.js';

/** A row as the database returns it; dates, timestamps, numerics and bigints as text (raw-sql.ts TEXT_TYPES). */
export type ResultRow = Record<string, unknown>;

export interface BatchOptions {
  /** Rows per FETCH; 1000 unless told. */
  batchSize?: number;
  /**
   * Refuse a result longer than this: the first `next()` throws RowLimitExceededError before any row is read, so the
   * caller can still answer with a clean error.
   */
  maxRows?: number;
  /**
   * Told the result's row count once the query ran, before the first batch (only with `maxRows`, which counts it
   * anyway): a background export's "rows expected", from the same snapshot as the rows.
   */
  onCount?: (rows: number) => void;
}

/** The query's result has more rows than the caller accepts (an export over EXPORT_ROW_LIMIT). */
export class RowLimitExceededError extends Error {
  constructor(
    readonly rows: number,
    readonly limit: number,
  ) {
    super(`result has ${rows} rows, more than the limit of ${limit}`);
  }
}

/** Bound to one database: what feature modules receive (ModuleOptions.queryInBatches). */
export type QueryInBatches = (query: SQL, options?: BatchOptions) => AsyncIterable<ResultRow[]>;

const dialect = new PgDialect();

/**
 * The rows of `query` as batches of `batchSize`, read through a server-side cursor so that neither side ever holds
 * the whole result in the process (exports, reports). Stop early with `break` / `return()`: the cursor is closed and
 * the connection given back on completion, error and early return alike.
 *
 * The cursor is `SCROLL … WITH HOLD`, declared outside any transaction, on both engines (docs/producer/exports.md):
 * - PGlite has ONE connection for every request. A cursor inside a transaction would hold that transaction open
 *   for the whole download and stall everyone else; a holdable cursor lives in the session, and each FETCH is one
 *   short statement queued between other requests' queries.
 * - On PostgreSQL the cursor gets a pooled connection of its own for the export's duration; no transaction stays
 *   open (no snapshot holding back vacuum, no idle-in-transaction limit to hit while a slow client downloads).
 * - WITH HOLD runs the query to its end at DECLARE and keeps the result on the database side (a tuplestore that
 *   spills to a temporary file past work_mem). That makes the row count free (`MOVE FORWARD ALL` in the stored
 *   result), so an export over the limit is refused before its first byte, and the count and the rows come from
 *   the same snapshot.
 * The DECLARE may take as long as a report's query: it runs under `statementTimeoutMs` (the export limit,
 * config.exportStatementTimeoutMs), not the pool's short one.
 */
export async function* queryInBatches(
  database: Pick<Database, 'session'>,
  query: SQL,
  options: BatchOptions & { statementTimeoutMs: number },
): AsyncGenerator<ResultRow[], void, undefined> {
  const batchSize = options.batchSize ?? 1000;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`bad batch size ${batchSize}`);
  const { sql: text, params } = dialect.sqlToQuery(query);
  // Unique in the session: PGlite's one session may hold several exports' cursors at once.
  const cursor = `export_cursor_${randomBytes(6).toString('hex')}`;
  const session = await database.session();
  let declared = false;
  let failure: Error | undefined;
  try {
    await withLongStatements(session, options.statementTimeoutMs, () =>
      session.query(`declare ${cursor} scroll cursor with hold for ${text}`, params),
    );
    declared = true;
    if (options.maxRows !== undefined) {
      const { count } = await session.query(`move forward all in ${cursor}`);
      if (count > options.maxRows) throw new RowLimitExceededError(count, options.maxRows);
      options.onCount?.(count);
      await session.query(`move absolute 0 in ${cursor}`);
    }
    for (;;) {
      const { rows } = await session.query(`fetch forward ${batchSize} from ${cursor}`);
      if (rows.length > 0) yield rows;
      if (rows.length < batchSize) return;
    }
  } catch (error) {
    if (!(error instanceof RowLimitExceededError))
      failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // A held cursor outlives its statement: on PGlite's shared session a forgotten one would keep its result in
    // memory for as long as the process runs. A connection that failed is discarded instead (its cursor with it).
    if (declared && !failure) {
      try {
        await session.query(`close ${cursor}`);
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
      }
    }
    session.release(failure);
  }
}

/** Runs `work` with the session's statement limit lengthened to `ms` (PostgreSQL; PGlite has no such limit). */
async function withLongStatements<T>(session: SqlSession, ms: number, work: () => Promise<T>): Promise<T> {
  await session.query(`select set_config('statement_timeout', $1, false)`, [String(ms)]);
  session.setReadTimeout(ms + READ_TIMEOUT_MARGIN_MS);
  let result: T;
  try {
    result = await work();
  } catch (error) {
    session.setReadTimeout(undefined);
    // The first failure is the one to report; a broken connection is discarded with its settings anyway.
    await session.query('reset statement_timeout').catch(() => {});
    throw error;
  }
  session.setReadTimeout(undefined);
  // Back to the connection's default (the pool's DB_STATEMENT_TIMEOUT_MS, set at connect).
  await session.query('reset statement_timeout');
  return result;
}

/**
 * The database's queryInBatches with the export statement limit, in the heavy lane (Database.heavySession: an export
 * never holds a connection of the request pool): what app.ts hands to every module.
 */
export function queryInBatchesFor(
  database: Pick<Database, 'heavySession'>,
  statementTimeoutMs: number,
): QueryInBatches {
  const heavy = { session: () => database.heavySession() };
  return (query, options) => queryInBatches(heavy, query, { ...options, statementTimeoutMs });
}
