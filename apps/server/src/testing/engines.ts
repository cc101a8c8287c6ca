import pg from 'pg';
import type { PoolTimeouts } from '../db/pool.js';

export type Engine = 'pglite' | 'postgres';

export function engineUnderTest(setting = process.env.TEST_DB_ENGINE): Engine {
  return setting === 'postgres' ? 'postgres' : 'pglite';
}

/** The URL of another database on the same PostgreSQL server as `baseUrl`. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a pool txn). */
export async function adminQuery(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Database names made by tests start with this, so a crashed run's leftovers are easy to find and drop. */
export const TEST_DB_PREFIX = 'portal_test_';

/**
 * Test files share two cores with other test files: production's one-second limits would turn a busy moment into a
 * flaky failure. Tests of the limits themselves open their own database with their own timeouts.
 */
export const TEST_POOL_TIMEOUTS: PoolTimeouts = {
  connectMs: 10_000,
  queryMs: 30_000,
  statementMs: 25_000,
  idleInTransactionMs: 30_000,
  failFastMs: 1000,
};
