import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './db-handle.js';

/*
 * List and report searches as named prepared statements, on PostgreSQL.
 *
 * Why: a search is two statements (its page and its bounded count) whose text is built per request. Sent unnamed,
 * PostgreSQL parses and analyses each on every call: at the 1M preset that was about a quarter of the database's CPU
 * for a small producer's New Business page (docs/performance.md). Named, each pooled connection parses a text once
 * and then only binds it.
 *
 * The searches' own pool runs with plan_cache_mode=force_custom_plan: a search's best plan depends on its values (a
 * team of 50 policies or of 800,000, page 1 or page 500), and after five runs PostgreSQL may switch a prepared
 * statement to a generic plan, measured 1.7× slower for the top team's page and 3–100× on keyword and deep pages.
 * Forced custom plans keep planning per call with the real values, as an unnamed statement does. The point lookups
 * (db/prepared.ts) stay on the main pool, where a generic plan is what they want.
 *
 * A statement's name is a digest of its text, so equal texts share one statement on a connection and a name never
 * meets another text. The texts are bounded (criteria choose among fixed filters and an allowlisted sort; values are
 * parameters), but a connection that has prepared MAX_STATEMENTS_PER_CONNECTION of them is closed on release and
 * replaced, which frees them on the server.
 */

const MAX_STATEMENTS_PER_CONNECTION = 200;

/**
 * PostgreSQL startup options of the searches' pools. No parallel workers: a search is an index walk that stops at
 * its page and bounded count, which workers do not shorten, and on a small, busy machine a Gather waited ~300 ms for
 * its workers to start (report 11 at scale 10, 25 ms of work; decision 039).
 */
export const SEARCH_POOL_OPTIONS =
  '-c plan_cache_mode=force_custom_plan -c max_parallel_workers_per_gather=0';

/**
 * Values as drizzle's node-postgres driver gives them for `db.execute`: date and time types (and their arrays) as
 * PostgreSQL's text, everything else as node-postgres parses it; so a row reads the same on either path.
 */
const TEXT_TYPE_IDS = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1182, // date[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asText = (value: string) => value;
const drizzleTypes = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    TEXT_TYPE_IDS.has(typeId) ? asText : pg.types.getTypeParser(typeId, format as 'text'),
} as pg.CustomTypesConfig;

export type SearchRows = <T>(query: SQL) => Promise<T[]>;

/** Runs searches on `pool` (opened with SEARCH_POOL_OPTIONS) as named statements. */
export function namedSearches(
  pool: pg.Pool,
  { maxPerConnection = MAX_STATEMENTS_PER_CONNECTION }: { maxPerConnection?: number } = {},
): SearchRows {
  const dialect = new PgDialect();
  const prepared = new WeakMap<pg.PoolClient, Set<string>>();
  return async <T>(query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    // 'search_' + 27 characters: within PostgreSQL's 63-byte identifiers.
    const name = `search_${createHash('sha1').update(text).digest('base64url')}`;
    const client = await pool.connect();
    let names = prepared.get(client);
    if (!names) {
      names = new Set();
      prepared.set(client, names);
    }
    names.add(name);
    try {
      const result = await client.query({ name, text, values: params, types: drizzleTypes });
      client.release(names.size >= maxPerConnection);
      return result.rows as T[];
    } catch (err) {
      // As pool.query does: a connection whose statement failed is not handed out again.
      client.release(err as Error);
      throw err;
    }
  };
}

/**
 * Which connections a search runs on: `interactive` (lists: the searches' pool) or `heavy` (report previews and
 * other whole-team work: the heavy lane, so it never holds the connections lists and sign-ins need).
 */
export type SearchLane = 'interactive' | 'heavy';

const searchesOf = new WeakMap<Db, Record<SearchLane, SearchRows>>();

/** Searches on `db` go through `rows` from now on (openDatabase, on PostgreSQL). */
export function useNamedSearches(db: Db, rows: Record<SearchLane, SearchRows>): void {
  searchesOf.set(db, rows);
}

/** The named searches `db` runs on now, if any (the read replicas route them, db/read-replicas.ts). */
export function namedSearchesOf(db: Db): Record<SearchLane, SearchRows> | undefined {
  return searchesOf.get(db);
}

/**
 * The rows of one search statement: named on PostgreSQL (above), in its lane; on PGlite, or a handle opened without
 * a searches' pool, through drizzle as any statement.
 */
export async function searchRows<T>(db: Db, query: SQL, lane: SearchLane = 'interactive'): Promise<T[]> {
  const named = searchesOf.get(db)?.[lane];
  if (named) return named<T>(query);
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
