import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { hasReadTimeout } from './pool.js';

/** The shape pg-boss (and node-postgres' `pool.query`) expects: SQL text, optional positional values, rows back. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * PGlite speaks two protocols: `query` runs ONE statement with parameters (extended protocol), `exec` runs a
 * script of several statements without parameters (simple protocol). node-postgres picks between them the same
 * way, so a script without values goes to `exec` (pg-boss installs and migrates its schema, and claims its
 * maintenance work, in BEGIN…COMMIT scripts) and anything with values to `query`.
 *
 * The answer of a script holds the rows of every statement, in order (what pg-boss makes of node-postgres' array
 * of results, and what its own PGlite adapter answers): pg-boss 12 reads the row of a statement in the middle of
 * a script, before its COMMIT. A script that fails half-way leaves its transaction aborted on PGlite's one
 * connection, poisoning every later statement; it is rolled back before the error is passed on (a pool would
 * have dropped the connection instead).
 */
export function pgliteSql(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return { rows: results.flatMap((r) => r.rows ?? []) };
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      }
    },
  };
}

/** A statement's answer in a session: rows with dates, timestamps, numerics and bigints left as PostgreSQL's text. */
export interface SessionResult {
  rows: Record<string, unknown>[];
  /** Rows returned, moved or changed (the command tag's count: `MOVE 1234`). */
  count: number;
}

/** A connection held for several statements (see Database.session). */
export interface SqlSession {
  query(text: string, values?: unknown[]): Promise<SessionResult>;
  /** The session's client-side read limit for the statements that follow (PostgreSQL), undefined: the pool's. */
  setReadTimeout(ms: number | undefined): void;
  /** Gives the connection back; after a failure (`broken`) a pooled connection is discarded, not reused. */
  release(broken?: Error): void;
}

/**
 * Type OIDs kept as text: date (1082), time (1083), timestamp (1114), timestamptz (1184), interval (1186), numeric
 * (1700), int8 (20). A business date stays `YYYY-MM-DD` (no time zone shift through a JS Date) and a decimal keeps
 * every digit; the caller decides how to type them.
 */
const TEXT_TYPES = [1082, 1083, 1114, 1184, 1186, 1700, 20];
const asText = (value: string) => value;

export function pgliteSession(client: PGlite): SqlSession {
  const parsers = Object.fromEntries(TEXT_TYPES.map((oid) => [oid, asText]));
  return {
    async query(text, values) {
      const result = await client.query<Record<string, unknown>>(text, values ?? [], { parsers });
      return { rows: result.rows, count: result.rowCount ?? result.rows.length };
    },
    setReadTimeout() {},
    release() {},
  };
}

export function pgSession(client: pg.PoolClient): SqlSession {
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      TEXT_TYPES.includes(oid) ? asText : pg.types.getTypeParser(oid, format),
  };
  return {
    async query(text, values) {
      // A script of several statements (no values) answers one result per statement: their rows in order.
      const answer: pg.QueryResult | pg.QueryResult[] = await client.query({
        text,
        values,
        types,
      } as pg.QueryConfig);
      const results = Array.isArray(answer) ? answer : [answer];
      const rows = results.flatMap((r) => r.rows ?? []);
      return { rows, count: results.at(-1)?.rowCount ?? rows.length };
    },
    setReadTimeout(ms) {
      if (hasReadTimeout(client)) client.readTimeoutMs = ms;
    },
    release(broken) {
      if (hasReadTimeout(client)) client.readTimeoutMs = undefined;
      client.release(broken);
    },
  };
}
